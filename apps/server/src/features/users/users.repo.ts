import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { UserKind } from '@platform/contract';
import type { Db } from '../../db/client';
import { regions, roles, schools, userRoles, users } from '../../db/schema';

export async function findProfile(db: Db, userId: string) {
  const rows = await db
    .select({
      user: users,
      collegeName: schools.name,
      collegeKind: schools.type,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setEnabled(db: Db, userId: string, enabled: boolean, now: Date) {
  await db.update(users).set({ enabled, updatedAt: now }).where(eq(users.id, userId));
}

export type UserRecordUpdate = Pick<
  typeof users.$inferInsert,
  | 'name'
  | 'sex'
  | 'birthday'
  | 'province'
  | 'city'
  | 'address'
  | 'contactName'
  | 'contactPhone'
  | 'email'
>;

/** Updates a live account's own record; answers whether it was found. */
export async function updateRecord(
  db: Db,
  userId: string,
  set: UserRecordUpdate,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findRegion(db: Db, id: string) {
  const rows = await db.select().from(regions).where(eq(regions.id, id)).limit(1);
  return rows[0];
}

/** Whether a live account (of any school, or none) other than `exceptId` signs in with this name. */
export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return Boolean(rows[0] && rows[0].id !== exceptId);
}

/** Ids of role rows by code in one application (tenant). */
export async function roleIdsByCode(
  db: Db,
  tenantId: string,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.code, [...codes])));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export type NewAccount = typeof users.$inferInsert;

/** Inserts accounts that all hold one role. */
export async function insertAccounts(db: Db, rows: NewAccount[], roleId: string) {
  if (rows.length === 0) return;
  await db.insert(users).values(rows);
  await db.insert(userRoles).values(rows.map((r) => ({ userId: r.id, roleId })));
}

/** A live account of a school, of one kind when `kind` is given. */
export interface SchoolAccount {
  schoolId: string;
  id: string;
  kind?: number;
}

function liveAccount(of: SchoolAccount): SQL {
  return and(
    eq(users.id, of.id),
    eq(users.schoolId, of.schoolId),
    of.kind === undefined ? undefined : eq(users.kind, of.kind),
    isNull(users.deletedAt),
  )!;
}

export async function updateSchoolAccount(db: Db, of: SchoolAccount, set: Partial<NewAccount>) {
  await db.update(users).set(set).where(liveAccount(of));
}

/**
 * Soft-deletes an account in one statement, unless `blockedBy` (a condition on the row) holds;
 * answers whether it was deleted.
 */
export async function softDeleteSchoolAccount(
  db: Db,
  of: SchoolAccount,
  now: Date,
  blockedBy?: SQL,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: now, enabled: false, updatedAt: now })
    .where(and(liveAccount(of), blockedBy ? sql`not (${blockedBy})` : undefined))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Gives the account `roleId` in place of whichever of `replaced` it holds; other roles stay. */
export async function replaceRole(db: Db, userId: string, replaced: string[], roleId: string) {
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, replaced)));
  await db.insert(userRoles).values({ userId, roleId });
}

/** Deleted accounts keep no class, so that the class itself can go. */
export async function detachDeletedFromClass(db: Db, schoolId: string, classId: string) {
  await db
    .update(users)
    .set({ classId: null })
    .where(
      and(eq(users.schoolId, schoolId), eq(users.classId, classId), isNotNull(users.deletedAt)),
    );
}

export interface NewStudent {
  id: string;
  schoolId: string;
  classId: string;
  username: string;
  passwordHash: string;
  name: string;
  sex: number;
  stuNo: string;
  phone: string | null;
}

/**
 * Inserts enabled student accounts and their role in one statement (all of them or none). The rows
 * travel as one JSON parameter, which keeps a batch of hundreds to a single short statement. Their
 * passwords came from a file, so they must be changed at first sign-in.
 */
export async function insertStudentBatch(
  db: Db,
  rows: NewStudent[],
  studentRoleId: string,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const data = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      school_id: r.schoolId,
      class_id: r.classId,
      username: r.username,
      password_hash: r.passwordHash,
      name: r.name,
      sex: r.sex,
      stu_no: r.stuNo,
      phone: r.phone,
    })),
  );
  await db.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${data}::jsonb) as x(
        id bigint, school_id bigint, class_id bigint, username text, password_hash text,
        name text, sex smallint, stu_no text, phone text)
    ), created as (
      insert into ${users} (id, school_id, class_id, username, password_hash, name, kind, sex,
        stu_no, phone, enabled, must_change_password, created_at, updated_at)
      select id, school_id, class_id, username, password_hash, name, ${UserKind.STUDENT}, sex,
        stu_no, phone, true, true, ${at}, ${at}
      from r
      returning id
    )
    insert into ${userRoles} (user_id, role_id) select id, ${studentRoleId} from created`);
}
