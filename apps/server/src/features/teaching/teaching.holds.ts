import type { Withheld } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import type { StudyHolds } from '../courses/courses.study';
import { studentTimeOf, type StudentClock, type TaskClock } from './teaching.clock';
import * as studyRepo from './teaching.study.repo';
import { submitCode } from './teaching.repo';

/**
 * What a teaching task holds back from its students until its scores are issued (decision 0040):
 * an exam's content outside its window, and the keys (or, in an exam, every result) of its
 * questions; and what it holds back from their self-study of the same course.
 */

/** Whether an exam's content is shown to the student now, or why not; other tasks' always are. */
export type ExamContent = 'open' | 'not_started' | 'not_released';

interface StudentTaskClock extends StudentClock {
  status: number;
  task: TaskClock & { kind: string };
}

/**
 * An exam's steps, their files and questions, and its resources reach its student from its start
 * (a duration exam's: the student's opening it) while the student's time in it runs and nothing
 * is submitted, and again once its scores are issued, which release it.
 */
export function examContentOf(st: StudentTaskClock, now: Date): ExamContent {
  const { task } = st;
  if (task.kind !== 'exam' || task.scoresIssuedAt) return 'open';
  if (task.canceledAt || task.archivedAt || task.deletedAt) return 'not_released';
  if (now < task.startAt || (task.timeType === 'duration' && !st.startedAt)) return 'not_started';
  if (st.status !== submitCode.notSubmitted || studentTimeOf(task, st, now).timeUp)
    return 'not_released';
  return 'open';
}

/**
 * What a task's students see of their answered questions until its scores are issued: a
 * training task's results without their keys, nothing of an exam's results.
 */
export function withheldOf(task: { kind: string; scoresIssuedAt: Date | null }): Withheld {
  if (task.scoresIssuedAt) return null;
  return task.kind === 'exam' ? 'results' : 'keys';
}

/** Teaching's answer to what courses hold back from a student's self-study. */
export function studyHolds(ctx: Pick<AppContext, 'db' | 'now'>): StudyHolds {
  return {
    async steps(studentId, stepIds) {
      const held = new Map<string, 'exam' | 'task'>();
      for (const row of await studyRepo.unreleasedStepsOf(ctx.db, studentId, stepIds))
        if (row.kind === 'exam' || !held.has(row.stepId))
          held.set(row.stepId, row.kind === 'exam' ? 'exam' : 'task');
      return held;
    },
    async examResources(studentId, resourceIds) {
      const given = new Set((await studyRepo.unreleasedExamResourcesOf(ctx.db, studentId)).flat());
      return new Set(resourceIds.filter((id) => given.has(id)));
    },
    async givenByOpenTask(studentId, resourceId) {
      const now = ctx.now();
      const tasks = await studyRepo.studentTasksGiving(ctx.db, studentId, resourceId);
      return tasks.some((st) => examContentOf(st, now) === 'open');
    },
  };
}
