import {
  rootRegionId,
  type ChangePasswordRequest,
  type CurrentUser,
  type Lang,
  type LoginLogRequest,
  type userRecordSaveSchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { checkChosenPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../auth/auth.plugin';
import * as auth from '../auth/auth.service';
import type { Attempt, LoginThrottle } from '../auth/login-throttle';
import * as repo from './users.repo';
import { requireOwnRecord, requireSelf } from './users.policy';

type UserRecordSave = z.output<typeof userRecordSaveSchema>;

export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  async current(actor: Actor, lang: Lang): Promise<CurrentUser> {
    const row = await repo.findProfile(this.ctx.db, actor.userId);
    if (!row) throw notFound('users.not_found');
    const { user } = row;
    const roles = await auth.rolesOfUser(this.ctx.db, user.id);
    return {
      id: user.id,
      userId: user.id,
      userName: user.username,
      name: user.name,
      avatar: user.avatar,
      birthday: user.birthday,
      city: user.city,
      province: user.province,
      address: user.address,
      collegeId: user.schoolId,
      collegeKind: row.collegeKind,
      collegeName: row.collegeName,
      contactPhone: user.contactPhone,
      contactName: user.contactName,
      email: user.email,
      kind: user.kind,
      sex: user.sex,
      stuNo: user.stuNo,
      phone: user.phone,
      language: user.language,
      enabled: user.enabled,
      mustChangePassword: user.mustChangePassword,
      roles: roles.map((r) => ({
        id: r.id,
        tenantId: r.tenantId,
        code: r.code,
        name: lang === 'en' ? (r.nameEn ?? r.name) : r.name,
      })),
    };
  }

  /**
   * Changes the actor's own password and ends every session of the account. The old password is
   * checked under the sign-in throttling, the session being the device (decision 0013).
   */
  async changePassword(
    actor: Actor,
    body: ChangePasswordRequest,
    from: { ip: string; throttle: LoginThrottle },
  ): Promise<void> {
    requireSelf(actor, body.userId);
    if (body.oldPwd === body.newPwd)
      throw new AppError('users.password_same', { fields: { newPwd: 'same_as_old' } });
    const user = await auth.findUserById(this.ctx.db, actor.userId);
    if (!user) throw notFound('users.not_found');
    checkChosenPassword(body.newPwd, { logins: [user.username], name: user.name }, 'newPwd', [
      this.ctx.config.defaultPassword,
    ]);
    const attempt: Attempt = {
      login: actor.username,
      device: `session:${actor.sessionId}`,
      address: from.ip,
    };
    const verdict = await from.throttle.admit(attempt);
    if (!verdict.allowed) throw auth.throttled(verdict.retryAfterMs, 'users.password_throttled');
    if (!(await verifyPassword(user.passwordHash, body.oldPwd))) {
      await from.throttle.failed(attempt, verdict);
      throw new AppError('users.old_password_wrong', { fields: { oldPwd: 'wrong' } });
    }
    await from.throttle.succeeded(attempt);
    const now = this.ctx.now();
    const hash = await hashPassword(body.newPwd);
    await this.ctx.db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, actor.userId, hash, now);
      await auth.revokeUserSessions(tx, actor.userId, 'password_changed', now);
    });
  }

  /**
   * Updates the caller's own user record of the web host. Any other id is answered as not found,
   * so the call never tells whether another account exists.
   */
  async saveOwnRecord(actor: Actor, body: UserRecordSave, lang: Lang): Promise<CurrentUser> {
    requireOwnRecord(actor, body.id);
    const province = body.province || null;
    const city = body.city || null;
    await this.checkRegion(province, city);
    const found = await repo.updateRecord(
      this.ctx.db,
      actor.userId,
      {
        name: body.name,
        sex: body.sex,
        birthday: body.birthday || null,
        province,
        city,
        address: body.address || null,
        contactName: body.contactName || null,
        contactPhone: body.contactPhone || null,
        email: body.email || null,
      },
      this.ctx.now(),
    );
    if (!found) throw notFound('users.not_found');
    return this.current(actor, lang);
  }

  /** A province of the region dictionary, and a city of that province. */
  private async checkRegion(province: string | null, city: string | null): Promise<void> {
    if (province) {
      const row = await repo.findRegion(this.ctx.db, province);
      if (row?.pid !== rootRegionId)
        throw invalid('users.region_invalid', { province: 'invalid_value' });
    }
    if (city) {
      const row = await repo.findRegion(this.ctx.db, city);
      if (!province || row?.pid !== province)
        throw invalid('users.region_invalid', { city: 'invalid_value' });
    }
  }

  /** Enables or disables an account; disabling ends its sessions at once. */
  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      await repo.setEnabled(tx, userId, enabled, now);
      if (!enabled) await auth.revokeUserSessions(tx, userId, 'account_disabled', now);
    });
  }

  async recordLogin(
    actor: Actor,
    body: LoginLogRequest,
    info: { ip: string; userAgent?: string | undefined },
  ) {
    await auth.insertLoginLog(this.ctx.db, {
      id: this.ctx.ids.next(),
      userId: actor.userId,
      schoolId: actor.schoolId,
      username: actor.username,
      clientId: body.clientId ?? actor.clientId,
      source: 'client',
      success: true,
      ip: info.ip,
      userAgent: info.userAgent?.slice(0, 500) ?? null,
      details: {
        loginType: body.loginType ?? null,
        language: body.language ?? null,
        screen: body.screen ?? null,
      },
    });
  }
}

/** What other features do with accounts: the users feature alone writes its tables. */
export function detachDeletedFromClass(
  ...args: Parameters<typeof repo.detachDeletedFromClass>
): ReturnType<typeof repo.detachDeletedFromClass> {
  return repo.detachDeletedFromClass(...args);
}
export function findProfile(
  ...args: Parameters<typeof repo.findProfile>
): ReturnType<typeof repo.findProfile> {
  return repo.findProfile(...args);
}
export function insertAccounts(
  ...args: Parameters<typeof repo.insertAccounts>
): ReturnType<typeof repo.insertAccounts> {
  return repo.insertAccounts(...args);
}
export function insertStudentBatch(
  ...args: Parameters<typeof repo.insertStudentBatch>
): ReturnType<typeof repo.insertStudentBatch> {
  return repo.insertStudentBatch(...args);
}
export function replaceRole(
  ...args: Parameters<typeof repo.replaceRole>
): ReturnType<typeof repo.replaceRole> {
  return repo.replaceRole(...args);
}
export function roleIdsByCode(
  ...args: Parameters<typeof repo.roleIdsByCode>
): ReturnType<typeof repo.roleIdsByCode> {
  return repo.roleIdsByCode(...args);
}
export function softDeleteSchoolAccount(
  ...args: Parameters<typeof repo.softDeleteSchoolAccount>
): ReturnType<typeof repo.softDeleteSchoolAccount> {
  return repo.softDeleteSchoolAccount(...args);
}
export function updateSchoolAccount(
  ...args: Parameters<typeof repo.updateSchoolAccount>
): ReturnType<typeof repo.updateSchoolAccount> {
  return repo.updateSchoolAccount(...args);
}
export function usernameTaken(
  ...args: Parameters<typeof repo.usernameTaken>
): ReturnType<typeof repo.usernameTaken> {
  return repo.usernameTaken(...args);
}
export type NewAccount = repo.NewAccount;
export type NewStudent = repo.NewStudent;
