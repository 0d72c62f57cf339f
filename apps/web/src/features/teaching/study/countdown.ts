import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { remainTimeQueryOptions, taskKeys } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
const daySeconds = 86_400;

/** Seconds left as hh:mm:ss, with the days in words beyond a day. */
export function useClockText() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const s = Math.max(0, Math.floor(seconds));
    const days = Math.floor(s / daySeconds);
    const rest = s % daySeconds;
    const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
    return days > 0 ? t('teaching.study.time.days', { days, clock }) : clock;
  };
}

export interface Countdown {
  /**
   * Seconds left now: counting down while `running`; a duration not opened yet has its whole
   * time, still; null when there is no time to show (not started, closed, submitted).
   */
  seconds: number | null;
  /** The clock runs down: the seconds tick. */
  running: boolean;
  /** The server says time is up, or the countdown reached 0. */
  timeUp: boolean;
  deadline: string | null;
  /** The server has answered: until then nothing is known of the time. */
  known: boolean;
}

/**
 * The time left on a task: asked of the server (`getRemainTime`) on opening and every minute,
 * and counted down each second in between. When it reaches 0 the task's pages learn it at once:
 * the time, the task and its steps are asked again (the server locks the answers).
 */
export function useCountdown(teachingTaskId: string | null, studentTaskId: string): Countdown {
  const client = useQueryClient();
  const remain = useQuery({
    ...remainTimeQueryOptions(teachingTaskId ?? '', studentTaskId),
    enabled: teachingTaskId !== null,
  });
  const [now, setNow] = useState(() => Date.now());
  const data = remain.data;
  let seconds: number | null = null;
  const running = Boolean(data?.running);
  if (data && data.remainSeconds !== null) {
    const elapsed = running ? Math.max(0, Math.floor((now - remain.dataUpdatedAt) / 1000)) : 0;
    seconds = data.timeUp ? 0 : Math.max(0, data.remainSeconds - elapsed);
  }
  const timeUp = Boolean(data?.timeUp) || (running && seconds === 0);
  const ticking = running && seconds !== null && seconds > 0;

  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  const wasUp = useRef(timeUp);
  useEffect(() => {
    if (!timeUp || wasUp.current) {
      wasUp.current = timeUp;
      return;
    }
    wasUp.current = true;
    void client.invalidateQueries({ queryKey: taskKeys.remain(studentTaskId) });
    void client.invalidateQueries({ queryKey: taskKeys.steps(studentTaskId) });
    void client.invalidateQueries({ queryKey: taskKeys.details() });
    void client.invalidateQueries({ queryKey: taskKeys.reports() });
  }, [client, timeUp, studentTaskId]);

  return { seconds, running, timeUp, deadline: data?.deadline ?? null, known: data !== undefined };
}
