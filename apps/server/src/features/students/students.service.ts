import type { z } from 'zod';
import {
  UserKind,
  batchStuNos,
  type ResetPasswordMode,
  type Student,
  type StudentBatchResult,
  type StudentDetail,
  type studentBatchCreateSchema,
  type studentPageQuerySchema,
  type studentSaveSchema,
} from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { checkChosenPassword, hashPassword, randomPassword } from '../../lib/passwords';
import { accountStatusOf, schoolServiceEnded } from '../auth/account-status';
import type { Actor } from '../auth/auth.plugin';
import { revokeUserSessions } from '../auth/auth.service';
import * as accounts from '../users/users.service';
import { enabledFilterOf } from './account-rules';
import { uniqueViolationOf } from '../../lib/sql';
import { requireStudentKeeper } from './students.policy';
import * as repo from './students.repo';

type StudentSave = z.output<typeof studentSaveSchema>;
type StudentPageQuery = z.output<typeof studentPageQuerySchema>;
type StudentBatchCreate = z.output<typeof studentBatchCreateSchema>;

/**
 * Room left under the school's student limit (Infinity: no limit). Takes the lock that manual
 * additions take, held until the caller's transaction ends, so whatever the caller then inserts
 * cannot pass the limit together with them.
 */
export async function studentRoom(db: Db, schoolId: string): Promise<number> {
  const quota = await repo.lockStudentQuota(db, schoolId);
  return quota.max > 0 ? Math.max(0, quota.max - quota.current) : Infinity;
}

export function presentStudent(row: repo.StudentRow, serviceEnded: boolean): Student {
  return {
    id: row.id,
    username: row.username,
    stuNo: row.stuNo,
    name: row.name ?? '',
    sex: row.sex,
    phone: row.phone,
    classId: row.classId,
    className: row.className,
    enabled: row.enabled,
    status: accountStatusOf(row.enabled, serviceEnded),
    createdAt: row.createdAt.toISOString(),
  };
}

/** At most this many taken numbers are listed in a refusal. */
const takenListed = 20;

export class StudentsService {
  private readonly users: accounts.UsersService;

  constructor(private readonly ctx: AppContext) {
    this.users = new accounts.UsersService(ctx);
  }

  private serviceEnded(schoolId: string) {
    return schoolServiceEnded(this.ctx.db, schoolId, this.ctx.now());
  }

  private async studentRoleId(): Promise<string> {
    const ids = await accounts.roleIdsByCode(this.ctx.db, this.ctx.config.webClientId, ['student']);
    const id = ids.get('student');
    if (!id) throw new Error('the student role is not seeded');
    return id;
  }

  /** The actor's school and one student of it (not found for any other id). */
  private async studentOf(actor: Actor, id: string) {
    const schoolId = requireStudentKeeper(actor);
    const row = await repo.findStudent(this.ctx.db, schoolId, id);
    if (!row) throw notFound('students.not_found');
    return { schoolId, row };
  }

  /** A class of the school that takes students: another school's class is not found. */
  private async usableClass(schoolId: string, classId: string) {
    const found = await repo.findClass(this.ctx.db, schoolId, classId);
    if (!found) throw notFound('students.class_not_found');
    if (found.archivedAt) throw invalid('students.class_archived', { classId: 'invalid_value' });
    return found;
  }

  /** Refuses a student number a student of the school has, or that another account signs in with. */
  private async checkStuNo(schoolId: string, stuNo: string, exceptId?: string) {
    if ((await repo.stuNosInSchool(this.ctx.db, schoolId, [stuNo], exceptId)).length > 0) {
      throw invalid('students.stu_no_exists', { stuNo: 'invalid_value' });
    }
    if (await accounts.usernameTaken(this.ctx.db, stuNo, exceptId)) {
      throw invalid('students.stu_no_taken', { stuNo: 'invalid_value' });
    }
  }

  private stuNoConflict(error: unknown): never {
    const index = uniqueViolationOf(error);
    if (index === 'users_school_stu_no_key')
      throw invalid('students.stu_no_exists', { stuNo: 'invalid_value' });
    if (index !== null) throw invalid('students.stu_no_taken', { stuNo: 'invalid_value' });
    throw error;
  }

