import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { StudyStep } from '@platform/contract';
import type { StepCalls } from './api';

type StudyFile = NonNullable<StudyStep['file']>;

/** While the video plays, where the student is gets saved this often. */
export const videoSaveMs = 10_000;

/** Seconds as m:ss or h:mm:ss. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/**
 * A video step: resumes where the student left off, and remembers the position every 10 s while
 * playing, on pause, at the end (which also marks the step done) and when the student leaves the
 * step or the page.
 */
export function VideoStep({
  step,
  file,
  calls,
}: {
  step: StudyStep;
  file: StudyFile;
  calls: StepCalls;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  // The signed address the video started with: a refetch (another language) must not reload it.
  const [src] = useState(file.url);
  const [resumeAt] = useState(step.progress.videoSeconds ?? 0);
  const [resumed, setResumed] = useState<number | null>(null);
  const stepId = step.id;
  const { saveProgress } = calls;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let saved = Math.floor(resumeAt);
    let timer: ReturnType<typeof setInterval> | undefined;
    const save = (extra: { completed?: boolean; leaving?: boolean } = {}) => {
      const seconds = Math.floor(element.currentTime);
      if (!extra.completed && seconds === saved) return;
      saved = seconds;
      void saveProgress(client, { stepId, videoSeconds: seconds, ...extra });
    };
    const stopTimer = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const resume = () => {
      const { duration } = element;
      // A video watched to its end starts again from the beginning.
      if (resumeAt > 0 && !(resumeAt >= duration - 1)) {
        element.currentTime = resumeAt;
        // Said only when the browser could seek there.
        if (Math.abs(element.currentTime - resumeAt) < 1) setResumed(resumeAt);
      }
    };
    const onPlay = () => {
      stopTimer();
      timer = setInterval(() => save(), videoSaveMs);
    };
    const onPause = () => {
      stopTimer();
      save();
    };
    const onEnded = () => {
      stopTimer();
      save({ completed: true });
    };
    const onLeave = () => save({ leaving: true });
    element.addEventListener('loadedmetadata', resume);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', onLeave);
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    return () => {
      stopTimer();
      element.removeEventListener('loadedmetadata', resume);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', onLeave);
      onLeave();
    };
  }, [client, stepId, resumeAt, saveProgress]);

  return (
    <div className="cs-video">
      <video ref={video} className="cs-video__player" src={src} controls preload="metadata">
        {t('courses.study.video.unsupported')}
      </video>
      <div className="cs-video__bar">
        {resumed !== null && (
          <Typography.Text type="secondary" role="status">
            {t('courses.study.video.resumed', { time: clock(resumed) })}
          </Typography.Text>
        )}
        <Button icon={<DownloadOutlined />} href={file.downloadUrl} download={file.name}>
          {t('courses.study.actions.download')}
        </Button>
      </div>
    </div>
  );
}
