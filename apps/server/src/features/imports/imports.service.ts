import os from 'node:os';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  exportGenderNames,
  exportStatusNames,
  formatMessage,
  importLimits,
  importReportColumns,
  isMessageKey,
  optionalPasswordSchema,
  optionalPhoneSchema,
  personNameSchema,
  studentExportColumns,
  studentImportColumns,
  stuNoSchema,
  type ImportJob,
  type Lang,
  type MessageKey,
  type StudentExportQuery,
  type StudentImportField,
} from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { hashPassword, passwordRefusal } from '../../lib/passwords';
import type { PeriodicWork } from '../../lib/scheduler';
import type { Actor } from '../auth/auth.plugin';
import { accountStatusOf, schoolServiceEnded } from '../auth/account-status';
import { studentRoom } from '../students/students.service';
import { insertStudentBatch, roleIdsByCode, type NewStudent } from '../users/users.service';
import { enqueueJob, JobWorker, type JobKind } from '../jobs/jobs.service';
import { requireImportSchool } from './imports.policy';
import * as repo from './imports.repo';
import { prepareSheet, readPrepared, writeSheet, type SheetRow } from './spreadsheet';
import { uniqueViolationOf } from '../../lib/sql';

/** Rows inserted per statement (all of them or none); progress is written after each. */
const BATCH = 500;
/** Student numbers looked up per query. */
const LOOKUP = 5000;
const VALUE_MAX = 100;

export interface Upload {
  fileName: string;
  data: Buffer;
}

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
// Rows

type ColumnMap = Partial<Record<StudentImportField, number>>;

const headerAliases: Record<StudentImportField, string[]> = {
  name: ['姓名', 'name', '学生姓名', 'studentname'],
  stuNo: ['学号', 'stuno', 'studentno', 'studentnumber', 'studentid'],
  gender: ['性别', 'gender', 'sex'],
  phone: ['手机号', 'phone', '手机', '手机号码', 'mobile', 'phonenumber'],
  class: ['班级', 'class', 'classname', '班级名称'],
  password: ['密码', 'password', '初始密码'],
};

/** A header cell compared loosely: case, spaces, dots, underscores, a required mark and a hint in brackets. */
function headerKey(cell: string): string {
  return cell
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s.*_\-:：]/g, '')
    .toLowerCase();
}

/** Which column holds which field; the required fields must all be there. */
export function columnsOf(header: string[]): ColumnMap {
  const map: ColumnMap = {};
  header.forEach((cell, i) => {
    const key = headerKey(cell);
    for (const [field, aliases] of Object.entries(headerAliases) as [
      StudentImportField,
      string[],
    ][]) {
      if (map[field] === undefined && aliases.includes(key)) map[field] = i;
    }
  });
  for (const c of studentImportColumns) {
    if (c.required && map[c.field] === undefined) throw new AppError('imports.bad_header');
  }
  return map;
}

const genderValues: Record<string, 1 | 2> = {
  男: 1,
  女: 2,
  male: 1,
  female: 2,
  m: 1,
  f: 2,
  '1': 1,
  '2': 2,
};

export interface Candidate {
  row: number;
  name: string;
  stuNo: string;
  sex: 1 | 2;
  phone: string | null;
  classId: string;
  password: string | null;
}

type RowError = repo.StoredRowError;

/**
 * One row checked against the student rules (those of the student form: contract accounts.ts);
 * answers the student to create, or the row's errors.
 */