  async page(actor: Actor, q: StudentPageQuery) {
    const schoolId = requireStudentKeeper(actor);
    if (q.classId && !(await repo.findClass(this.ctx.db, schoolId, q.classId))) {
      throw notFound('students.class_not_found');
    }
    const ended = await this.serviceEnded(schoolId);
    const enabled = enabledFilterOf(q.status, ended);
    const empty = { records: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
    if (!enabled) return empty;
    const { records, total } = await repo.pageStudents(
      this.ctx.db,
      schoolId,
      {
        name: q.name || undefined,
        stuNo: q.stuNo || undefined,
        phone: q.phone || undefined,
        classId: q.classId,
        ...enabled,
      },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) => presentStudent(r, ended)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async get(actor: Actor, id: string): Promise<StudentDetail> {
    const { schoolId, row } = await this.studentOf(actor, id);
    const [ended, lastLogin] = await Promise.all([
      this.serviceEnded(schoolId),
      repo.lastLoginAt(this.ctx.db, id),
    ]);
    return {
      ...presentStudent(row, ended),
      classArchived: row.classArchived,
      updatedAt: row.updatedAt.toISOString(),
      lastLoginAt: lastLogin?.toISOString() ?? null,
    };
  }

  async save(actor: Actor, body: StudentSave): Promise<StudentDetail> {
    const id = body.id ? await this.update(actor, body.id, body) : await this.add(actor, body);
    return this.get(actor, id);
  }

  /** Refuses with the school's limit when it already has as many students as it may have. */
  private async withinQuota(db: Db, schoolId: string, adding: number) {
    const quota = await repo.lockStudentQuota(db, schoolId);
    if (quota.max <= 0 || quota.current + adding <= quota.max) return;
    if (adding === 1) {
      throw new AppError('students.school_full', { status: 409, params: { max: quota.max } });
    }
    throw new AppError('students.batch_over_limit', {
      status: 409,
      params: { count: adding, max: quota.max, current: quota.current },
    });
  }

  /** A new student signs in with the student number; without a password, the default one. */
  private async add(actor: Actor, body: StudentSave): Promise<string> {
    const schoolId = requireStudentKeeper(actor);
    if (body.password)
      checkChosenPassword(body.password, { logins: [body.stuNo], name: body.name }, 'password');
    await this.usableClass(schoolId, body.classId);
    await this.checkStuNo(schoolId, body.stuNo);
    const [roleId, passwordHash] = await Promise.all([
      this.studentRoleId(),
      hashPassword(body.password || this.ctx.config.defaultPassword),
    ]);
    const id = this.ctx.ids.next();
    const now = this.ctx.now();
    try {
      await this.ctx.db.transaction(async (tx) => {
        await this.withinQuota(tx, schoolId, 1);
        await accounts.insertAccounts(
          tx,
          [
            {
              id,
              schoolId,
              classId: body.classId,
              username: body.stuNo,
              stuNo: body.stuNo,
              passwordHash,
              mustChangePassword: true,
              name: body.name,
              sex: body.sex,
              phone: body.phone || null,
              kind: UserKind.STUDENT,
              enabled: true,
              createdAt: now,
              updatedAt: now,
            },
          ],
          roleId,
        );
      });
    } catch (error) {
      this.stuNoConflict(error);
    }
    return id;
  }

  /**
   * A new student number moves the login with it. The class may stay an archived one, but a
   * student only moves into a class that takes students. A new password ends the sessions.
   */
  private async update(actor: Actor, id: string, body: StudentSave): Promise<string> {
    const { schoolId, row } = await this.studentOf(actor, id);
    if (body.password) {
      const owner = { logins: [body.stuNo, row.username], name: body.name };
      checkChosenPassword(body.password, owner, 'password');
    }
    if (body.classId !== row.classId) await this.usableClass(schoolId, body.classId);
    const stuNoChanged = body.stuNo !== row.stuNo;
    if (stuNoChanged) await this.checkStuNo(schoolId, body.stuNo, id);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const now = this.ctx.now();
    try {
      await this.ctx.db.transaction(async (tx) => {
        await accounts.updateSchoolAccount(
          tx,
          { schoolId, id, kind: UserKind.STUDENT },
          {
            ...(stuNoChanged ? { stuNo: body.stuNo, username: body.stuNo } : {}),
            name: body.name,
            sex: body.sex,
            phone: body.phone || null,
            classId: body.classId,
            updatedAt: now,
            ...(passwordHash
              ? { passwordHash, mustChangePassword: true, passwordChangedAt: now }
              : {}),
          },
        );
        if (passwordHash) await revokeUserSessions(tx, id, 'password_reset', now);
      });
    } catch (error) {
      this.stuNoConflict(error);
    }
    return id;
  }

  /** Disabling ends the student's sessions at once. */
  async setEnabled(actor: Actor, id: string, enabled: boolean): Promise<StudentDetail> {
    await this.studentOf(actor, id);
    await this.users.setEnabled(id, enabled);
    return this.get(actor, id);
  }

  /** Sets the default or a random password, shown once to the caller; the sessions end. */
  async resetPassword(
    actor: Actor,
    id: string,
    mode: ResetPasswordMode,
  ): Promise<{ password: string }> {
    const { schoolId } = await this.studentOf(actor, id);
    const password = mode === 'random' ? randomPassword() : this.ctx.config.defaultPassword;
    const passwordHash = await hashPassword(password);
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      await accounts.updateSchoolAccount(
        tx,
        { schoolId, id, kind: UserKind.STUDENT },
        {
          passwordHash,
          mustChangePassword: true,
          passwordChangedAt: now,
          updatedAt: now,
        },
      );
      await revokeUserSessions(tx, id, 'password_reset', now);
    });
    return { password };
  }

