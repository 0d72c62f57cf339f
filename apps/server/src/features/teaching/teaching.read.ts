import type { z } from 'zod';
import {
  localized,
  markStatuses,
  reportStatuses,
  studentTaskTypeOf,
  submitStatuses,
  type Bilingual,
  type DashboardPeriod,
  type Lang,
  type QuestionAnswer,
  type StepCheck,
  type StudentProgress,
  type TaskDetail,
  type TaskKind,
  type TaskSummary,
  type TimeType,
  type myTaskSchema,
  type ownTaskQuerySchema,
  type stepAnswerResultSchema,
  type taskExtendSchema,
  type taskPageQuerySchema,
  type taskSaveSchema,
  type taskScoredSchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import type { LabAccess } from '../labs/labs.access';
import type { LabRuntime } from '../labs/labs.runtime';
import type { LabTopicLog } from '../labs/labs.topics';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import {
  CoursesService,
  environmentsOf,
  findCourse,
  stepsOf,
  type StepRow,
} from '../courses/courses.service';
import { scoreAnswers } from '../courses/courses.scoring';
import { type StoredContent } from '../courses/courses.content';
import { type CheckOutcome, type StoredAttempt } from './teaching.checks';
import { studentTimeOf, taskStatusOf, usedSecondsOf, type TaskClock } from './teaching.clock';
import { requireKeptStudentTask, requireKeptTask, requireTaskKeeper } from './teaching.policy';
import * as tasksRepo from './teaching.repo';
import type { TaskRow, TaskSummaryRow } from './teaching.repo';
import * as studentTasksRepo from './teaching.student-tasks.repo';
import type { StepWorkRow, StudentTaskRow } from './teaching.student-tasks.repo';
import type { AttemptRow } from './teaching.reports.repo';

export type TaskSaveIn = z.output<typeof taskSaveSchema>;
export type TaskPageQuery = z.output<typeof taskPageQuerySchema>;
export type TaskExtendIn = z.output<typeof taskExtendSchema>;
export type TaskScored = z.output<typeof taskScoredSchema>;
export type OwnTaskQuery = z.output<typeof ownTaskQuerySchema>;
export type MyTask = z.output<typeof myTaskSchema>;
export type StepAnswerResult = z.output<typeof stepAnswerResultSchema>;
export type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

export const DUE_SOON = 5;
export const DAY = 24 * 60 * 60 * 1000;
export const periodDays: Record<DashboardPeriod, number | null> = {
  day: 1,
  week: 7,
  month: 30,
  all: null,
};

export const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
export const nameOf = (row: { name: string | null; username: string | null }) =>
  row.name || row.username || '';
export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export const checksOf = (step: Pick<StepRow, 'content'>): StepCheck[] =>
  (step.content as StoredContent).checks ?? [];

/** What the questions and checks of the steps give at most (decision 0025's automatic score). */
export function autoMaxOf(steps: readonly StepRow[]): number {
  return steps.reduce((sum, step) => {
    const questions = (step.content as StoredContent).questions ?? [];
    const checks = checksOf(step);
    return (
      sum + questions.reduce((s, q) => s + q.score, 0) + checks.reduce((s, c) => s + c.score, 0)
    );
  }, 0);
}

/** Who a notice about student tasks goes to: each student, about their own task. */
export const recipientsOf = (rows: readonly { id: string; studentId: string }[]) =>
  rows.map((r) => ({ userId: r.studentId, dynamicId: r.id }));

/** An attempt as stored, for the check rules' presentation. */
export const storedAttempt = (row: AttemptRow): StoredAttempt => ({
  ...row,
  items: row.items as unknown as CheckOutcome[],
});

/** Chapters with their steps (in a task), in the reader's language. */
export function chapterViews(
  chapters: {
    chapter: { id: string; name: Bilingual };
    steps: Pick<StepRow, 'id' | 'name' | 'type'>[];
  }[],
  lang: Lang,
): TaskDetail['chapters'] {
  return chapters.map(({ chapter, steps }) => ({
    id: chapter.id,
    name: localized(chapter.name, lang),
    steps: steps.map((s) => ({
      id: s.id,
      name: localized(s.name, lang),
      type: s.type as TaskDetail['chapters'][number]['steps'][number]['type'],
    })),
  }));
}

/** The results of stored answers; none when the step no longer matches them. */
export function resultsOf(step: StepRow, answers: QuestionAnswer[], lang: Lang) {
  try {
    return scoreAnswers(step, answers, lang).results;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** What teaching uses of the lab runtime: its labs, its tickets and its MQTT messages. */
export interface TeachingLabs {
  runtime: LabRuntime;
  access: LabAccess;
  topics: LabTopicLog;
}

/** What the teachers' and the students' sides both read of tasks: summaries, steps, progress. */
export class TaskReader {
  readonly courses: CoursesService;

  constructor(readonly ctx: AppContext) {
    this.courses = new CoursesService(ctx);
  }

  summaryOf(row: TaskSummaryRow, lang: Lang, now: Date): TaskSummary {
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as TaskKind,
      taskType: studentTaskTypeOf(row.kind as TaskKind),
      courseId: row.courseId!,
      courseName: localized(row.courseName, lang),
      classId: row.classId,
      className: row.className,
      teacherId: row.teacherId,
      teacherName: nameOf({ name: row.teacherName, username: row.teacherUsername }),
      timeType: row.timeType as TimeType,
      durationMinutes: row.durationMinutes,
      startAt: row.startAt.toISOString(),
      endAt: iso(row.endAt),
      status: taskStatusOf(row, now),
      studentCount: row.studentCount,
      submittedCount: row.submittedCount,
      notSubmittedCount: row.notSubmittedCount,
      scoredCount: row.scoredCount,
      scoresIssuedAt: iso(row.scoresIssuedAt),
      archivedAt: iso(row.archivedAt),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async summary(id: string, lang: Lang): Promise<TaskSummary> {
    const row = await tasksRepo.findTaskSummary(this.ctx.db, id);
    if (!row) throw notFound('teaching.not_found');
    return this.summaryOf(row, lang, this.ctx.now());
  }

  /** The environments a task gives: those chosen, or all of its course's. */
  async envIdsOf(task: { envIds: string[]; courseId: string | null }): Promise<string[]> {
    if (task.envIds.length) return task.envIds;
    return (await environmentsOf(this.ctx.db, task.courseId!)).map((e) => e.id);
  }

  /** The course's chapters in course order with the task's steps in them. */
  async chaptersOf(task: TaskRow, stepIds: readonly string[]) {
    const course = await findCourse(this.ctx.db, task.courseId!);
    const outline = await this.courses.orderedOutline(
      course ?? { id: task.courseId!, updatedAt: task.updatedAt },
    );
    const inTask = new Set(stepIds);
    return outline
      .map(({ chapter, steps }) => ({ chapter, steps: steps.filter((s) => inTask.has(s.id)) }))
      .filter((c) => c.steps.length > 0);
  }

  /** The task's steps with their content, in the task's order. */
  async stepsOfTask(task: TaskRow, stepIds: readonly string[]): Promise<StepRow[]> {
    const byId = new Map((await stepsOf(this.ctx.db, task.courseId!)).map((s) => [s.id, s]));
    return stepIds.flatMap((id) => byId.get(id) ?? []);
  }

  progressOf(
    st: StudentTaskRow & { studentName: string | null; username: string | null },
    task: TaskClock,
    steps: readonly StepRow[],
    work: readonly StepWorkRow[],
    labRunning: boolean,
    now: Date,
  ): StudentProgress {
    const byStep = new Map(work.filter((w) => w.studentTaskId === st.id).map((w) => [w.stepId, w]));
    const time = studentTimeOf(task, st, now);
    return {
      studentTaskId: st.id,
      studentId: st.studentId,
      studentName: nameOf({ name: st.studentName, username: st.username }),
      username: st.username ?? '',
      submitStatus: submitStatuses[st.status]!,
      markStatus: markStatuses[st.markStatus]!,
      reportStatus: reportStatuses[st.reportStatus]!,
      progress: st.progress,
      autoScore: st.autoScore,
      autoMax: st.autoMax,
      score: st.score,
      startedAt: iso(st.startedAt),
      submittedAt: iso(st.submittedAt),
      usedSeconds: usedSecondsOf(st, now),
      remainSeconds: time.remainSeconds,
      deadline: iso(time.deadline),
      extendedMinutes: st.extendedMinutes,
      labRunning,
      steps: steps.map((step) => {
        const w = byStep.get(step.id);
        return {
          stepId: step.id,
          completed: Boolean(w?.completedAt),
          score: w?.score ?? null,
          checkScore: w?.checkScore ?? null,
          checkMax: checksOf(step).reduce((s, c) => s + c.score, 0),
        };
      }),
    };
  }

  async keptTask(actor: Actor, id: string) {
    const keeper = requireTaskKeeper(actor);
    return { keeper, task: requireKeptTask(keeper, await tasksRepo.findTask(this.ctx.db, id)) };
  }

  async keptStudentTask(actor: Actor, id: string) {
    const keeper = requireTaskKeeper(actor);
    return requireKeptStudentTask(keeper, await studentTasksRepo.findStudentTask(this.ctx.db, id));
  }
}