export function checkRow(
  r: SheetRow,
  cols: ColumnMap,
  classIds: Map<string, string[]>,
): { candidate: Candidate | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const cell = (field: StudentImportField) => {
    const i = cols[field];
    return i === undefined ? '' : (r.cells[i] ?? '');
  };
  const fail = (field: StudentImportField, errorKey: MessageKey) =>
    errors.push({ row: r.row, field, errorKey, value: cell(field).slice(0, VALUE_MAX) });
  const required = (field: StudentImportField, ok: boolean, key: MessageKey) => {
    if (!cell(field)) fail(field, 'imports.required');
    else if (!ok) fail(field, key);
  };

  const name = cell('name');
  required('name', personNameSchema.safeParse(name).success, 'imports.name_invalid');
  const stuNo = cell('stuNo');
  required('stuNo', stuNoSchema.safeParse(stuNo).success, 'imports.stu_no_invalid');
  const sex = genderValues[cell('gender').toLowerCase()];
  required('gender', sex !== undefined, 'imports.gender_invalid');
  const phone = cell('phone');
  if (!optionalPhoneSchema.safeParse(phone).success) fail('phone', 'imports.phone_invalid');
  const className = cell('class');
  const ids = classIds.get(className) ?? [];
  if (!className) fail('class', 'imports.required');
  else if (ids.length === 0) fail('class', 'imports.class_not_found');
  else if (ids.length > 1) fail('class', 'imports.class_ambiguous');
  const password = cell('password');
  if (!optionalPasswordSchema.safeParse(password).success) {
    errors.push({ row: r.row, field: 'password', errorKey: 'imports.password_invalid', value: '' });
  } else if (password) {
    const refusal = passwordRefusal(password, { logins: [stuNo], name });
    if (refusal) {
      const errorKey =
        refusal === 'same_as_name' ? 'imports.password_personal' : 'imports.password_too_common';
      errors.push({ row: r.row, field: 'password', errorKey, value: '' });
    }
  }
  if (errors.length > 0) return { candidate: null, errors };
  return {
    candidate: {
      row: r.row,
      name,
      stuNo,
      sex: sex!,
      phone: phone || null,
      classId: ids[0]!,
      password: password || null,
    },
    errors,
  };
}

/** Runs `fn` over the items with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// -------------------------------------------------------------------------------------------
// Jobs

/** The queue's kind of a student import; its jobs share the import job's id. */
export const STUDENT_IMPORT_JOB = 'imports.students';
/** Imports running at once in one process. */
const PARALLEL = 2;
/** Imports waiting to start, across every process. */
const MAX_WAITING = 10;

interface StudentImportPayload {
  schoolId: string;
  fileName: string;
  fileKey: string;
}