  private async takenOf(schoolId: string, stuNos: string[]): Promise<string[]> {
    const [inSchool, logins] = await Promise.all([
      repo.stuNosInSchool(this.ctx.db, schoolId, stuNos),
      repo.usernamesTaken(this.ctx.db, stuNos),
    ]);
    const school = new Set(inSchool);
    return stuNos.filter((s) => school.has(s) || logins.has(s.toLowerCase()));
  }

  private batchTaken(taken: string[]): AppError {
    const listed = taken.slice(0, takenListed).join(', ');
    return new AppError('students.batch_taken', {
      status: 409,
      fields: { stuNoPrefix: 'invalid_value' },
      params: {
        count: taken.length,
        numbers: taken.length > takenListed ? `${listed} …` : listed,
      },
    });
  }

  /**
   * Creates numbered accounts with the default password, all or none: refused when a number is
   * taken or the school would pass its student limit. The default password is hashed once.
   */
  async batchCreate(actor: Actor, body: StudentBatchCreate): Promise<StudentBatchResult> {
    const schoolId = requireStudentKeeper(actor);
    const target = await this.usableClass(schoolId, body.classId);
    const stuNos = batchStuNos(body);
    const taken = await this.takenOf(schoolId, stuNos);
    if (taken.length > 0) throw this.batchTaken(taken);
    const [roleId, passwordHash] = await Promise.all([
      this.studentRoleId(),
      hashPassword(this.ctx.config.defaultPassword),
    ]);
    const now = this.ctx.now();
    const rows = stuNos.map((stuNo) => ({
      id: this.ctx.ids.next(),
      schoolId,
      classId: body.classId,
      username: stuNo,
      stuNo,
      passwordHash,
      mustChangePassword: true,
      name: stuNo,
      kind: UserKind.STUDENT,
      enabled: true,
      createdAt: now,
      updatedAt: now,
    }));
    try {
      await this.ctx.db.transaction(async (tx) => {
        await this.withinQuota(tx, schoolId, rows.length);
        await accounts.insertAccounts(tx, rows, roleId);
      });
    } catch (error) {
      const again = uniqueViolationOf(error) === null ? [] : await this.takenOf(schoolId, stuNos);
      throw again.length > 0 ? this.batchTaken(again) : error;
    }
    return { stuNos, className: target.name };
  }
}
