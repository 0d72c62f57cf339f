import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regions, roles, schools, users } from '../../db/schema';
import { findUserByUsername } from '../auth/auth.repo';

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
  const user = await findUserByUsername(db, username);
  return Boolean(user && user.id !== exceptId);
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
