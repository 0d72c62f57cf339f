import type { z } from 'zod';
import {
  UserKind,
  type Teacher,
  type TeacherRole,
  type teacherPageQuerySchema,
  type teacherSaveSchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { checkChosenPassword, hashPassword } from '../../lib/passwords';
import { accountStatusOf, schoolServiceEnded } from '../auth/account-status';
import type { Actor } from '../auth/auth.plugin';
import { refreshSessionsOf, revokeUserSessions } from '../auth/auth.service';
import * as accounts from '../users/users.service';
import { enabledFilterOf } from '../students/account-rules';
import { uniqueViolationOf } from '../../lib/sql';
import { requireTeacherManager } from './teachers.policy';
import * as repo from './teachers.repo';

type TeacherSave = z.output<typeof teacherSaveSchema>;
type TeacherPageQuery = z.output<typeof teacherPageQuerySchema>;

const kindOf = (role: TeacherRole) =>
  role === 'school-manager' ? UserKind.SCHOOL_ADMIN : UserKind.TEACHER;

export function presentTeacher(row: repo.TeacherRow, serviceEnded: boolean): Teacher {
  return {
    id: row.id,
    username: row.username,
    name: row.name ?? '',
    sex: row.sex,
    phone: row.phone,
    role: row.isManager ? 'school-manager' : 'teacher',
    enabled: row.enabled,
    status: accountStatusOf(row.enabled, serviceEnded),
    createdAt: row.createdAt.toISOString(),
  };
}

const phoneTaken = () => invalid('teachers.phone_taken', { phone: 'invalid_value' });

export class TeachersService {
  private readonly users: accounts.UsersService;

  constructor(private readonly ctx: AppContext) {
    this.users = new accounts.UsersService(ctx);
  }

  private async roleIds(): Promise<repo.TeacherRoleIds> {
    const ids = await accounts.roleIdsByCode(this.ctx.db, this.ctx.config.webClientId, [
      'teacher',
      'school-manager',
    ]);
    const teacher = ids.get('teacher');
    const manager = ids.get('school-manager');
    if (!teacher || !manager) throw new Error('the teacher roles are not seeded');
    return { teacher, manager };
  }

  /** The actor's school, its role ids and one teacher of it (not found for any other id). */
  private async teacherOf(actor: Actor, id: string) {
    const schoolId = requireTeacherManager(actor);
    const ids = await this.roleIds();
    const row = await repo.findTeacher(this.ctx.db, schoolId, ids, id);
    if (!row) throw notFound('teachers.not_found');
    return { schoolId, ids, row };
  }

  private serviceEnded(schoolId: string) {
    return schoolServiceEnded(this.ctx.db, schoolId, this.ctx.now());
  }

  async page(actor: Actor, q: TeacherPageQuery) {
    const schoolId = requireTeacherManager(actor);
    const ended = await this.serviceEnded(schoolId);
    const enabled = enabledFilterOf(q.status, ended);
    const empty = { records: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
    if (!enabled) return empty;
    const { records, total } = await repo.pageTeachers(
      this.ctx.db,
      schoolId,
      await this.roleIds(),
      { name: q.name || undefined, phone: q.phone || undefined, role: q.role, ...enabled },
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) => presentTeacher(r, ended)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async get(actor: Actor, id: string): Promise<Teacher> {
    const { schoolId, row } = await this.teacherOf(actor, id);
    return presentTeacher(row, await this.serviceEnded(schoolId));
  }

  async save(actor: Actor, body: TeacherSave): Promise<Teacher> {
    const id = body.id ? await this.update(actor, body.id, body) : await this.add(actor, body);
    return this.get(actor, id);
  }

  /** A new teacher signs in with the phone number; without a password, the default one. */
  private async add(actor: Actor, body: TeacherSave): Promise<string> {
    const schoolId = requireTeacherManager(actor);
    if (body.password)
      checkChosenPassword(body.password, { logins: [body.phone], name: body.name }, 'password');
    const ids = await this.roleIds();
    if (await accounts.usernameTaken(this.ctx.db, body.phone)) throw phoneTaken();
    const passwordHash = await hashPassword(body.password || this.ctx.config.defaultPassword);
    const id = this.ctx.ids.next();
    const now = this.ctx.now();
    try {
      await this.ctx.db.transaction((tx) =>
        accounts.insertAccounts(
          tx,
          [
            {
              id,
              schoolId,
              username: body.phone,
              passwordHash,
              mustChangePassword: true,
              name: body.name,
              sex: body.sex,
              phone: body.phone,
              kind: kindOf(body.role),
              enabled: true,
              createdAt: now,
              updatedAt: now,
            },
          ],
          body.role === 'school-manager' ? ids.manager : ids.teacher,
        ),
      );
    } catch (error) {
      if (uniqueViolationOf(error) !== null) throw phoneTaken();
      throw error;
    }
    return id;
  }

  /**
   * The login follows a phone change only when it was the old phone; a blank password keeps the
   * old one, a new one ends the teacher's sessions.
   */
  private async update(actor: Actor, id: string, body: TeacherSave): Promise<string> {
    const { schoolId, ids, row } = await this.teacherOf(actor, id);
    if (id === actor.userId && body.role !== 'school-manager') {
      throw new AppError('teachers.self_role', { status: 409 });
    }
    const username = row.username === row.phone ? body.phone : row.username;
    if (body.password) {
      const owner = { logins: [username, body.phone, row.username], name: body.name };
      checkChosenPassword(body.password, owner, 'password');
    }
    if (username !== row.username && (await accounts.usernameTaken(this.ctx.db, username, id))) {
      throw phoneTaken();
    }
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const now = this.ctx.now();
    try {
      await this.ctx.db.transaction(async (tx) => {
        await accounts.updateSchoolAccount(
          tx,
          { schoolId, id },
          {
            username,
            name: body.name,
            sex: body.sex,
            phone: body.phone,
            kind: kindOf(body.role),
            updatedAt: now,
            ...(passwordHash
              ? { passwordHash, mustChangePassword: id !== actor.userId, passwordChangedAt: now }
              : {}),
          },
        );
        if (row.isManager !== (body.role === 'school-manager')) {
          await accounts.replaceRole(
            tx,
            id,
            [ids.teacher, ids.manager],
            body.role === 'school-manager' ? ids.manager : ids.teacher,
          );
        }
        if (passwordHash) await revokeUserSessions(tx, id, 'password_reset', now);
      });
    } catch (error) {
      if (uniqueViolationOf(error) !== null) throw phoneTaken();
      throw error;
    }
    // Signed-in sessions see the new role at once.
    await refreshSessionsOf(this.ctx.db, id);
    return id;
  }

  /** Disabling ends the teacher's sessions at once; nobody disables their own account. */
  async setEnabled(actor: Actor, id: string, enabled: boolean): Promise<Teacher> {
    await this.teacherOf(actor, id);
    if (!enabled && id === actor.userId) {
      throw new AppError('teachers.self_disable', { status: 409 });
    }
    await this.users.setEnabled(id, enabled);
    return this.get(actor, id);
  }

  /** Soft delete; refused while the teacher holds teaching tasks that are not archived. */
  async remove(actor: Actor, id: string): Promise<void> {
    const { schoolId } = await this.teacherOf(actor, id);
    if (id === actor.userId) throw new AppError('teachers.self_delete', { status: 409 });
    const now = this.ctx.now();
    const deleted = await this.ctx.db.transaction(async (tx) => {
      const done = await accounts.softDeleteSchoolAccount(
        tx,
        { schoolId, id },
        now,
        repo.holdsOpenTask,
      );
      if (done) await revokeUserSessions(tx, id, 'account_deleted', now);
      return done;
    });
    if (deleted) return;
    if ((await repo.openTaskCount(this.ctx.db, schoolId, id)) > 0) {
      throw new AppError('teachers.has_tasks', { status: 409 });
    }
    throw notFound('teachers.not_found');
  }
}
