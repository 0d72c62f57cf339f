import {
  coursesApi,
  localized,
  markStatuses,
  pathOf,
  reportStatuses,
  studentTaskTypeOf,
  submitStatuses,
  type CheckRunResult,
  type Lang,
  type MessageKey,
  type OwnTask,
  type OwnTaskDetail,
  type QuestionAnswer,
  type RemainTime,
  type TaskKind,
  type TaskStudyStep,
  type TaskSubmitted,
  type TimeType,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { conflict, invalid, notFound, notFoundOn } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { findStep, resourcesOf, type FileSigner, type StepRow } from '../courses/courses.service';
import { completedBy, scoreAnswers, withheldAnswer } from '../courses/courses.scoring';
import { examContentOf, withheldOf } from './teaching.holds';
import { TaskReports } from './teaching.reports';
import { activeLabsOf } from '../labs/labs.student-labs';
import type { LabRuntime } from '../labs/labs.runtime';
import { attemptFor, checksNeedSandbox, runChecks, type StoredAttempt } from './teaching.checks';
import { unreadNotices } from '../notices/notices.service';
import { isClosed, studentTimeOf, taskStatusOf, usedSecondsOf } from './teaching.clock';
import { requireOwnStudentTask, requireTaskStudent } from './teaching.policy';
import { presentResource } from '../courses/courses.resources';
import * as tasksRepo from './teaching.repo';
import { submitCode, type TaskRow } from './teaching.repo';
import * as studentTasksRepo from './teaching.student-tasks.repo';
import type { StudentTaskWithTask } from './teaching.student-tasks.repo';
import * as reportsRepo from './teaching.reports.repo';
import * as studyRepo from './teaching.study.repo';
import type { OwnTaskRow } from './teaching.study.repo';

import {
  DUE_SOON,
  iso,
  nameOf,
  checksOf,
  autoMaxOf,
  storedAttempt,
  chapterViews,
  type OwnTaskQuery,
  type MyTask,
  type StepAnswerResult,
  type Page,
  type TeachingLabs,
  type TaskReader,
} from './teaching.read';

/** The students' side: their tasks, steps, answers, progress, checks and submission; their reports. */
export class TaskStudy {
  /** The students' reports of their tasks. */
  readonly reports: TaskReports;
  private readonly labs: LabRuntime;
  /** Student tasks whose checks run now: one run at a time each. */
  private readonly checking = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly read: TaskReader,
    private readonly lab: TeachingLabs,
  ) {
    this.labs = lab.runtime;
    this.reports = new TaskReports(ctx, this, read.courses);
  }

  stepsOfTask(task: TaskRow, stepIds: readonly string[]): Promise<StepRow[]> {
    return this.read.stepsOfTask(task, stepIds);
  }

  private presentOwn(row: OwnTaskRow, lang: Lang, signer: FileSigner, now: Date): OwnTask {
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
      studyRepo.pageOwnTasks(
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
      this.read.courses.signer(),
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
      studyRepo.ownCounts(db, actor.userId),
      unreadNotices(this.ctx, actor.userId),
      studyRepo.dueSoon(db, actor.userId, now, DUE_SOON),
      this.read.courses.signer(),
    ]);
    return {
      ...counts,
      unreadNotices: unread,
      dueSoon: due.map((r) => this.presentOwn(r, lang, signer, now)),
    };
  }

  private async ownTask(actor: Actor, id: string) {
    return requireOwnStudentTask(actor, await studentTasksRepo.findStudentTask(this.ctx.db, id));
  }

  async ownDetail(actor: Actor, id: string, lang: Lang): Promise<OwnTaskDetail> {
    const row = requireOwnStudentTask(actor, await studyRepo.findOwnTask(this.ctx.db, id));
    const { task } = row;
    const { db } = this.ctx;
    const now = this.ctx.now();
    const stepIds = await tasksRepo.taskStepIds(db, task.id);
    const [chapters, work, envIds, resources, signer] = await Promise.all([
      this.read.chaptersOf(task, stepIds),
      studentTasksRepo.stepWorkOf(db, [row.id]),
      this.read.envIdsOf(task),
      resourcesOf(db, task.courseId!),
      this.read.courses.signer(),
    ]);
    const environments = await studyRepo.environmentsWithScript(db, envIds);
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
  blocked(st: StudentTaskWithTask, now: Date): MessageKey | null {
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
    if (!st.startedAt && (await studentTasksRepo.startStudentTask(this.ctx.db, st.id, now)))
      st.startedAt = now;
    return { st, now };
  }

  /** Refuses an exam's content outside its window (decision 0040). */
  private requireExamContent(st: StudentTaskWithTask) {
    const content = examContentOf(st, this.ctx.now());
    if (content === 'not_started') throw conflict('teaching.exam_not_started');
    if (content === 'not_released') throw conflict('teaching.exam_not_released');
  }

  /** A step of the task, with its content; another is not found. */
  private async stepOfTask(st: StudentTaskWithTask, stepId: string) {
    const stepIds = await tasksRepo.taskStepIds(this.ctx.db, st.task.id);
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
      studentTasksRepo.stepWorkOf(db, [st.id]),
      reportsRepo.latestAttempt(db, st.id, step.id),
    ]);
    const view = await this.read.courses.stepView(
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

  private timeOf(st: StudentTaskWithTask, now = this.ctx.now()): RemainTime {
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
      if (await studentTasksRepo.startStudentTask(this.ctx.db, st.id, now)) st.startedAt = now;
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
    const stored = await studentTasksRepo.saveAnswersOnce(db, key, {
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
    const [done] = await studentTasksRepo.submitStudentTasks(this.ctx.db, [st.id], now, false);
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
    const done = (await studentTasksRepo.stepWorkOf(db, [st.id])).find((w) => w.stepId === step.id);
    const completes = body.completed === true && !done?.completedAt;
    await studentTasksRepo.saveStepWork(
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
  async markReportSteps(st: StudentTaskWithTask, at: Date | null, now: Date) {
    const stepIds = await tasksRepo.taskStepIds(this.ctx.db, st.task.id);
    const steps = await this.read.stepsOfTask(st.task, stepIds);
    for (const step of steps.filter((s) => s.type === 'report'))
      await studentTasksRepo.saveStepWork(
        this.ctx.db,
        { studentTaskId: st.id, stepId: step.id, schoolId: st.schoolId },
        { completedAt: at, updatedAt: now },
      );
    await this.refreshProgress(st, stepIds, now);
  }

  /** The student task's progress and automatic score after work, against its steps as they are. */
  private async refreshProgress(st: StudentTaskWithTask, stepIds: string[], now: Date) {
    const autoMax = autoMaxOf(await this.read.stepsOfTask(st.task, stepIds));
    await studentTasksRepo.refreshProgress(this.ctx.db, st.id, st.taskId, autoMax, now);
  }

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
      await reportsRepo.insertAttempt(this.ctx.db, {
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
}
