import {
  dashboardTopN,
  localized,
  participationBandOf,
  participationBands,
  reportStatuses,
  taskStatuses,
  type DashboardPeriod,
  type Lang,
  type QuestionAnswer,
  type StudentTaskReview,
  type TaskKind,
  type TaskSummary,
  type TeachingDashboard,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { signedDoc } from '../courses/courses.service';
import { type StoredContent } from '../courses/courses.content';
import { activeLabsOf, labUsageOf } from '../labs/labs.student-labs';
import type { LabRuntime } from '../labs/labs.runtime';
import { attemptFor } from './teaching.checks';
import { notify } from '../notices/notices.service';
import { requireTaskKeeper } from './teaching.policy';
import * as tasksRepo from './teaching.repo';
import { markCode, reportCode, submitCode } from './teaching.repo';
import * as studentTasksRepo from './teaching.student-tasks.repo';
import * as reportsRepo from './teaching.reports.repo';
import * as dashboardRepo from './teaching.dashboard.repo';

import {
  DAY,
  periodDays,
  iso,
  nameOf,
  recipientsOf,
  storedAttempt,
  resultsOf,
  type TaskScored,
  type TeachingLabs,
  type TaskReader,
} from './teaching.read';
import type { TaskStudy } from './teaching.study';

/** The teachers' side of results: a student's work reviewed and scored, reports returned, scores issued, the dashboard. */
export class TaskScoring {
  private readonly labs: LabRuntime;

  constructor(
    private readonly ctx: AppContext,
    private readonly read: TaskReader,
    private readonly study: TaskStudy,
    lab: TeachingLabs,
  ) {
    this.labs = lab.runtime;
  }

  /** One student's task as the scoring view shows it. */
  async review(actor: Actor, id: string, lang: Lang): Promise<StudentTaskReview> {
    const st = await this.read.keptStudentTask(actor, id);
    const { task } = st;
    const { db } = this.ctx;
    const now = this.ctx.now();
    const stepIds = await tasksRepo.taskStepIds(db, task.id);
    const [steps, work, attempts, report, commands, envIds, signer] = await Promise.all([
      this.read.stepsOfTask(task, stepIds),
      studentTasksRepo.stepWorkOf(db, [st.id]),
      reportsRepo.attemptsOf(db, st.id),
      reportsRepo.findReport(db, st.id),
      reportsRepo.commandsOf(db, st.id),
      this.read.envIdsOf(task),
      this.study.reports.signer(),
    ]);
    const usage = await labUsageOf(this.ctx, st.studentId, envIds, task.startAt);
    const running = activeLabsOf(this.labs, st.studentId, envIds).find(
      (e) => e.state === 'Running',
    );
    const byStep = new Map(work.map((w) => [w.stepId, w]));
    return {
      progress: this.read.progressOf(st, task, steps, work, Boolean(running), now),
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
    const st = await this.read.keptStudentTask(actor, body.studentTaskId);
    if (st.task.scoresIssuedAt) throw conflict('teaching.scores_already_issued');
    if (st.task.canceledAt || st.task.archivedAt) throw conflict('teaching.task_closed');
    const now = this.ctx.now();
    const score = body.score as number;
    await studentTasksRepo.updateStudentTask(this.ctx.db, st.id, {
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
    const st = await this.read.keptStudentTask(actor, body.studentTaskId);
    if (st.task.scoresIssuedAt) throw conflict('teaching.scores_already_issued');
    if (st.reportStatus !== reportCode.submitted) throw conflict('teaching.return_not_submitted');
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      await studentTasksRepo.updateStudentTask(tx, st.id, {
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
    await this.study.markReportSteps(st, null, now);
  }

  /** Issues the scores once every student has one; only once. */
  async issue(actor: Actor, id: string, lang: Lang): Promise<TaskSummary> {
    const { keeper, task } = await this.read.keptTask(actor, id);
    if (task.scoresIssuedAt) throw conflict('teaching.scores_already_issued');
    if (task.canceledAt || task.archivedAt) throw conflict('teaching.task_closed');
    const { db } = this.ctx;
    const unscored = await studentTasksRepo.countUnscored(db, id);
    if (unscored > 0)
      throw new AppError('teaching.unscored', { status: 409, params: { count: unscored } });
    const now = this.ctx.now();
    const done = await db.transaction(async (tx) => {
      const students = await studentTasksRepo.issueScores(tx, id, now);
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
    return this.read.summary(id, lang);
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
      dashboardRepo.dashboardTotals(db, scope),
      dashboardRepo.dashboardStatuses(db, scope, now),
      dashboardRepo.participationHistogram(db, scope),
      dashboardRepo.topStudents(db, scope, dashboardTopN),
      dashboardRepo.topClasses(db, scope, dashboardTopN),
      dashboardRepo.submissionsPer(db, scope, period === 'all' ? 'month' : 'day', since),
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
}
