import { sql, type SQL } from 'drizzle-orm';
import type { TaskStatus } from '@platform/contract';
import { studentTasks, teachingTasks } from '../../db/schema';

/**
 * A task's state and each student's time (decision 0025), once in TypeScript and once in SQL for
 * the lists that filter and count by them; `teaching.clock.test.ts` holds the two to the same
 * answers.
 */

export interface TaskClock {
  timeType: string;
  durationMinutes: number | null;
  startAt: Date;
  endAt: Date | null;
  scoresIssuedAt: Date | null;
  canceledAt: Date | null;
  archivedAt: Date | null;
  deletedAt: Date | null;
  /** The latest end a student was given (range), if any. */
  extendedEnd: Date | null;
}

/** The end of a range with its extensions. */
function rangeEnd(task: TaskClock): Date | null {
  if (task.timeType !== 'range' || !task.endAt) return null;
  return task.extendedEnd && task.extendedEnd > task.endAt ? task.extendedEnd : task.endAt;
}

/**
 * Canceled, archived and deleted are the teacher's actions; otherwise not started before the
 * start, ended after the end of a range (with its extensions) or once scores are issued, and
 * ongoing in between.
 */
export function taskStatusOf(task: TaskClock, now: Date): TaskStatus {
  if (task.deletedAt) return 'deleted';
  if (task.canceledAt) return 'canceled';
  if (task.archivedAt) return 'archived';
  if (task.scoresIssuedAt) return 'ended';
  if (now < task.startAt) return 'not_started';
  const end = rangeEnd(task);
  if (end && now > end) return 'ended';
  return 'ongoing';
}

/** The task of the outer query inside a subquery, named in full (see courses.repo.ts). */
const outerTaskId = sql.raw('"teaching_tasks"."id"');

/**
 * The latest end given to a student of the task (SQL over `teaching_tasks`): read from the
 * partial index of extended student tasks, not from every student of the task.
 */
export const extendedEndSql = sql<Date | null>`(select max(${studentTasks.extendedUntil}) from ${studentTasks} where ${studentTasks.taskId} = ${outerTaskId} and ${studentTasks.extendedUntil} is not null)`;

/** `taskStatusOf` in SQL, over `teaching_tasks`. */
export function taskStatusSql(now: Date): SQL<TaskStatus> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<TaskStatus>`(case
    when ${teachingTasks.deletedAt} is not null then 'deleted'
    when ${teachingTasks.canceledAt} is not null then 'canceled'
    when ${teachingTasks.archivedAt} is not null then 'archived'
    when ${teachingTasks.scoresIssuedAt} is not null then 'ended'
    when ${at} < ${teachingTasks.startAt} then 'not_started'
    when ${teachingTasks.timeType} = 'range' and ${at} > greatest(${teachingTasks.endAt}, ${extendedEndSql}) then 'ended'
    else 'ongoing' end)`;
}

export interface StudentClock {
  startedAt: Date | null;
  submittedAt: Date | null;
  extendedMinutes: number;
  extendedUntil: Date | null;
}

const MINUTE = 60_000;

/**
 * A student's deadline: the range's end (or the student's later one), or under a duration the
 * first opening plus the duration and the extra minutes; none before a duration starts.
 */
export function deadlineOf(task: TaskClock, st: StudentClock): Date | null {
  if (task.timeType === 'range') return st.extendedUntil ?? task.endAt;
  if (!st.startedAt) return null;
  return new Date(
    st.startedAt.getTime() + ((task.durationMinutes ?? 0) + st.extendedMinutes) * MINUTE,
  );
}

/** `deadlineOf` in SQL, over `student_tasks` joined with `teaching_tasks`. */
export const deadlineSql = sql<Date | null>`(case
  when ${teachingTasks.timeType} = 'range' then coalesce(${studentTasks.extendedUntil}, ${teachingTasks.endAt})
  when ${studentTasks.startedAt} is not null then ${studentTasks.startedAt} + (coalesce(${teachingTasks.durationMinutes}, 0) + ${studentTasks.extendedMinutes}) * interval '1 minute'
  end)`;

export interface StudentTime {
  /**
   * Null before a range starts and once the task is closed or submitted; a duration not opened
   * yet has its whole time left, which does not run.
   */
  remainSeconds: number | null;
  deadline: Date | null;
  timeUp: boolean;
  /** Whether the time left is running down now. */
  running: boolean;
}

/** Whether the task no longer runs for anyone: the teacher closed it or issued its scores. */
export function isClosed(task: TaskClock): boolean {
  return Boolean(task.canceledAt || task.archivedAt || task.deletedAt || task.scoresIssuedAt);
}

/** A student's time left: the full duration before a duration starts. */
export function studentTimeOf(task: TaskClock, st: StudentClock, now: Date): StudentTime {
  const deadline = deadlineOf(task, st);
  const timeUp = deadline !== null && now >= deadline;
  const still = (remainSeconds: number | null) => ({
    remainSeconds,
    deadline,
    timeUp,
    running: false,
  });
  if (isClosed(task) || st.submittedAt) return still(null);
  if (task.timeType === 'range' && (now < task.startAt || !deadline)) return still(null);
  if (!deadline) return still(((task.durationMinutes ?? 0) + st.extendedMinutes) * 60);
  const remainSeconds = secondsBetween(now, deadline);
  return { remainSeconds, deadline, timeUp, running: remainSeconds > 0 };
}

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/** Seconds from the first opening to the submission, or to now. */
export function usedSecondsOf(st: StudentClock, now: Date): number {
  return st.startedAt ? secondsBetween(st.startedAt, st.submittedAt ?? now) : 0;
}
