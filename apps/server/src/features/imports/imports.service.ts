import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  exportGenderNames,
  exportStatusNames,
  formatMessage,
  importLimits,
  importReportColumns,
  isMessageKey,
  studentExportColumns,
  studentImportColumns,
  type ImportJob,
  type Lang,
  type MessageKey,
  type StudentExportQuery,
  type StudentImportField,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { PeriodicWork } from '../../lib/scheduler';
import type { Actor } from '../auth/auth.plugin';
import { accountStatusOf, schoolServiceEnded } from '../auth/account-status';
import { enqueueJob, JobWorker, type JobKind } from '../jobs/jobs.service';
import { requireImportSchool } from './imports.policy';
import * as repo from './imports.repo';
import { StudentImporter, type StudentImportPayload, type Upload } from './imports.students';
import { prepareSheet, writeSheet } from './spreadsheet';

export type { Upload };

export interface Download {
  fileName: string;
  data: Buffer;
}

const xlsxName = (key: MessageKey, lang: Lang, suffix: string) =>
  `${formatMessage(key, lang)}-${suffix}.xlsx`;

/** The text of a job's or a row's error key in a language, its parameters filled in. */
export function importMessageOf(key: string, lang: Lang): string {
  if (!isMessageKey(key)) return key;
  return formatMessage(key, lang, {
    max:
      key === 'imports.too_large'
        ? Math.round(importLimits.studentFileMaxBytes / 1024 / 1024)
        : importLimits.studentMaxRows,
  });
}

