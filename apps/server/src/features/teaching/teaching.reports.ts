import type { z } from 'zod';
import {
  courseFileLimits,
  docTextLength,
  localized,
  reportImageFieldsSchema,
  reportStatuses,
  teachingApi,
  teachingLimits,
  type Lang,
  type MessageKey,
  type ReportInfo,
  type myReportQuerySchema,
  type myReportSchema,
  type reportSavedSchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import type { Actor } from '../auth/auth.plugin';
import {
  hasImage,
  localDoc,
  newFileId,
  signedDoc,
  storedDoc,
  type CoursesService,
  type FileSigner,
  type SignedFileRoute,
  type StepRow,
} from '../courses/courses.service';
import { type StoredContent } from '../courses/courses.content';
import { examContentOf } from './teaching.holds';
import { requireOwnStudentTask, requireTaskStudent } from './teaching.policy';
import * as tasksRepo from './teaching.repo';
import { reportCode, type TaskRow } from './teaching.repo';
import * as studentTasksRepo from './teaching.student-tasks.repo';
import type { StudentTaskWithTask } from './teaching.student-tasks.repo';
import * as reportsRepo from './teaching.reports.repo';
import type { ReportRow } from './teaching.reports.repo';
import * as studyRepo from './teaching.study.repo';
import type { OwnTaskRow } from './teaching.study.repo';

type MyReportQuery = z.output<typeof myReportQuerySchema>;
type MyReport = z.output<typeof myReportSchema>;
type ReportSaved = z.output<typeof reportSavedSchema>;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** A report's images: `reports/<studentTaskId>/<fileId>`, read at signed addresses. */
export const reportFileRoute: SignedFileRoute = {
  path: teachingApi.reportFile.path,
  scope: 'report',
};
const reportFileKey = (studentTaskId: string, fileId: string) =>
  `reports/${studentTaskId}/${fileId}`;

/** The row of a student task's report saved now. */
const reportRow = (
  st: { id: string; schoolId: string },
  content: Record<string, unknown>,
  length: number,
  savedAt: Date,
) => ({ studentTaskId: st.id, schoolId: st.schoolId, content, length, savedAt });

/** What reports need of the student's work on a task, from the teaching service. */
export interface TaskWork {
  /** The caller's student task open for work (the first work starts its clock). */
  workable(actor: Actor, id: string): Promise<{ st: StudentTaskWithTask; now: Date }>;
  /** Why the student can no longer work on the task, or null while they can. */
  blocked(st: StudentTaskWithTask, now: Date): MessageKey | null;
  stepsOfTask(task: TaskRow, stepIds: readonly string[]): Promise<StepRow[]>;
  /** Marks the task's report steps done (a submitted report) or open again (`null`). */
  markReportSteps(st: StudentTaskWithTask, at: Date | null, now: Date): Promise<void>;
}

/**
 * The students' reports of their tasks (decision 0025): drafts kept by revision, images, and
 * submission, which is the report's own act and leaves the task open (decision 0041).
 */
export class TaskReports {
  constructor(
    private readonly ctx: AppContext,
    private readonly work: TaskWork,
    private readonly courses: CoursesService,
  ) {}

  async signer(): Promise<FileSigner> {
    return (await this.courses.signer()).for(reportFileRoute);
  }

  /** The student task open for work on its report: a submitted report waits to be returned. */
  private async writable(actor: Actor, id: string) {
    const open = await this.work.workable(actor, id);
    if (!open.st.task.hasReport) throw invalid('teaching.no_report_step');
    if (open.st.reportStatus === reportCode.submitted)
      throw conflict('teaching.report_already_submitted');
    return open;
  }

  /** A report as stored: sanitised, its own images kept unsigned, within the length. */
  private storedReport(st: StudentTaskWithTask, content: Record<string, unknown>) {
    const doc = storedDoc(content, st.id, 'content', reportFileRoute);
    const length = docTextLength(doc);
    if (length > teachingLimits.reportMax)
      throw new AppError('teaching.report_too_long', {
        status: 400,
        fields: { content: 'too_long' },
        params: { max: teachingLimits.reportMax },
      });
    return { doc, length };
  }

  private saved(row: ReportRow): ReportSaved {
    return { revision: row.revision, savedAt: row.savedAt.toISOString(), length: row.length };
  }

  /** Saves a draft; a revision older than the stored one answers the stored one unwritten. */
  async save(
    actor: Actor,
    body: { studentTaskId: string; content: Record<string, unknown>; revision: number },
  ): Promise<ReportSaved> {
    const { st, now } = await this.writable(actor, body.studentTaskId);
    const { doc, length } = this.storedReport(st, body.content);
    const { db } = this.ctx;
    const written = await db.transaction(async (tx) => {
      const row = await reportsRepo.saveReport(tx, {
        ...reportRow(st, doc, length, now),
        revision: body.revision,
      });
      if (row)
        await studentTasksRepo.updateStudentTask(tx, st.id, {
          ...(st.reportStatus !== reportCode.draft ? { reportStatus: reportCode.draft } : {}),
          lastActiveAt: now,
          updatedAt: now,
        });
      return row;
    });
    return this.saved(written ?? (await reportsRepo.findReport(db, st.id))!);
  }

  /**
   * Submits the report: it is the teacher's to read, return or score, and the report steps are
   * done. The task itself stays open until the student submits it (decision 0041).
   */
  async submit(
    actor: Actor,
    body: { studentTaskId: string; content: Record<string, unknown> },
  ): Promise<ReportSaved> {
    const { st, now } = await this.writable(actor, body.studentTaskId);
    const { doc, length } = this.storedReport(st, body.content);
    if (length === 0 && !hasImage(doc))
      throw invalid('teaching.report_empty', { content: 'required' });
    const { db } = this.ctx;
    const stored = await reportsRepo.findReport(db, st.id);
    const row = await db.transaction(async (tx) => {
      const written = await reportsRepo.saveReport(tx, {
        ...reportRow(st, doc, length, now),
        revision: (stored?.revision ?? 0) + 1,
        submittedAt: now,
      });
      await studentTasksRepo.updateStudentTask(tx, st.id, {
        reportStatus: reportCode.submitted,
        lastActiveAt: now,
        updatedAt: now,
      });
      return written!;
    });
    await this.work.markReportSteps(st, now, now);
    return this.saved(row);
  }

  /** Stores an image (JPG or PNG, 5 MB) of the caller's report; answers its signed address. */
  async image(
    actor: Actor,
    store: (plan: PlanFromFields) => Promise<StoredUpload>,
  ): Promise<{ fileId: string; url: string }> {
    requireTaskStudent(actor);
    const maxBytes = courseFileLimits.image;
    let target = { studentTaskId: '', fileId: '' };
    await store({
      maxBytes,
      plan: async (fields) => {
        const parsed = reportImageFieldsSchema.safeParse(fields);
        if (!parsed.success)
          throw invalid('common.invalid_input', { studentTaskId: 'invalid_value' });
        const { st } = await this.writable(actor, parsed.data.studentTaskId);
        target = { studentTaskId: st.id, fileId: newFileId() };
        return {
          key: reportFileKey(target.studentTaskId, target.fileId),
          kinds: ['image'],
          maxBytes,
        };
      },
    });
    const signer = await this.signer();
    return { fileId: target.fileId, url: signer.url(target.studentTaskId, target.fileId) };
  }

  /** The stored key of a report image at a signed address; a wrong signature is not found. */
  async file(studentTaskId: string, fileId: string, q: { e: number; s: string }) {
    const signer = await this.signer();
    if (!signer.valid(studentTaskId, fileId, q.e, q.s)) throw notFound('courses.file_not_found');
    return reportFileKey(studentTaskId, fileId);
  }

  private reportOf(
    row: OwnTaskRow,
    report: { length: number | null; savedAt: Date | null; submittedAt: Date | null },
    lang: Lang,
  ): MyReport {
    return {
      studentTaskId: row.id,
      teachingTaskId: row.task.id,
      taskName: row.task.name,
      courseName: localized(row.courseName, lang),
      status: reportStatuses[row.reportStatus]!,
      length: report.length ?? 0,
      savedAt: iso(report.savedAt),
      submittedAt: iso(report.submittedAt),
      score: row.task.scoresIssuedAt ? row.score : null,
    };
  }

  async mine(actor: Actor, q: MyReportQuery, lang: Lang): Promise<Page<MyReport>> {
    requireTaskStudent(actor);
    const { records, total } = await studyRepo.pageOwnReports(
      this.ctx.db,
      actor.userId,
      { name: q.name, status: q.status ? reportStatuses.indexOf(q.status) : undefined },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) =>
        this.reportOf(
          r,
          { length: r.length, savedAt: r.savedAt, submittedAt: r.reportSubmittedAt },
          lang,
        ),
      ),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async info(actor: Actor, id: string, lang: Lang): Promise<ReportInfo> {
    const row = requireOwnStudentTask(actor, await studyRepo.findOwnTask(this.ctx.db, id));
    if (!row.task.hasReport) throw notFound('teaching.no_report_step');
    const { db } = this.ctx;
    const now = this.ctx.now();
    const stepIds = await tasksRepo.taskStepIds(db, row.task.id);
    const [report, steps, signer, courseSigner] = await Promise.all([
      reportsRepo.findReport(db, row.id),
      this.work.stepsOfTask(row.task, stepIds),
      this.signer(),
      this.courses.signer(),
    ]);
    const reportStep = steps.find((s) => s.type === 'report');
    return {
      ...this.reportOf(
        row,
        {
          length: report?.length ?? 0,
          savedAt: report?.savedAt ?? null,
          submittedAt: report?.submittedAt ?? null,
        },
        lang,
      ),
      content: report ? signedDoc(report.content, signer) : null,
      revision: report?.revision ?? 0,
      comment: row.comment,
      editable: this.work.blocked(row, now) === null && row.reportStatus !== reportCode.submitted,
      instructions:
        examContentOf(row, now) === 'open'
          ? localDoc((reportStep?.content as StoredContent | undefined)?.doc, lang, courseSigner)
          : null,
    };
  }
}
