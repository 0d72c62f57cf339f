import os from 'node:os';
import { importLimits, studentImportColumns } from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { uniqueViolationOf } from '../../lib/sql';
import { studentRoom } from '../students/students.service';
import { insertStudentBatch, roleIdsByCode, type NewStudent } from '../users/users.service';
import { VALUE_MAX, checkRow, columnsOf, type Candidate, type RowError } from './imports.rows';
import * as repo from './imports.repo';
import { prepareSheet, readPrepared, type SheetRow } from './spreadsheet';

/** How a student import runs: the sheet read, its rows checked, the students inserted in batches. */

/** Rows inserted per statement (all of them or none); progress is written after each. */
const BATCH = 500;
/** Student numbers looked up per query. */
const LOOKUP = 5000;

export interface Upload {
  fileName: string;
  data: Buffer;
}

export interface StudentImportPayload {
  schoolId: string;
  fileName: string;
  fileKey: string;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Runs `fn` over the items with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export class StudentImporter {
  private defaultHash: Promise<string> | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** The hash of the default password that imported accounts share, made once per process. */
  defaultPasswordHash(): Promise<string> {
    this.defaultHash ??= hashPassword(this.ctx.config.defaultPassword).catch((error: unknown) => {
      this.defaultHash = null;
      throw error;
    });
    return this.defaultHash;
  }

  /** Waits for the default password's hash when one is being made. */
  async hashed(): Promise<void> {
    await this.defaultHash?.catch(() => undefined);
  }

  /**
   * Reads the uploaded file and imports it. A file that cannot be imported fails the job with the
   * reason; any other error is thrown to the queue, which tries again and, after the last
   * attempt, fails the job.
   */
  async run(
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
}