export function presentJob(row: repo.ImportJobRow, lang: Lang): ImportJob {
  return {
    id: row.id,
    kind: row.kind as ImportJob['kind'],
    fileName: row.fileName,
    status: row.status as ImportJob['status'],
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    errors: row.errors.slice(0, importLimits.errorsShown).map((e) => ({
      row: e.row,
      field: e.field,
      value: e.value,
      errorKey: e.errorKey,
      message: importMessageOf(e.errorKey, lang),
    })),
    errorCount: row.errors.length,
    errorKey: row.errorKey,
    errorMessage: row.errorKey ? importMessageOf(row.errorKey, lang) : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

// -------------------------------------------------------------------------------------------
// Jobs

/** The queue's kind of a student import; its jobs share the import job's id. */
export const STUDENT_IMPORT_JOB = 'imports.students';
/** Imports running at once in one process. */
const PARALLEL = 2;
/** Imports waiting to start, across every process. */
const MAX_WAITING = 10;

const uploadKey = (jobId: string) => `jobs/${jobId}/upload`;

export class ImportsService {
  private readonly worker: JobWorker;
  private readonly students: StudentImporter;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.students = new StudentImporter(ctx);
    this.worker = new JobWorker(ctx.db, ctx.bus, [this.studentImportKind()], log, {
      parallel: PARALLEL,
      leaseMs: ctx.config.jobLeaseMs,
    });
  }

  /** Ended import jobs past their keeping time, removed by one process. */
  periodicWork(): PeriodicWork {
    return this.worker.periodicWork('imports.prune-jobs');
  }

  /**
   * Imports run on the job queue, in whichever process claims them first: one at a time per
   * school (so the student limit holds). The uploaded file waits in the storage until the job
   * ends.
   */
  private studentImportKind(): JobKind {
    return {
      kind: STUDENT_IMPORT_JOB,
      interruptedKey: 'imports.interrupted',
      errorKeyOf: () => 'common.server_error',
      run: (job) =>
        this.students.run(
          job.id,
          job.payload as unknown as StudentImportPayload,
          job.signal,
          job.attempt > 1,
        ),
      failed: async (tx, job, errorKey) => {
        await repo.updateJob(tx, job.id, {
          status: 'failed',
          errorKey,
          finishedAt: this.ctx.now(),
        });
      },
      ended: async (job) => {
        await this.ctx.storage.delete((job.payload as unknown as StudentImportPayload).fileKey);
      },
    };
  }

  /**
   * Marks jobs that no queue job will finish (left by a version that ran imports in its own
   * process) as interrupted, starts taking jobs, and hashes the default password that imported
   * accounts share (argon2 takes 19 MiB and tens of milliseconds: once per process, not during
   * an import).
   */
  async start(): Promise<void> {
    await repo.failOrphanedJobs(this.ctx.db, 'imports.interrupted', this.ctx.now());
    await this.worker.start();
    this.students
      .defaultPasswordHash()
      .catch((err: unknown) => this.log.error({ err }, 'default password not hashed'));
  }

  /** Stops taking jobs and waits for the ones this process runs. */
  async drain(): Promise<void> {
    await this.worker.stop();
    await this.students.hashed();
  }

  /** The school students are imported into (checked before the upload is read). */
  authorizeStudentImport(actor: Actor): string {
    return requireImportSchool(actor);
  }

  /**
   * Checks the file at once (type, size, zip safety), then records a running job and reads and
   * imports the rows in the background.
   */
  async startStudentImport(actor: Actor, upload: Upload, lang: Lang): Promise<ImportJob> {
    const schoolId = this.authorizeStudentImport(actor);
    await prepareSheet(upload.data, upload.fileName);
    const id = this.ctx.ids.next();
    const fileKey = uploadKey(id);
    await this.ctx.storage.put(fileKey, Readable.from([upload.data]), {
      contentType: 'application/octet-stream',
    });
    try {
      const job = await this.ctx.db.transaction(async (tx) => {
        const created = await repo.insertJob(tx, {
          id,
          schoolId,
          userId: actor.userId,
          kind: 'students',
          fileName: upload.fileName,
          status: 'running',
          createdAt: this.ctx.now(),
        });
        const payload: StudentImportPayload = { schoolId, fileName: upload.fileName, fileKey };
        const queued = await enqueueJob(
          tx,
          { id, kind: STUDENT_IMPORT_JOB, groupKey: `school:${schoolId}`, payload: { ...payload } },
          { maxWaiting: MAX_WAITING },
        );
        if (!queued) throw new AppError('imports.busy', { status: 429 });
        return created;
      });
      return presentJob(job, lang);
    } catch (error) {
      await this.ctx.storage.delete(fileKey).catch(() => undefined);
      throw error;
    }
  }

  /** A student import job of the actor's school. */
  private async jobOf(actor: Actor, id: string): Promise<repo.ImportJobRow> {
    const schoolId = requireImportSchool(actor);
    const job = await repo.findJob(this.ctx.db, id, schoolId);
    if (!job || job.kind !== 'students') throw notFound('imports.job_not_found');
    return job;
  }

  async job(actor: Actor, id: string, lang: Lang): Promise<ImportJob> {
    return presentJob(await this.jobOf(actor, id), lang);
  }

  /** Every row error of a job, as a spreadsheet in the caller's language. */
  async errorReport(actor: Actor, id: string, lang: Lang): Promise<Download> {
    const job = await this.jobOf(actor, id);
    const columnName = (field: string) => {
      const c = studentImportColumns.find((x) => x.field === field);
      return c ? (lang === 'zh' ? c.zh : c.en) : '';
    };
    const data = await writeSheet(
      formatMessage('imports.report_file', lang),
      importReportColumns.map((c) => c[lang]),
      job.errors.map((e) => [
        e.row,
        columnName(e.field),
        e.value,
        importMessageOf(e.errorKey, lang),
      ]),
    );
    return { fileName: xlsxName('imports.report_file', lang, job.id), data };
  }

  /** The student import template: the headers and one example row with a class of the school. */
  async template(actor: Actor, lang: Lang): Promise<Download> {
    const schoolId = this.authorizeStudentImport(actor);
    const [firstClass] = await repo.liveClasses(this.ctx.db, schoolId);
    const example: Record<StudentImportField, string> =
      lang === 'zh'
        ? {
            name: '张三',
            stuNo: '2024001',
            gender: '男',
            phone: '13800000000',
            class: firstClass?.name ?? '计算机2401',
            password: '',
          }
        : {
            name: 'Zhang San',
            stuNo: '2024001',
            gender: 'male',
            phone: '13800000000',
            class: firstClass?.name ?? 'Class 1',
            password: '',
          };
    const data = await writeSheet(
      formatMessage('imports.template_file', lang),
      studentImportColumns.map((c) => c[lang]),
      [studentImportColumns.map((c) => example[c.field])],
    );
    return { fileName: `${formatMessage('imports.template_file', lang)}.xlsx`, data };
  }

  /** The school's students matching the list's filters, as a spreadsheet. */
  async exportStudents(
    actor: Actor,
    query: StudentExportQuery & { tz?: string | undefined },
    lang: Lang,
  ): Promise<Download> {
    const schoolId = requireImportSchool(actor);
    const now = this.ctx.now();
    const ended = await schoolServiceEnded(this.ctx.db, schoolId, now);
    let enabled: boolean | undefined;
    if (query.status === 'deactivated') enabled = false;
    else if (query.status === 'normal' || query.status === 'expired') enabled = true;
    const none = (query.status === 'normal' && ended) || (query.status === 'expired' && !ended);
    const rows = none
      ? []
      : await repo.studentsForExport(this.ctx.db, schoolId, {
          name: query.name,
          stuNo: query.stuNo,
          phone: query.phone,
          classId: query.classId,
          enabled,
        });
    const time = dateTimeFormat(query.tz);
    const data = await writeSheet(
      formatMessage('imports.export_file', lang),
      studentExportColumns.map((c) => c[lang]),
      rows.map((r) => [
        r.name ?? '',
        r.stuNo ?? '',
        r.sex === 1 || r.sex === 2 ? exportGenderNames[r.sex][lang] : '',
        r.phone ?? '',
        r.className ?? '',
        exportStatusNames[accountStatusOf(r.enabled, ended)][lang],
        time.format(r.createdAt),
      ]),
    );
    const day = time.format(now).slice(0, 10).replace(/-/g, '');
    return { fileName: xlsxName('imports.export_file', lang, day), data };
  }
}

/** 2026-01-02 03:04:05 in a time zone (the caller's when it names a valid one, else the server's). */
function dateTimeFormat(tz: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  try {
    if (tz) return new Intl.DateTimeFormat('sv-SE', { ...options, timeZone: tz });
  } catch {
    // an unknown zone: the server's own
  }
  return new Intl.DateTimeFormat('sv-SE', options);
}
