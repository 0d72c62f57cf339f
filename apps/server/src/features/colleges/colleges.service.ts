import {
  collegeImportColumns,
  collegeLimits,
  formatMessage,
  rootRegionId,
  UserKind,
  type College,
  type CollegeAdmin,
  type CollegeImportError,
  type CollegeImportResult,
  type collegeAdminCreateSchema,
  type collegePageQuerySchema,
  type collegeSaveSchema,
  type Lang,
  type MessageKey,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { checkChosenPassword, hashPassword } from '../../lib/passwords';
import type { Actor } from '../auth/auth.plugin';
import { readSheet, writeSheet } from '../imports/spreadsheet';
import * as regions from '../regions/regions.service';
import {
  columnsOf,
  importErrorMessage,
  readRow,
  RegionMatcher,
  type ImportedCollege,
} from './colleges.import';
import { revokeSchoolSessions } from '../auth/auth.service';
import * as schools from '../schools/schools.service';
import { requireCollegeChange } from './colleges.policy';
import * as accounts from '../users/users.service';
import * as repo from './colleges.repo';
import { uniqueViolationOf } from '../../lib/sql';

type CollegeSave = z.output<typeof collegeSaveSchema>;
type CollegePageQuery = z.output<typeof collegePageQuerySchema>;
type AdminCreate = z.output<typeof collegeAdminCreateSchema>;

const schoolManager = 'school-manager';

export function presentCollege(
  row: repo.CollegeRow,
  counts: { accounts: number; students: number } | undefined,
  lang: Lang,
): College {
  const name = (zh: string | null, en: string | null) =>
    zh === null ? null : regions.regionName({ name: zh, nameEn: en ?? zh }, lang);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    type: row.type,
    province: row.province,
    provinceName: name(row.provinceName, row.provinceNameEn),
    city: row.city,
    cityName: name(row.cityName, row.cityNameEn),
    enabled: row.enabled,
    intro: row.intro,
    address: row.address,
    totalBalance: row.totalBalance,
    rechargeBalance: row.rechargeBalance,
    giftBalance: row.giftBalance,
    tokenCount: row.tokenCount,
    pptCount: row.pptCount,
    accountCount: counts?.accounts ?? 0,
    maxStudents: row.maxStudents,
    studentCount: counts?.students ?? 0,
    purchasedCourseCount: row.purchasedCourseCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export class CollegesService {
  constructor(private readonly ctx: AppContext) {}

  private async present(id: string, lang: Lang): Promise<College> {
    const row = await repo.findCollege(this.ctx.db, id);
    if (!row) throw notFound('schools.not_found');
    const counts = await repo.accountCounts(this.ctx.db, [id]);
    return presentCollege(row, counts.get(id), lang);
  }

  private async liveCollege(id: string): Promise<repo.CollegeRow> {
    const row = await repo.findCollege(this.ctx.db, id);
    if (!row) throw notFound('schools.not_found');
    return row;
  }

  async page(q: CollegePageQuery, lang: Lang) {
    const { records, total } = await repo.pageColleges(
      this.ctx.db,
      { ...q, enabled: q.enabled === undefined ? undefined : q.enabled === 'true' },
      q.pageNum,
      q.pageSize,
    );
    const counts = await repo.accountCounts(
      this.ctx.db,
      records.map((r) => r.id),
    );
    return {
      records: records.map((r) => presentCollege(r, counts.get(r.id), lang)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async get(id: string, lang: Lang): Promise<College> {
    return this.present(id, lang);
  }

  /**
   * Adds (no id) or updates a school. A failure of the rules answers "Failed to add" or "Update
   * failed" with the reason, and the field it concerns.
   */
  async save(actor: Actor, body: CollegeSave, lang: Lang): Promise<College> {
    const { db } = this.ctx;
    const creating = !body.id;
    const fail = (
      reason: MessageKey,
      field: string,
      status: number,
      params?: Record<string, string | number>,
    ) =>
      new AppError(creating ? 'colleges.add_failed' : 'colleges.update_failed', {
        status,
        fields: { [field]: 'invalid_value' },
        params: { reason: formatMessage(reason, lang, params) },
      });

    const current = body.id ? await this.liveCollege(body.id) : undefined;
    if (current) await requireCollegeChange(db, actor, current, body);

    const province = await regions.findRegion(db, body.province);
    if (province?.pid !== rootRegionId) throw fail('colleges.province_unknown', 'province', 400);
    const city = body.city === undefined ? (current?.city ?? null) : body.city || null;
    if (city && !(await regions.isChildOf(db, city, province.id))) {
      throw fail('colleges.city_unknown', 'city', 400);
    }
    const url = body.url ?? current?.url;
    if (url === undefined) throw invalid('common.invalid_input', { url: 'required' });
    if (url !== current?.url && (await repo.urlTaken(db, url, current?.id))) {
      throw fail('colleges.url_taken', 'url', 409);
    }
    if (current && body.maxStudents) {
      const students = await repo.studentCount(db, current.id);
      if (body.maxStudents < students) {
        throw fail('colleges.below_students', 'maxStudents', 400, { count: students });
      }
    }

    const now = this.ctx.now();
    const values = {
      name: body.name,
      url,
      type: body.type,
      province: province.id,
      city,
      intro: body.intro ?? current?.intro ?? '',
      address: body.address ?? current?.address ?? '',
      maxStudents: body.maxStudents ?? current?.maxStudents ?? 0,
      purchasedCourseCount: body.purchasedCourseCount ?? current?.purchasedCourseCount ?? 0,
      enabled: body.enabled ?? current?.enabled ?? true,
      updatedAt: now,
    };
    let id = current?.id;
    try {
      if (current) {
        if (!(await schools.updateLiveSchool(db, current.id, values)))
          throw notFound('schools.not_found');
        if (current.enabled && !values.enabled)
          await revokeSchoolSessions(db, current.id, 'school_disabled', now);
      } else {
        id = this.ctx.ids.next();
        await schools.insertSchool(db, { ...values, id, createdAt: now });
      }
    } catch (error) {
      if (uniqueViolationOf(error) !== null) throw fail('colleges.url_taken', 'url', 409);
      throw error;
    }
    return this.present(id!, lang);
  }

  /**
   * Soft delete: the school and its accounts stay in the database, out of every list; its
   * accounts can no longer sign in and their sessions end.
   */
  async remove(id: string): Promise<void> {
    const now = this.ctx.now();
    const done = await schools.updateLiveSchool(this.ctx.db, id, {
      deletedAt: now,
      updatedAt: now,
    });
    if (!done) throw notFound('schools.not_found');
    await revokeSchoolSessions(this.ctx.db, id, 'school_deleted', now);
  }

  /** Disabling a school refuses its accounts' sign-in and ends their sessions at once. */
  async enable(id: string, enabled: boolean, lang: Lang): Promise<College> {
    const now = this.ctx.now();
    const done = await schools.updateLiveSchool(this.ctx.db, id, { enabled, updatedAt: now });
    if (!done) throw notFound('schools.not_found');
    if (!enabled) await revokeSchoolSessions(this.ctx.db, id, 'school_disabled', now);
    return this.present(id, lang);
  }

  async options(name: string | undefined) {
    return repo.collegeOptions(this.ctx.db, name || undefined, collegeLimits.optionsMax);
  }

  /** Sets the maximum of student accounts (0: no limit); never below the students there are. */
  async updateTotalUser(collegeId: string, totalUser: number, lang: Lang): Promise<College> {
    const { db } = this.ctx;
    await this.liveCollege(collegeId);
    if (totalUser > 0) {
      const students = await repo.studentCount(db, collegeId);
      if (totalUser < students) {
        throw new AppError('colleges.below_students', {
          fields: { totalUser: 'invalid_value' },
          params: { count: students },
        });
      }
    }
    await schools.updateLiveSchool(db, collegeId, {
      maxStudents: totalUser,
      updatedAt: this.ctx.now(),
    });
    return this.present(collegeId, lang);
  }

  private async managerRoleId(): Promise<string> {
    const roleId = (
      await accounts.roleIdsByCode(this.ctx.db, this.ctx.config.webClientId, [schoolManager])
    ).get(schoolManager);
    if (!roleId) throw new Error(`role ${schoolManager} is missing`);
    return roleId;
  }

  async admins(collegeId: string): Promise<CollegeAdmin[]> {
    await this.liveCollege(collegeId);
    return repo.accountsWithRole(this.ctx.db, collegeId, await this.managerRoleId());
  }

  /** A school administrator: the phone is the login, the password the default one if none. */
  async addAdmin(body: AdminCreate, lang: Lang): Promise<CollegeAdmin> {
    const { db, config } = this.ctx;
    await this.liveCollege(body.collegeId);
    if (body.password)
      checkChosenPassword(body.password, { logins: [body.phone], name: body.name }, 'password');
    const phoneTaken = () =>
      new AppError('colleges.add_failed', {
        status: 409,
        fields: { phone: 'invalid_value' },
        params: { reason: formatMessage('colleges.phone_taken', lang) },
      });
    if (await accounts.usernameTaken(db, body.phone)) throw phoneTaken();
    const roleId = await this.managerRoleId();
    const now = this.ctx.now();
    const user = {
      id: this.ctx.ids.next(),
      schoolId: body.collegeId,
      username: body.phone,
      passwordHash: await hashPassword(body.password ?? config.defaultPassword),
      mustChangePassword: true,
      name: body.name,
      phone: body.phone,
      kind: UserKind.SCHOOL_ADMIN,
      enabled: true,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await db.transaction((tx) => accounts.insertAccounts(tx, [user], roleId));
    } catch (error) {
      if (uniqueViolationOf(error) !== null) throw phoneTaken();
      throw error;
    }
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      phone: user.phone,
      enabled: true,
    };
  }

  /** The import template: the header row in the caller's language. */
  async template(lang: Lang): Promise<{ data: Buffer; fileName: string }> {
    const header = collegeImportColumns.map((c) => c[lang]);
    const data = await writeSheet(formatMessage('colleges.import_template_file', lang), header, []);
    return { data, fileName: `${formatMessage('colleges.import_template_file', lang)}.xlsx` };
  }

  /**
   * Imports schools from a spreadsheet. Every valid row becomes a school, each in one insert;
   * refused rows are reported by cell and nothing of them is written.
   */
  async importColleges(
    readFile: () => Promise<{ data: Buffer; fileName: string }>,
    lang: Lang,
  ): Promise<CollegeImportResult> {
    const { db } = this.ctx;
    const file = await readFile();
    const sheet = await readSheet(file.data, file.fileName, {
      maxRows: collegeLimits.importMaxRows,
    });
    const { index, missing } = columnsOf(sheet.header);
    if (missing.length > 0) {
      const names = collegeImportColumns
        .filter((c) => missing.includes(c.field))
        .map((c) => c[lang]);
      throw new AppError('colleges.import_missing_columns', {
        fields: { file: 'invalid_format' },
        params: { columns: names.join(lang === 'zh' ? '、' : ', ') },
      });
    }
    const rows = sheet.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
    if (rows.length === 0) {
      throw new AppError('colleges.import_empty', { fields: { file: 'required' } });
    }

    const matcher = new RegionMatcher(await regions.allUnder(db, rootRegionId), rootRegionId);
    const errors: Omit<CollegeImportError, 'message'>[] = [];
    const failedRows = new Set<number>();
    const candidates: ImportedCollege[] = [];
    for (const r of rows) {
      const { college, errors: rowErrors } = readRow(r.cells, r.row, index, matcher);
      errors.push(...rowErrors);
      if (college) candidates.push(college);
      else failedRows.add(r.row);
    }

    const taken = await repo.takenUrls(
      db,
      candidates.map((c) => c.url),
    );
    const seen = new Set<string>();
    const valid: ImportedCollege[] = [];
    for (const c of candidates) {
      if (taken.has(c.url) || seen.has(c.url)) {
        errors.push({ row: c.row, field: 'url', value: c.url, errorKey: 'colleges.url_taken' });
        failedRows.add(c.row);
      } else {
        seen.add(c.url);
        valid.push(c);
      }
    }

    const now = this.ctx.now();
    const inserted = await schools.insertSchoolsWithFreeUrl(
      db,
      valid.map((c) => ({
        id: this.ctx.ids.next(),
        name: c.name,
        url: c.url,
        type: c.type,
        province: c.province,
        city: c.city,
        address: c.address,
        maxStudents: c.maxStudents,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (const c of valid) {
      if (inserted.has(c.url)) continue;
      errors.push({ row: c.row, field: 'url', value: c.url, errorKey: 'colleges.url_taken' });
      failedRows.add(c.row);
    }

    const order = new Map<string, number>(collegeImportColumns.map((c, i) => [c.field, i]));
    errors.sort((a, b) => a.row - b.row || (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0));
    return {
      succeeded: inserted.size,
      failed: failedRows.size,
      errors: errors.map((e) => ({ ...e, message: importErrorMessage(e.errorKey, lang) })),
    };
  }
}

/** Live accounts and students of each school, for billing's account index. */
export function accountCounts(
  ...args: Parameters<typeof repo.accountCounts>
): ReturnType<typeof repo.accountCounts> {
  return repo.accountCounts(...args);
}