const uploadKey = (jobId: string) => `jobs/${jobId}/upload`;

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export class ImportsService {
  private readonly worker: JobWorker;
  private defaultHash: Promise<string> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
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
        this.runStudentImport(
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
    this.defaultPasswordHash().catch((err: unknown) =>
      this.log.error({ err }, 'default password not hashed'),
    );
  }

  private defaultPasswordHash(): Promise<string> {
    this.defaultHash ??= hashPassword(this.ctx.config.defaultPassword).catch((error: unknown) => {
      this.defaultHash = null;
      throw error;
    });
    return this.defaultHash;
  }

  /** Stops taking jobs and waits for the ones this process runs. */
  async drain(): Promise<void> {
    await this.worker.stop();
    await this.defaultHash?.catch(() => undefined);
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

  /**
   * Reads the uploaded file and imports it. A file that cannot be imported fails the job with the
   * reason; any other error is thrown to the queue, which tries again and, after the last
   * attempt, fails the job.
   */
  private async runStudentImport(
    jobId: string,
    p: StudentImportPayload,
    signal: AbortSignal,
    again: boolean,
  ): Promise<void> {
    const data = await readAll((await this.ctx.storage.read(p.fileKey)).body);
    const before = again ? await repo.findJob(this.ctx.db, jobId, p.schoolId) : undefined;
    try {
      await this.importStudents(jobId, p.schoolId, { fileName: p.fileName, data }, signal, before);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await repo.updateJob(this.ctx.db, jobId, {
        status: 'failed',
        errorKey: error.errorKey,
        finishedAt: this.ctx.now(),
      });
    }
  }

  private async importStudents(
    jobId: string,
    schoolId: string,
    upload: Upload,
    signal: AbortSignal,
    /** The job as an earlier attempt left it, when this one takes over. */
    before?: repo.ImportJobRow,
  ) {
    const { db, config } = this.ctx;
    const sheet = await readPrepared(await prepareSheet(upload.data, upload.fileName), {
      maxRows: importLimits.studentMaxRows,
    });
    if (sheet.header.length === 0) throw new AppError('imports.empty');
    const cols = columnsOf(sheet.header);
    if (sheet.rows.length === 0) throw new AppError('imports.empty');
    const total = sheet.rows.length;
    // Rows an earlier attempt finished keep the outcome it recorded with them; the rest start over.
    const done = Math.min(before?.processed ?? 0, total);
    const firstOpenRow = sheet.rows[done]?.row ?? Infinity;
    const kept = (before?.errors ?? []).filter((e) => e.row < firstOpenRow);

    const classIds = new Map<string, string[]>();
    for (const c of await repo.liveClasses(db, schoolId)) {
      const name = c.name.trim();
      classIds.set(name, [...(classIds.get(name) ?? []), c.id]);
    }
    const errors: RowError[] = [...kept];
    const byRow = new Map<number, Candidate>();
    const firstRowOf = new Map<string, number>();
    for (const [index, r] of sheet.rows.entries()) {
      if (index < done) {
        const stuNo = (r.cells[cols.stuNo!] ?? '').toLowerCase();
        if (stuNo && !firstRowOf.has(stuNo)) firstRowOf.set(stuNo, r.row);
        continue;
      }
      const checked = checkRow(r, cols, classIds);
      errors.push(...checked.errors);
      const stuNo = (r.cells[cols.stuNo!] ?? '').toLowerCase();
      if (stuNo && firstRowOf.has(stuNo)) {
        errors.push({
          row: r.row,
          field: 'stuNo',
          errorKey: 'imports.stu_no_repeated',
          value: r.cells[cols.stuNo!]!.slice(0, VALUE_MAX),
        });
        continue;
      }
      if (stuNo) firstRowOf.set(stuNo, r.row);
      if (checked.candidate) byRow.set(r.row, checked.candidate);
    }

    const candidates = [...byRow.values()];
    for (let i = 0; i < candidates.length; i += LOOKUP) {
      const part = candidates.slice(i, i + LOOKUP);
      const [logins, numbers] = await Promise.all([
        repo.takenUsernames(
          db,
          part.map((c) => c.stuNo.toLowerCase()),
        ),
        repo.takenStuNos(
          db,
          schoolId,
          part.map((c) => c.stuNo),
        ),
      ]);
      for (const c of part) {
        const taken = numbers.has(c.stuNo)
          ? 'imports.stu_no_exists'
          : logins.has(c.stuNo.toLowerCase())
            ? 'imports.username_taken'
            : null;
        if (!taken) continue;
        errors.push({ row: c.row, field: 'stuNo', errorKey: taken, value: c.stuNo });
        byRow.delete(c.row);
      }
    }

    const max = (await repo.schoolLimit(db, schoolId)) ?? 0;
    if (max > 0) {
      let room = Math.max(0, max - (await repo.countStudents(db, schoolId)));
      for (const c of byRow.values()) {
        if (room > 0) {
          room--;
          continue;
        }
        errors.push({ row: c.row, field: '', errorKey: 'imports.max_students', value: '' });
        byRow.delete(c.row);
      }
    }
    const sortErrors = () => {
      const order = (f: string) => studentImportColumns.findIndex((c) => c.field === f);
      errors.sort((a, b) => a.row - b.row || order(a.field) - order(b.field));
    };
    sortErrors();
    let processed = done;
    let succeeded = before && done > 0 ? before.succeeded : 0;
    await repo.updateJob(db, jobId, {
      total,
      processed,
      succeeded,
      failed: processed - succeeded,
      errors,
    });

    const studentRoleId = (await roleIdsByCode(db, config.webClientId, ['student'])).get('student');
    if (!studentRoleId) throw new Error(`no student role in ${config.webClientId}`);
    const defaultHash = byRow.size > 0 ? await this.defaultPasswordHash() : '';
    const hashes = new Map<string, Promise<string>>();
    const hashOf = (password: string | null) => {
      if (!password) return Promise.resolve(defaultHash);
      let h = hashes.get(password);
      if (!h) {
        h = hashPassword(password);
        hashes.set(password, h);
      }
      return h;
    };

    for (let i = done; i < sheet.rows.length; i += BATCH) {
      // Another process has taken the job over: it imports the rest.
      signal.throwIfAborted();
      const rows = sheet.rows.slice(i, i + BATCH);
      const batch = rows.flatMap((r) => {
        const c = byRow.get(r.row);
        return c ? [c] : [];
      });
      const passwordHashes = new Map<number, string>();
      await eachLimited(batch, Math.max(1, os.availableParallelism()), async (c) => {
        passwordHashes.set(c.row, await hashOf(c.password));
      });
      const inserts = batch.map((c): NewStudent => ({
        id: this.ctx.ids.next(),
        schoolId,
        classId: c.classId,
        username: c.stuNo,
        passwordHash: passwordHashes.get(c.row)!,
        name: c.name,
        sex: c.sex,
        stuNo: c.stuNo,
        phone: c.phone,
      }));
      const progress = { jobId, rows, processed, succeeded };
      succeeded += await this.insertBatch(
        schoolId,
        inserts,
        batch,
        studentRoleId,
        errors,
        progress,
      );
      processed += rows.length;
      await repo.updateJob(db, jobId, {
        processed,
        succeeded,
        failed: processed - succeeded,
        errors,
      });
    }
    sortErrors();
    await repo.updateJob(db, jobId, {
      status: 'done',
      processed: total,
      succeeded,
      failed: total - succeeded,
      errors,
      finishedAt: this.ctx.now(),
    });
  }

  /**
   * Inserts a batch in one transaction, as far as the school's student limit allows: the limit is
   * checked under the lock manual additions take. If another request took one of its student
   * numbers in the meantime, the batch is retried row by row and the rows that collide become
   * errors. Every insert records the job's progress in its own transaction, so an attempt that
   * takes over after a crash starts after the last rows inserted, with their outcomes; rows not
   * inserted come out the same when tried again.
   */
  private async insertBatch(
    schoolId: string,
    inserts: NewStudent[],
    batch: Candidate[],
    roleId: string,
    errors: RowError[],
    progress: { jobId: string; rows: SheetRow[]; processed: number; succeeded: number },
  ): Promise<number> {
    const { db } = this.ctx;
    const overLimit = (i: number) =>
      errors.push({ row: batch[i]!.row, field: '', errorKey: 'imports.max_students', value: '' });
    /** Records every sheet row up to and including `lastRow` as done, in `tx`. */
    const record = (tx: Db, lastRow: number, inserted: number) => {
      const through = progress.rows.findIndex((r) => r.row > lastRow);
      const processed = progress.processed + (through < 0 ? progress.rows.length : through);
      const succeeded = progress.succeeded + inserted;
      return repo.updateJob(tx, progress.jobId, {
        processed,
        succeeded,
        failed: processed - succeeded,
        errors,
      });
    };
    const errorCount = errors.length;
    try {
      const fitting = await db.transaction(async (tx) => {
        const room = await studentRoom(tx, schoolId);
        const rows = inserts.slice(0, room);
        await insertStudentBatch(tx, rows, roleId, this.ctx.now());
        for (let i = rows.length; i < inserts.length; i++) overLimit(i);
        await record(tx, progress.rows.at(-1)!.row, rows.length);
        return rows.length;
      });
      return fitting;
    } catch (error) {
      errors.length = errorCount;
      if (uniqueViolationOf(error) === null) throw error;
    }
    let inserted = 0;
    for (const [i, row] of inserts.entries()) {
      try {
        const fits = await db.transaction(async (tx) => {
          if ((await studentRoom(tx, schoolId)) < 1) return false;
          await insertStudentBatch(tx, [row], roleId, this.ctx.now());
          await record(tx, batch[i]!.row, inserted + 1);
          return true;
        });
        if (fits) inserted++;
        else overLimit(i);
      } catch (error) {
        const constraint = uniqueViolationOf(error);
        if (constraint === null) throw error;
        errors.push({
          row: batch[i]!.row,
          field: 'stuNo',
          errorKey:
            constraint === 'users_school_stu_no_key'
              ? 'imports.stu_no_exists'
              : 'imports.username_taken',
          value: row.stuNo,
        });
      }
    }
    return inserted;
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
