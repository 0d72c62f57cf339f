import type { z } from 'zod';
import {
  coursesApi,
  dashboardTopN,
  localized,
  markStatuses,
  participationBandOf,
  participationBands,
  pathOf,
  reportStatuses,
  studentTaskTypeOf,
  submitStatuses,
  taskStatuses,
  teachingLimits,
  type Bilingual,
  type CheckRunResult,
  type DashboardPeriod,
  type Lang,
  type MessageKey,
  type OwnTask,
  type OwnTaskDetail,
  type QuestionAnswer,
  type RemainTime,
  type StepCheck,
  type StudentProgress,
  type StudentTaskReview,
  type TaskDetail,
  type TaskKind,
  type TaskStatus,
  type TaskStudyStep,
  type TaskSubmitted,
  type TaskSummary,
  type TeachingDashboard,
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
import { AppError, conflict, invalid, notFound, notFoundOn } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import {
  CoursesService,
  completedBy,
  environmentsOf,
  findCourse,
  findStep,
  presentResource,
  resourcesOf,
  scoreAnswers,
  signedDoc,
  stepsOf,
  type FileSigner,
  type StepRow,
  type StoredContent,
  withheldAnswer,
} from '../courses/courses.service';
import { examContentOf, withheldOf } from './teaching.holds';
import { TaskReports } from './teaching.reports';
import { requireReadable } from '../courses/courses.policy';
import {
  activeLabsOf,
  homeFileOf,
  homeFolderOf,
  labUsageOf,
  readOnlyTicket,
  stopLabsOf,
} from '../labs/labs.service';
import type { LabRuntime } from '../labs/labs.runtime';
import type { LabAccess } from '../labs/labs.access';
import type { LabTopicLog } from '../labs/labs.topics';
import {
  attemptFor,
  checksNeedSandbox,
  runChecks,
  type CheckOutcome,
  type StoredAttempt,
} from './teaching.checks';
import { notify, unreadNotices } from '../notices/notices.service';
import {
  deadlineOf,
  isClosed,
  studentTimeOf,
  taskStatusOf,
  usedSecondsOf,
  type TaskClock,
} from './teaching.clock';
import {
  requireKeptStudentTask,
  requireKeptTask,
  requireOwnStudentTask,
  requireTaskKeeper,
  requireTaskStudent,
} from './teaching.policy';
import type { Db } from '../../db/client';
import * as repo from './teaching.repo';
import { markCode, reportCode, submitCode } from './teaching.repo';

type TaskSaveIn = z.output<typeof taskSaveSchema>;
type TaskPageQuery = z.output<typeof taskPageQuerySchema>;
type TaskExtendIn = z.output<typeof taskExtendSchema>;
type TaskScored = z.output<typeof taskScoredSchema>;
type OwnTaskQuery = z.output<typeof ownTaskQuerySchema>;
type MyTask = z.output<typeof myTaskSchema>;
type StepAnswerResult = z.output<typeof stepAnswerResultSchema>;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

const DUE_SOON = 5;
const DAY = 24 * 60 * 60 * 1000;
const periodDays: Record<DashboardPeriod, number | null> = {
  day: 1,
  week: 7,
  month: 30,
  all: null,
};

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const nameOf = (row: { name: string | null; username: string | null }) =>
  row.name || row.username || '';
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const checksOf = (step: Pick<StepRow, 'content'>): StepCheck[] =>
  (step.content as StoredContent).checks ?? [];

/** What the questions and checks of the steps give at most (decision 0025's automatic score). */
function autoMaxOf(steps: readonly StepRow[]): number {
  return steps.reduce((sum, step) => {
    const questions = (step.content as StoredContent).questions ?? [];
    const checks = checksOf(step);
    return (
      sum + questions.reduce((s, q) => s + q.score, 0) + checks.reduce((s, c) => s + c.score, 0)
    );
  }, 0);
}

/** Who a notice about student tasks goes to: each student, about their own task. */
const recipientsOf = (rows: readonly { id: string; studentId: string }[]) =>
  rows.map((r) => ({ userId: r.studentId, dynamicId: r.id }));

/** An attempt as stored, for the check rules' presentation. */
const storedAttempt = (row: repo.AttemptRow): StoredAttempt => ({
  ...row,
  items: row.items as unknown as CheckOutcome[],
});

/** Chapters with their steps (in a task), in the reader's language. */
function chapterViews(
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
function resultsOf(step: StepRow, answers: QuestionAnswer[], lang: Lang) {
  try {
    return scoreAnswers(step, answers, lang).results;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Teaching tasks (decision 0025): keepers issue a course's steps to students, follow them, score,
 * issue scores and archive; students work on their tasks and write reports.
 */
/** What teaching uses of the lab runtime: its labs, its tickets and its MQTT messages. */
export interface TeachingLabs {
  runtime: LabRuntime;
  access: LabAccess;
  topics: LabTopicLog;
}

export class TeachingService {
  private readonly courses: CoursesService;
  /** The students' reports of their tasks. */
  readonly reports: TaskReports;

  private readonly labs: LabRuntime;
  /** Student tasks whose checks run now: one run at a time each. */
  private readonly checking = new Set<string>();
  /** The last write of each lab's typed lines, which the next one waits for. */
  private readonly commandWrites = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly lab: TeachingLabs,
  ) {
    this.labs = lab.runtime;
    this.courses = new CoursesService(ctx);
    this.reports = new TaskReports(ctx, this, this.courses);
  }

  /* Reading tasks ---------------------------------------------------------------------------- */

  private summaryOf(row: repo.TaskSummaryRow, lang: Lang, now: Date): TaskSummary {
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

  private async summary(id: string, lang: Lang): Promise<TaskSummary> {
    const row = await repo.findTaskSummary(this.ctx.db, id);
    if (!row) throw notFound('teaching.not_found');
    return this.summaryOf(row, lang, this.ctx.now());
  }

  /** The environments a task gives: those chosen, or all of its course's. */
  private async envIdsOf(task: { envIds: string[]; courseId: string | null }): Promise<string[]> {
    if (task.envIds.length) return task.envIds;
    return (await environmentsOf(this.ctx.db, task.courseId!)).map((e) => e.id);
  }

  /** The course's chapters in course order with the task's steps in them. */
  private async chaptersOf(task: repo.TaskRow, stepIds: readonly string[]) {
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
  async stepsOfTask(task: repo.TaskRow, stepIds: readonly string[]): Promise<StepRow[]> {
    const byId = new Map((await stepsOf(this.ctx.db, task.courseId!)).map((s) => [s.id, s]));
    return stepIds.flatMap((id) => byId.get(id) ?? []);
  }

  private progressOf(
    st: repo.StudentTaskRow & { studentName: string | null; username: string | null },
    task: TaskClock,
    steps: readonly StepRow[],
    work: readonly repo.StepWorkRow[],
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

  /* Keepers ---------------------------------------------------------------------------------- */

  async page(actor: Actor, q: TaskPageQuery, lang: Lang): Promise<Page<TaskSummary>> {
    const keeper = requireTaskKeeper(actor);
    const now = this.ctx.now();
    const own = !keeper.manager || q.mine === '1';
    const { records, total } = await repo.pageTasks(
      this.ctx.db,
      {
        schoolId: keeper.schoolId,
        teacherId: own ? keeper.userId : undefined,
        name: q.name,
        status: q.status,
        kind: q.kind,
        courseId: q.courseId,
        classId: q.classId,
      },
      now,
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) => this.summaryOf(r, lang, now)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async detail(actor: Actor, id: string, lang: Lang): Promise<TaskDetail> {
    const keeper = requireTaskKeeper(actor);
    const { db } = this.ctx;
    const row = requireKeptTask(keeper, await repo.findTaskSummary(db, id));
    const now = this.ctx.now();
    const stepIds = await repo.taskStepIds(db, id);
    const [chapters, steps, students, work, envIds, courseEnvs, resources] = await Promise.all([
      this.chaptersOf(row, stepIds),
      this.stepsOfTask(row, stepIds),
      repo.studentTasksOf(db, id),
      repo.stepWorkOfTask(db, id),
      this.envIdsOf(row),
      environmentsOf(db, row.courseId!),
      resourcesOf(db, row.courseId!),
    ]);
    return {
      ...this.summaryOf(row, lang, now),
      requirements: row.requirements,
      stepIds,
      studentIds: students.map((s) => s.studentId),
      envIds: row.envIds,
      resourceIds: row.resourceIds,
      chapters: chapterViews(chapters, lang),
      environments: courseEnvs.filter((e) => envIds.includes(e.id)),
      resources: resources.filter((r) => row.resourceIds.includes(r.id)).map(presentResource),
      students: students.map((st) =>
        this.progressOf(
          st,
          row,
          steps,
          work,
          activeLabsOf(this.labs, st.studentId, envIds).length > 0,
          now,
        ),
      ),
    };
  }

  /**
   * Issues a task (no id): its students get their student tasks and a notice. With an id it
   * updates under decision 0025's rules. Answers the summary and whether it was issued now.
   */
  async save(
    actor: Actor,
    body: TaskSaveIn,
    lang: Lang,
  ): Promise<{ summary: TaskSummary; issued: boolean }> {
    const keeper = requireTaskKeeper(actor);
    const { db, ids } = this.ctx;
    const now = this.ctx.now();
    const existing = body.id
      ? requireKeptTask(keeper, await repo.findTask(db, body.id))
      : undefined;
    if (existing?.archivedAt) throw conflict('teaching.archived_readonly');
    if (existing?.canceledAt) throw conflict('teaching.task_closed');

    const course = requireReadable(await findCourse(db, body.courseId), keeper.schoolId);
    const outline = await this.courses.orderedOutline(course);
    const order = outline.flatMap((c) => c.steps.map((s) => s.id));
    const chosen = new Set(body.stepIds);
    if ([...chosen].some((id) => !order.includes(id)))
      throw invalid('teaching.step_not_in_course', { stepIds: 'invalid_value' });
    const stepIds = order.filter((id) => chosen.has(id));
    const [courseEnvs, courseResources, courseSteps] = await Promise.all([
      environmentsOf(db, course.id),
      resourcesOf(db, course.id),
      stepsOf(db, course.id),
    ]);
    const envIds = [...new Set(body.envIds)];
    if (envIds.some((id) => !courseEnvs.some((e) => e.id === id)))
      throw invalid('teaching.env_not_in_course', { envIds: 'invalid_value' });
    const resourceIds = [...new Set(body.resourceIds)];
    if (resourceIds.some((id) => !courseResources.some((r) => r.id === id)))
      throw invalid('teaching.resource_not_in_course', { resourceIds: 'invalid_value' });
    const studentIds = await this.studentsOfSave(keeper.schoolId, body);
    const steps = courseSteps.filter((s) => chosen.has(s.id));
    const autoMax = autoMaxOf(steps);
    if (autoMax > teachingLimits.taskScoreMax)
      throw new AppError('teaching.task_score_too_high', {
        status: 400,
        fields: { stepIds: 'above_limit' },
        params: { max: teachingLimits.taskScoreMax },
      });

    const range = body.timeType === 'range';
    const fields = {
      name: body.name,
      kind: body.kind,
      courseId: course.id,
      classId: body.classId ?? null,
      timeType: body.timeType,
      durationMinutes: range ? null : body.durationMinutes!,
      startAt: range ? new Date(body.startAt!) : (existing?.createdAt ?? now),
      endAt: range ? new Date(body.endAt!) : null,
      requirements: body.requirements ?? '',
      envIds,
      resourceIds,
      hasReport: steps.some((s) => s.type === 'report'),
      updatedAt: now,
    };
    const studentRow = (taskId: string) => (studentId: string) => ({
      id: ids.next(),
      schoolId: keeper.schoolId,
      taskId,
      studentId,
      autoMax,
      createdAt: now,
      updatedAt: now,
    });
    const notice = { name: body.name };
    /** Gives the students their tasks and tells them, in the task's transaction. */
    const issueTo = async (tx: typeof db, rows: ReturnType<ReturnType<typeof studentRow>>[]) => {
      await repo.insertStudentTasks(tx, rows);
      await notify(
        { ...this.ctx, db: tx },
        recipientsOf(rows),
        'task_issued',
        notice,
        keeper.schoolId,
      );
    };

    if (!existing) {
      const id = ids.next();
      await db.transaction(async (tx) => {
        await repo.insertTask(tx, {
          id,
          schoolId: keeper.schoolId,
          teacherId: keeper.userId,
          createdAt: now,
          ...fields,
        });
        await repo.replaceTaskSteps(tx, id, stepIds);
        await issueTo(tx, studentIds.map(studentRow(id)));
      });
      return { summary: await this.summary(id, lang), issued: true };
    }

    const id = existing.id;
    const stepsBefore = await repo.taskStepIds(db, id);
    const stepsChanged = existing.courseId !== course.id || !sameList(stepsBefore, stepIds);
    if (stepsChanged && taskStatusOf(existing, now) !== 'not_started')
      throw conflict('teaching.steps_locked', { stepIds: 'invalid_value' });
    const before = (await repo.studentTasksOf(db, id)).map((s) => s.studentId);
    const removed = before.filter((s) => !studentIds.includes(s));
    const added = studentIds.filter((s) => !before.includes(s));
    if ((await repo.studentsWithWork(db, id, removed)).length)
      throw conflict('teaching.student_has_work', { studentIds: 'invalid_value' });
    await db.transaction(async (tx) => {
      await repo.updateTask(tx, id, fields);
      if (stepsChanged) {
        await repo.replaceTaskSteps(tx, id, stepIds);
        await repo.setAutoMax(tx, id, autoMax);
      }
      await repo.deleteStudentTasksOfTask(tx, id, removed);
      await issueTo(tx, added.map(studentRow(id)));
    });
    return { summary: await this.summary(id, lang), issued: false };
  }

  /** The students a save names: the class's and those chosen, each a live student of the school. */
  private async studentsOfSave(schoolId: string, body: TaskSaveIn): Promise<string[]> {
    const { db } = this.ctx;
    let ofClass: string[] = [];
    if (body.classId) {
      if (!(await repo.findLiveClass(db, schoolId, body.classId)))
        throw notFoundOn('teaching.class_not_found', 'classId');
      ofClass = await repo.studentIdsOfClass(db, schoolId, body.classId);
    }
    const named = [...new Set(body.studentIds ?? [])];
    if ((await repo.studentsOfSchool(db, schoolId, named)).length !== named.length)
      throw notFoundOn('teaching.student_not_found', 'studentIds');
    const all = [...new Set([...ofClass, ...named])];
    if (!all.length) throw invalid('teaching.students_required', { classId: 'required' });
    if (all.length > teachingLimits.studentsMax)
      throw new AppError('teaching.too_many_students', {
        status: 400,
        fields: { studentIds: 'too_long' },
        params: { max: teachingLimits.studentsMax },
      });
    return all;
  }

  private async keptTask(actor: Actor, id: string) {
    const keeper = requireTaskKeeper(actor);
    return { keeper, task: requireKeptTask(keeper, await repo.findTask(this.ctx.db, id)) };
  }

  /** Cancels a task that has not ended. */
  async cancel(actor: Actor, id: string, lang: Lang): Promise<TaskSummary> {
    const { task } = await this.keptTask(actor, id);
    const now = this.ctx.now();
    const status = taskStatusOf(task, now);
    if (status !== 'not_started' && status !== 'ongoing')
      throw conflict('teaching.cancel_not_allowed');
    await repo.updateTask(this.ctx.db, id, { canceledAt: now, updatedAt: now });
    return this.summary(id, lang);
  }

  /** Deletes (marks deleted) a task that has not started, was canceled or is archived. */
  async remove(actor: Actor, id: string): Promise<void> {
    const { task } = await this.keptTask(actor, id);
    const now = this.ctx.now();
    const deletable: TaskStatus[] = ['not_started', 'canceled', 'archived'];
    if (!deletable.includes(taskStatusOf(task, now))) throw conflict('teaching.delete_not_allowed');
    await repo.updateTask(this.ctx.db, id, { deletedAt: now, updatedAt: now });
  }

  /** More time for some of the task's students: a later end (range) or minutes (duration). */
  async extend(actor: Actor, body: TaskExtendIn): Promise<{ extended: number }> {
    const { keeper, task } = await this.keptTask(actor, body.taskId);
    if (isClosed(task)) throw conflict('teaching.task_closed');
    const chosen = new Set(body.studentTaskIds);
    const students = (await repo.studentTasksOf(this.ctx.db, task.id)).filter((s) =>
      chosen.has(s.id),
    );
    if (students.length !== chosen.size)
      throw notFoundOn('teaching.student_task_not_found', 'studentTaskIds');
    let by: { until: Date } | { minutes: number };
    if (task.timeType === 'range') {
      if (!body.until) throw invalid('teaching.extend_date_required', { until: 'required' });
      const until = new Date(body.until);
      if (students.some((s) => until <= (deadlineOf(task, s) ?? until)))
        throw invalid('teaching.extend_before_end', { until: 'invalid_value' });
      by = { until };
    } else {
      if (body.minutes === undefined)
        throw invalid('teaching.extend_minutes_required', { minutes: 'required' });
      by = { minutes: body.minutes };
    }
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      await repo.extendStudentTasks(
        tx,
        students.map((s) => s.id),
        by,
        now,
      );
      await notify(
        { ...this.ctx, db: tx },
        recipientsOf(students),
        'time_extended',
        { name: task.name },
        keeper.schoolId,
      );
    });
    return { extended: students.length };
  }

  private async keptStudentTask(actor: Actor, id: string) {
    const keeper = requireTaskKeeper(actor);
    return requireKeptStudentTask(keeper, await repo.findStudentTask(this.ctx.db, id));
  }

  /** One student's task as the scoring view shows it. */
  async review(actor: Actor, id: string, lang: Lang): Promise<StudentTaskReview> {
    const st = await this.keptStudentTask(actor, id);
    const { task } = st;
    const { db } = this.ctx;
    const now = this.ctx.now();
    const stepIds = await repo.taskStepIds(db, task.id);
    const [steps, work, attempts, report, commands, envIds, signer] = await Promise.all([
      this.stepsOfTask(task, stepIds),
      repo.stepWorkOf(db, [st.id]),
      repo.attemptsOf(db, st.id),
      repo.findReport(db, st.id),
      repo.commandsOf(db, st.id),
      this.envIdsOf(task),
      this.reports.signer(),
    ]);
    const usage = await labUsageOf(this.ctx, st.studentId, envIds, task.startAt);
    const running = activeLabsOf(this.labs, st.studentId, envIds).find(
      (e) => e.state === 'Running',
    );
    const byStep = new Map(work.map((w) => [w.stepId, w]));
    return {
      progress: this.progressOf(st, task, steps, work, Boolean(running), now),
      taskId: task.id,
      taskName: task.name,
      kind: task.kind as TaskKind,
      scoresIssued: task.scoresIssuedAt !== null,
      comment: st.comment,
      steps: steps.map((step) => {
        const w = byStep.get(step.id);
        const questions = (step.content as StoredContent).questions ?? [];
        const answers = (w?.answers as QuestionAnswer[] | null) ?? null;
        const results = answers ? resultsOf(step, answers, lang) : null;
        return {
          id: step.id,
          name: localized(step.name, lang),
          type: step.type as StudentTaskReview['steps'][number]['type'],
          completed: Boolean(w?.completedAt),
          questions: questions.map((q, i) => ({
            stem: localized(q.stem, lang),
            kind: q.kind,
            options:
              q.kind === 'single' || q.kind === 'multiple'
                ? q.options.map((o) => localized(o.text, lang))
                : [],
            score: q.score,
            answer: answers?.[i] ?? null,
            result: results?.[i] ?? null,
          })),
          checkAttempts: attempts
            .filter((a) => a.stepId === step.id)
            .map((a) => attemptFor(storedAttempt(a), lang, 'teacher')),
        };
      }),
      report: {
        status: reportStatuses[st.reportStatus]!,
        content: report ? signedDoc(report.content, signer) : null,
        length: report?.length ?? 0,
        savedAt: iso(report?.savedAt),
        submittedAt: iso(report?.submittedAt),
      },
      commands: commands.map((c) => ({ at: c.at.toISOString(), line: c.line })),
      labUsage: usage,
      lab: running
        ? { containerId: running.id, envId: running.envId, envName: running.envName }
        : null,
    };
  }

  /** Scores a student's task (0–100) with a comment; `truncated` says the comment was cut. */
  async score(
    actor: Actor,
    body: { studentTaskId: string; score: unknown; comment: string },
    truncated: boolean,
  ): Promise<TaskScored> {
    const st = await this.keptStudentTask(actor, body.studentTaskId);
    if (st.task.scoresIssuedAt) throw conflict('teaching.scores_already_issued');
    if (st.task.canceledAt || st.task.archivedAt) throw conflict('teaching.task_closed');
    const now = this.ctx.now();
    const score = body.score as number;
    await repo.updateStudentTask(this.ctx.db, st.id, {
      score,
      comment: body.comment,
      scoredAt: now,
      // A score completes a submitted task; one the student never submitted stays unsubmitted.
      ...(st.submittedAt ? { status: submitCode.completed } : {}),
      markStatus: markCode.marked,
      updatedAt: now,
    });
    return { studentTaskId: st.id, score, comment: body.comment, commentTruncated: truncated };
  }

  /** Returns a submitted report for rework: the student task is open again. */
  async returnReport(actor: Actor, body: { studentTaskId: string; comment: string }) {
    const st = await this.keptStudentTask(actor, body.studentTaskId);
    if (st.task.scoresIssuedAt) throw conflict('teaching.scores_already_issued');
    if (st.reportStatus !== reportCode.submitted) throw conflict('teaching.return_not_submitted');
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      await repo.updateStudentTask(tx, st.id, {
        reportStatus: reportCode.returned,
        status: submitCode.notSubmitted,
        submittedAt: null,
        markStatus: markCode.unmarked,
        score: null,
        scoredAt: null,
        ...(body.comment ? { comment: body.comment } : {}),
        updatedAt: now,
      });
      await notify(
        { ...this.ctx, db: tx },
        recipientsOf([st]),
        'report_returned',
        { name: st.task.name },
        st.schoolId,
      );
    });
    await this.markReportSteps(st, null, now);
  }

  /** Issues the scores once every student has one; only once. */
  async issue(actor: Actor, id: string, lang: Lang): Promise<TaskSummary> {
    const { keeper, task } = await this.keptTask(actor, id);
    if (task.scoresIssuedAt) throw conflict('teaching.scores_already_issued');
    if (task.canceledAt || task.archivedAt) throw conflict('teaching.task_closed');
    const { db } = this.ctx;
    const unscored = await repo.countUnscored(db, id);
    if (unscored > 0)
      throw new AppError('teaching.unscored', { status: 409, params: { count: unscored } });
    const now = this.ctx.now();
    const done = await db.transaction(async (tx) => {
      const students = await repo.issueScores(tx, id, now);
      await notify(
        { ...this.ctx, db: tx },
        recipientsOf(students),
        'scores_issued',
        { name: task.name },
        keeper.schoolId,
      );
      return students.length > 0;
    });
    if (!done) throw conflict('teaching.scores_already_issued');
    return this.summary(id, lang);
  }

  async archive(actor: Actor, id: string, lang: Lang): Promise<TaskSummary> {
    const { task } = await this.keptTask(actor, id);
    if (!task.scoresIssuedAt) throw conflict('teaching.issue_before_archive');
    if (!task.archivedAt) {
      const now = this.ctx.now();
      await repo.updateTask(this.ctx.db, id, { archivedAt: now, updatedAt: now });
    }
    return this.summary(id, lang);
  }

  /** The keeper's classes, courses and tasks over a period (management spec §9). */
  async dashboard(actor: Actor, period: DashboardPeriod): Promise<TeachingDashboard> {
    const keeper = requireTaskKeeper(actor);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const days = periodDays[period];
    const since = days === null ? null : new Date(now.getTime() - days * DAY);
    const scope = {
      schoolId: keeper.schoolId,
      teacherId: keeper.manager ? undefined : keeper.userId,
      since,
    };
    const [totals, statuses, histogram, students, classes, submissions] = await Promise.all([
      repo.dashboardTotals(db, scope),
      repo.dashboardStatuses(db, scope, now),
      repo.participationHistogram(db, scope),
      repo.topStudents(db, scope, dashboardTopN),
      repo.topClasses(db, scope, dashboardTopN),
      repo.submissionsPer(db, scope, period === 'all' ? 'month' : 'day', since),
    ]);
    const bands = new Map(participationBands.map((b) => [b, 0]));
    for (const { percent, count } of histogram) {
      const band = participationBandOf(percent);
      bands.set(band, bands.get(band)! + count);
    }
    const byStatus = new Map(statuses.map((s) => [s.status, s.count]));
    return {
      period,
      ...totals,
      tasksByStatus: taskStatuses.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
      participation: participationBands.map((band) => ({ band, count: bands.get(band)! })),
      topStudents: students.map((s) => ({ id: s.id, name: nameOf(s), value: s.average })),
      topClasses: classes.map((c) => ({ id: c.id, name: c.name, value: c.average })),
      submissions: submissions.map((s) => ({ at: s.at, count: s.count })),
    };
  }

  /* Students --------------------------------------------------------------------------------- */

  private presentOwn(row: repo.OwnTaskRow, lang: Lang, signer: FileSigner, now: Date): OwnTask {
    const { task } = row;
    const time = studentTimeOf(task, row, now);
    return {
      id: row.id,
      teachingTaskId: task.id,
      name: task.name,
      taskType: studentTaskTypeOf(task.kind as TaskKind),
      courseId: task.courseId!,
      courseName: localized(row.courseName, lang),
      coverUrl: signer.urlOfKey(task.courseId!, row.coverKey),
      teacherName: nameOf({ name: row.teacherName, username: row.teacherUsername }),
      taskStatus: taskStatusOf(task, now),
      status: submitStatuses[row.status]!,
      markStatus: markStatuses[row.markStatus]!,
      reportStatus: reportStatuses[row.reportStatus]!,
      isReport: task.hasReport,
      progress: row.progress,
      score: task.scoresIssuedAt ? row.score : null,
      startAt: task.startAt.toISOString(),
      endAt: iso(task.endAt),
      timeType: task.timeType as TimeType,
      durationMinutes: task.durationMinutes,
      usedSeconds: usedSecondsOf(row, now),
      remainSeconds: time.remainSeconds,
    };
  }

  async ownList(actor: Actor, q: OwnTaskQuery, lang: Lang): Promise<Page<OwnTask>> {
    requireTaskStudent(actor);
    const now = this.ctx.now();
    const kinds: TaskKind[] | undefined =
      q.taskType === undefined ? undefined : q.taskType === 1 ? ['exam'] : ['practice', 'exercise'];
    const [{ records, total }, signer] = await Promise.all([
      repo.pageOwnTasks(
        this.ctx.db,
        actor.userId,
        {
          status: q.status ? submitStatuses.indexOf(q.status) : undefined,
          courseId: q.courseId,
          name: q.name,
          hasReport: q.isReport === undefined ? undefined : q.isReport === '1',
          kinds,
        },
        q.pageNum,
        q.pageSize,
      ),
      this.courses.signer(),
    ]);
    return {
      records: records.map((r) => this.presentOwn(r, lang, signer, now)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async myTask(actor: Actor, lang: Lang): Promise<MyTask> {
    requireTaskStudent(actor);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const [counts, unread, due, signer] = await Promise.all([
      repo.ownCounts(db, actor.userId),
      unreadNotices(this.ctx, actor.userId),
      repo.dueSoon(db, actor.userId, now, DUE_SOON),
      this.courses.signer(),
    ]);
    return {
      ...counts,
      unreadNotices: unread,
      dueSoon: due.map((r) => this.presentOwn(r, lang, signer, now)),
    };
  }

  private async ownTask(actor: Actor, id: string) {
    return requireOwnStudentTask(actor, await repo.findStudentTask(this.ctx.db, id));
  }

  async ownDetail(actor: Actor, id: string, lang: Lang): Promise<OwnTaskDetail> {
    const row = requireOwnStudentTask(actor, await repo.findOwnTask(this.ctx.db, id));
    const { task } = row;
    const { db } = this.ctx;
    const now = this.ctx.now();
    const stepIds = await repo.taskStepIds(db, task.id);
    const [chapters, work, envIds, resources, signer] = await Promise.all([
      this.chaptersOf(task, stepIds),
      repo.stepWorkOf(db, [row.id]),
      this.envIdsOf(task),
      resourcesOf(db, task.courseId!),
      this.courses.signer(),
    ]);
    const environments = await repo.environmentsWithScript(db, envIds);
    const byStep = new Map(work.map((w) => [w.stepId, w]));
    const content = examContentOf(row, now);
    const scoresShown = withheldOf(task) !== 'results';
    return {
      ...this.presentOwn(row, lang, signer, now),
      requirements: task.requirements,
      comment: row.comment,
      contentHeld: content === 'open' ? null : content,
      autoScore: scoresShown ? row.autoScore : null,
      autoMax: row.autoMax,
      scoresIssued: task.scoresIssuedAt !== null,
      timeUp: studentTimeOf(task, row, now).timeUp,
      chapterDTOS: (content === 'open' ? chapterViews(chapters, lang) : []).map(
        ({ id, name, steps }) => ({
          id,
          name,
          chapterSteps: steps.map((step) => ({
            ...step,
            completed: Boolean(byStep.get(step.id)?.completedAt),
            score: scoresShown ? (byStep.get(step.id)?.score ?? null) : null,
          })),
          chapterStepList: steps.map((step) => ({ id: step.id, name: step.name })),
        }),
      ),
      environmentDTOS: envIds.flatMap((envId) => {
        const env = environments.find((e) => e.id === envId);
        return env
          ? [
              {
                id: env.id,
                expEnvId: env.id,
                code: env.code,
                name: env.name,
                kind: env.kind,
                expEnvScriptId: env.scriptId,
                experimentEnvPlugs: [],
              },
            ]
          : [];
      }),
      resources: resources
        .filter((r) => content === 'open' && task.resourceIds.includes(r.id))
        .map((r) => ({
          ...presentResource(r),
          url: pathOf(coursesApi.resourceDownload.path, { id: r.id }),
        })),
    };
  }

  /** Why the student can no longer work on the task, or null while they can. */
  blocked(st: repo.StudentTaskWithTask, now: Date): MessageKey | null {
    const { task } = st;
    if (task.canceledAt || task.archivedAt) return 'teaching.task_closed';
    if (task.scoresIssuedAt) return 'teaching.scores_issued_no_submit';
    if (now < task.startAt) return 'teaching.not_started';
    if (studentTimeOf(task, st, now).timeUp) return 'teaching.time_up';
    if (st.status !== submitCode.notSubmitted) return 'teaching.already_submitted';
    return null;
  }

  /** The student task open for work; the first work starts the clock. */
  async workable(actor: Actor, id: string) {
    const st = await this.ownTask(actor, id);
    const now = this.ctx.now();
    const reason = this.blocked(st, now);
    if (reason) throw conflict(reason);
    if (!st.startedAt && (await repo.startStudentTask(this.ctx.db, st.id, now))) st.startedAt = now;
    return { st, now };
  }

  /** Refuses an exam's content outside its window (decision 0040). */
  private requireExamContent(st: repo.StudentTaskWithTask) {
    const content = examContentOf(st, this.ctx.now());
    if (content === 'not_started') throw conflict('teaching.exam_not_started');
    if (content === 'not_released') throw conflict('teaching.exam_not_released');
  }

  /** A step of the task, with its content; another is not found. */
  private async stepOfTask(st: repo.StudentTaskWithTask, stepId: string) {
    const stepIds = await repo.taskStepIds(this.ctx.db, st.task.id);
    const step = stepIds.includes(stepId) ? await findStep(this.ctx.db, stepId) : undefined;
    if (!step) throw notFoundOn('teaching.step_not_in_task', 'stepId');
    return { step, stepIds };
  }

  async studyStep(
    actor: Actor,
    stepId: string,
    studentTaskId: string,
    lang: Lang,
  ): Promise<TaskStudyStep> {
    const st = await this.ownTask(actor, studentTaskId);
    const { step, stepIds } = await this.stepOfTask(st, stepId);
    this.requireExamContent(st);
    const { db } = this.ctx;
    const [work, attempt] = await Promise.all([
      repo.stepWorkOf(db, [st.id]),
      repo.latestAttempt(db, st.id, step.id),
    ]);
    const view = await this.courses.stepView(
      step,
      work.find((w) => w.stepId === step.id),
      stepIds,
      lang,
      withheldOf(st.task),
    );
    const checks = checksOf(step);
    const hidden = checks.filter((c) => c.hidden);
    return {
      ...view,
      studentTaskId: st.id,
      checks: checks
        .filter((c) => !c.hidden)
        .map((c) => ({ title: localized(c.title, lang), score: c.score })),
      hiddenChecks: { count: hidden.length, score: hidden.reduce((s, c) => s + c.score, 0) },
      lastCheck: attempt ? attemptFor(storedAttempt(attempt), lang, 'student') : null,
      locked: this.blocked(st, this.ctx.now()) !== null,
    };
  }

  private timeOf(st: repo.StudentTaskWithTask, now = this.ctx.now()): RemainTime {
    const time = studentTimeOf(st.task, st, now);
    return {
      remainSeconds: time.remainSeconds,
      running: time.running,
      deadline: iso(time.deadline),
      timeUp: time.timeUp,
      serverTime: now.toISOString(),
    };
  }

  async remainTime(
    actor: Actor,
    q: { teachingTaskId: string; studentTaskId: string },
  ): Promise<RemainTime> {
    const st = await this.ownTask(actor, q.studentTaskId);
    if (st.taskId !== q.teachingTaskId) throw notFound('teaching.student_task_not_found');
    return this.timeOf(st);
  }

  /** Opens the task: the first opening starts the student's clock (refused before a range starts). */
  async start(actor: Actor, id: string): Promise<RemainTime> {
    const st = await this.ownTask(actor, id);
    const now = this.ctx.now();
    if (now < st.task.startAt) throw conflict('teaching.not_started');
    if (!st.startedAt && !isClosed(st.task) && st.status === submitCode.notSubmitted) {
      if (await repo.startStudentTask(this.ctx.db, st.id, now)) st.startedAt = now;
    }
    return this.timeOf(st, now);
  }

  async answer(
    actor: Actor,
    body: { studentTaskId: string; stepId: string; answers: QuestionAnswer[] },
    lang: Lang,
  ): Promise<StepAnswerResult> {
    const { st, now } = await this.workable(actor, body.studentTaskId);
    const { step, stepIds } = await this.stepOfTask(st, body.stepId);
    const scored = scoreAnswers(step, body.answers, lang);
    const { db } = this.ctx;
    const key = { studentTaskId: st.id, stepId: step.id, schoolId: st.schoolId };
    const stored = await repo.saveAnswersOnce(db, key, {
      answers: body.answers,
      score: scored.score!,
      completedAt: now,
      updatedAt: now,
    });
    if (!stored) throw conflict('courses.already_answered');
    await this.refreshProgress(st, stepIds, now);
    return withheldAnswer(scored, withheldOf(st.task));
  }

  /**
   * Submits the whole task (decision 0041): its answers, checks and report close, and a saved
   * report draft is submitted with it as it stands.
   */
  async submit(actor: Actor, id: string): Promise<TaskSubmitted> {
    const { st, now } = await this.workable(actor, id);
    const [done] = await repo.submitStudentTasks(this.ctx.db, [st.id], now, false);
    if (!done) throw conflict('teaching.already_submitted');
    if (done.reportSubmitted) await this.markReportSteps(st, now, now);
    return { submittedAt: now.toISOString(), reportSubmitted: done.reportSubmitted };
  }

  /**
   * Keeps where a video stands and that a step is done. A step whose completion is decided (its
   * questions answered, its checks at full marks, its report submitted) is refused here.
   */
  async progress(
    actor: Actor,
    body: { studentTaskId: string; stepId: string; videoSeconds?: number; completed?: boolean },
  ): Promise<void> {
    const { st, now } = await this.workable(actor, body.studentTaskId);
    const { step, stepIds } = await this.stepOfTask(st, body.stepId);
    if (body.completed === true) {
      const decider = completedBy(step.type, checksOf(step).length > 0);
      if (decider) throw invalid(decider, { completed: 'invalid_value' });
    }
    const { db } = this.ctx;
    const done = (await repo.stepWorkOf(db, [st.id])).find((w) => w.stepId === step.id);
    const completes = body.completed === true && !done?.completedAt;
    await repo.saveStepWork(
      db,
      { studentTaskId: st.id, stepId: step.id, schoolId: st.schoolId },
      {
        ...(body.videoSeconds !== undefined ? { videoSeconds: Math.floor(body.videoSeconds) } : {}),
        ...(completes ? { completedAt: now } : {}),
        updatedAt: now,
      },
    );
    await this.refreshProgress(st, stepIds, now);
  }

  /**
   * Marks the task's report steps done at `at` (a submitted report) or open again (`null`, a
   * returned one), and refreshes the progress.
   */
  async markReportSteps(st: repo.StudentTaskWithTask, at: Date | null, now: Date) {
    const stepIds = await repo.taskStepIds(this.ctx.db, st.task.id);
    const steps = await this.stepsOfTask(st.task, stepIds);
    for (const step of steps.filter((s) => s.type === 'report'))
      await repo.saveStepWork(
        this.ctx.db,
        { studentTaskId: st.id, stepId: step.id, schoolId: st.schoolId },
        { completedAt: at, updatedAt: now },
      );
    await this.refreshProgress(st, stepIds, now);
  }

  /** The student task's progress and automatic score after work, against its steps as they are. */
  private async refreshProgress(st: repo.StudentTaskWithTask, stepIds: string[], now: Date) {
    const autoMax = autoMaxOf(await this.stepsOfTask(st.task, stepIds));
    await repo.refreshProgress(this.ctx.db, st.id, st.taskId, autoMax, now);
  }

  /* The exam deadline ------------------------------------------------------------------------ */

  /* Labs of a task ---------------------------------------------------------------------------- */

  /** Runs a step's checks against the student's running lab and keeps the attempt. */
  async check(
    actor: Actor,
    body: { studentTaskId: string; stepId: string },
    lang: Lang,
  ): Promise<CheckRunResult> {
    const { st, now } = await this.workable(actor, body.studentTaskId);
    const { step, stepIds } = await this.stepOfTask(st, body.stepId);
    const checks = checksOf(step);
    if (!checks.length) throw conflict('teaching.check_none');
    const running = step.envId
      ? activeLabsOf(this.labs, st.studentId, [step.envId]).filter((e) => e.state === 'Running')
      : [];
    const sandbox = running.find((e) => e.runner !== 'simulation');
    const mqttLabId =
      running.find((e) => e.mqttLabId)?.mqttLabId ??
      running.find((e) => e.runner === 'simulation')?.id ??
      null;
    if (running.length === 0 || (checksNeedSandbox(checks) && !sandbox))
      throw conflict('teaching.check_no_lab');
    if (this.checking.has(st.id)) throw conflict('teaching.check_busy');
    this.checking.add(st.id);
    try {
      const started = performance.now();
      const items = await runChecks(
        {
          exec: (id, request) => this.labs.driver.exec(id, request),
          lastMessage: (labId, topic) => this.lab.topics.last(labId, topic),
          simulation: (labId) => this.labs.simulation(labId) ?? null,
          now: () => this.ctx.now(),
        },
        { execId: sandbox?.id ?? null, mqttLabId },
        checks,
      );
      const attempt: StoredAttempt = {
        id: this.ctx.ids.next(),
        stepId: step.id,
        score: items.reduce((n, i) => n + i.score, 0),
        max: items.reduce((n, i) => n + i.max, 0),
        items,
        durationMs: Math.round(performance.now() - started),
        createdAt: now,
      };
      await repo.insertAttempt(this.ctx.db, {
        ...attempt,
        items: items as unknown as Record<string, unknown>[],
        studentTaskId: st.id,
        schoolId: st.schoolId,
      });
      await this.refreshProgress(st, stepIds, now);
      return attemptFor(attempt, lang, 'student');
    } finally {
      this.checking.delete(st.id);
    }
  }

  /** A read-only view of the student's running terminal (or device panel) of the task. */
  async watch(actor: Actor, id: string, lang: Lang): Promise<{ url: string; expiresAt: string }> {
    const st = await this.keptStudentTask(actor, id);
    const envIds = await this.envIdsOf(st.task);
    const running = activeLabsOf(this.labs, st.studentId, envIds).filter(
      (e) => e.state === 'Running' && (e.runner === 'terminal' || e.runner === 'simulation'),
    );
    const lab = running.find((e) => e.runner === 'terminal') ?? running[0];
    if (!lab) throw conflict('teaching.lab_not_running');
    const { url, expiresIn } = readOnlyTicket(
      this.lab,
      this.ctx.config,
      lab.id,
      lang === 'en' ? 'en-US' : 'zh-CN',
    );
    return { url, expiresAt: new Date(this.ctx.now().getTime() + expiresIn * 1000).toISOString() };
  }

  /** The environment of the task whose home the teacher reads; another is not found. */
  private async homeOf(actor: Actor, id: string, envId: string) {
    const st = await this.keptStudentTask(actor, id);
    if (!(await this.envIdsOf(st.task)).includes(envId))
      throw notFoundOn('teaching.env_not_in_course', 'envId');
    return st;
  }

  async labFiles(actor: Actor, id: string, q: { envId: string; path: string }) {
    const st = await this.homeOf(actor, id, q.envId);
    return homeFolderOf(this.labs, st.studentId, q.envId, q.path);
  }

  async labFile(actor: Actor, id: string, q: { envId: string; path: string }) {
    const st = await this.homeOf(actor, id, q.envId);
    return homeFileOf(this.labs, st.studentId, q.envId, q.path);
  }

  /**
   * Keeps a line typed into a lab of an environment that an open exam of its user gives. The
   * lines of one lab are written one after the other, so they keep the order they were typed in.
   */
  recordCommand(userId: string, envId: string, containerId: string, line: string) {
    const now = this.ctx.now();
    const before = this.commandWrites.get(containerId) ?? Promise.resolve();
    const write = before
      .catch(() => {})
      .then(() => this.keepCommand(userId, envId, containerId, line, now));
    this.commandWrites.set(containerId, write);
    const forget = () => {
      if (this.commandWrites.get(containerId) === write) this.commandWrites.delete(containerId);
    };
    write.then(forget, forget);
    return write;
  }

  private async keepCommand(
    userId: string,
    envId: string,
    containerId: string,
    line: string,
    now: Date,
  ) {
    const exams = await repo.openExamsOf(this.ctx.db, userId, now);
    const rows = [];
    for (const exam of exams) {
      const envIds = await this.envIdsOf(exam);
      if (envIds.includes(envId))
        rows.push({
          id: this.ctx.ids.next(),
          studentTaskId: exam.id,
          schoolId: exam.schoolId,
          containerId,
          line: line.slice(0, 2000),
          at: now,
        });
    }
    await repo.insertCommands(this.ctx.db, rows);
  }

  /**
   * Closes the exams whose students' deadline passed: what they saved is submitted as it is
   * (the report draft becomes the report), and their labs of the exam's environments stop,
   * keeping their files. Answers how many student tasks it closed.
   */
  async closeDueTasks(now: Date): Promise<number> {
    const { db } = this.ctx;
    const due = await repo.dueExamStudentTasks(db, now);
    if (!due.length) return 0;
    const submitted = await repo.submitStudentTasks(
      db,
      due.map((d) => d.id),
      now,
      true,
    );
    const closed = new Set(submitted.map((r) => r.id));
    for (const { id } of submitted.filter((r) => r.reportSubmitted)) {
      const st = await repo.findStudentTask(db, id);
      if (st) await this.markReportSteps(st, now, now);
    }
    const envsOfTask = new Map<string, Promise<string[]>>();
    for (const d of due) {
      if (!closed.has(d.id)) continue;
      if (!envsOfTask.has(d.taskId)) envsOfTask.set(d.taskId, this.envIdsOf(d));
      await stopLabsOf(this.labs, d.studentId, await envsOfTask.get(d.taskId)!, 'deadline');
    }
    return closed.size;
  }
}

export { deleteStudentTasks } from './teaching.repo';
export { reportFileRoute } from './teaching.reports';

/**
 * What the warm pools prepare for: students without a lab yet of tasks starting within `leadMs`,
 * or started as long ago (latecomers still find their lab ready).
 */
export function scheduledLabDemand(
  db: Db,
  now: Date,
  leadMs: number,
): Promise<Map<string, number>> {
  return repo.labDemand(db, new Date(now.getTime() - leadMs), new Date(now.getTime() + leadMs));
}
