import { and, eq, gt, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announceRevocation } from './revocation';
import {
  authSessions,
  authThrottle,
  customers,
  loginLogs,
  oauthClients,
  roles,
  schools,
  userRoles,
  users,
} from '../../db/schema';

export type OAuthClient = typeof oauthClients.$inferSelect;

export function findClient(db: Db, clientId: string) {
  return db.query.oauthClients.findFirst({ where: eq(oauthClients.id, clientId) });
}

const signInColumns = {
  id: true,
  schoolId: true,
  username: true,
  name: true,
  passwordHash: true,
  enabled: true,
  mustChangePassword: true,
} as const;

/** A live (not deleted) account by its login name. */
export function findUserByUsername(db: Db, username: string) {
  return db.query.users.findFirst({
    where: and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)),
    columns: signInColumns,
  });
}

/** A live (not deleted) account by id. */
export function findUserById(db: Db, userId: string) {
  return db.query.users.findFirst({
    where: and(eq(users.id, userId), isNull(users.deletedAt)),
    columns: signInColumns,
  });
}

/** Whether a school may be signed into: it exists, is not deleted and is enabled. */
export async function schoolOpen(db: Db, schoolId: string): Promise<boolean> {
  const row = await db.query.schools.findFirst({
    where: eq(schools.id, schoolId),
    columns: { enabled: true, deletedAt: true },
  });
  return Boolean(row && row.enabled && !row.deletedAt);
}

/** Ends every live session of a school's accounts, e.g. when the school is disabled or deleted. */
export async function revokeSchoolSessions(db: Db, schoolId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        isNull(authSessions.revokedAt),
        sql`${authSessions.userId} in (select ${users.id} from ${users} where ${users.schoolId} = ${schoolId})`,
      ),
    );
  await announceRevocation(db, { school: schoolId });
}

export interface NewSession {
  id: string;
  userId: string;
  clientId: string;
  accessHash: string;
  accessExpiresAt: Date;
  refreshHash: string;
  refreshExpiresAt: Date;
}

export async function insertSession(db: Db, s: NewSession) {
  await db.insert(authSessions).values(s);
}

/** The live session of an access token, with its user's school and state. */
export async function findActiveSessionByAccess(db: Db, accessHash: string, now: Date) {
  const rows = await db
    .select({
      sessionId: authSessions.id,
      clientId: authSessions.clientId,
      userId: users.id,
      username: users.username,
      schoolId: users.schoolId,
      enabled: users.enabled,
      mustChangePassword: users.mustChangePassword,
      accessExpiresAt: authSessions.accessExpiresAt,
    })
    .from(authSessions)
    .innerJoin(users, and(eq(users.id, authSessions.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(authSessions.accessHash, accessHash),
        isNull(authSessions.revokedAt),
        gt(authSessions.accessExpiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findSessionByRefresh(db: Db, refreshHash: string) {
  return db.query.authSessions.findFirst({
    where: or(
      eq(authSessions.refreshHash, refreshHash),
      eq(authSessions.previousRefreshHash, refreshHash),
    ),
  });
}

/** Swaps a session's tokens, only if the presented refresh token is still the current one. */
export async function rotateSession(
  db: Db,
  sessionId: string,
  presentedRefreshHash: string,
  next: Pick<NewSession, 'accessHash' | 'accessExpiresAt' | 'refreshHash' | 'refreshExpiresAt'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ ...next, previousRefreshHash: presentedRefreshHash, refreshedAt: now })
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.refreshHash, presentedRefreshHash),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  await announceRevocation(db, { session: sessionId });
  return rows.length === 1;
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await announceRevocation(db, { session: sessionId });
}

export async function revokeUserSessions(db: Db, userId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  await announceRevocation(db, { user: userId });
}

/** Removes sessions whose refresh token expired before `before`. */
export async function deleteExpiredSessions(db: Db, before: Date) {
  await db.delete(authSessions).where(lt(authSessions.refreshExpiresAt, before));
}

export async function rolesOfUser(db: Db, userId: string) {
  return db
    .select({
      id: roles.id,
      tenantId: roles.tenantId,
      code: roles.code,
      name: roles.name,
      nameEn: roles.nameEn,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
}

export type NewLoginLog = typeof loginLogs.$inferInsert;

export async function insertLoginLog(db: Db, log: NewLoginLog) {
  await db.insert(loginLogs).values(log);
}

/** The latest service end of a school's live customer records, if it has any. */
export async function latestServiceEnd(db: Db, schoolId: string): Promise<Date | null> {
  const [row] = await db
    .select({ end: max(customers.serviceEnd) })
    .from(customers)
    .where(and(eq(customers.schoolId, schoolId), isNull(customers.deletedAt)));
  return row?.end ?? null;
}

/** A throttle row: its bucket and its events, as kept. */
export async function findThrottle(db: Db, key: string) {
  const [row] = await db
    .select({ tokens: authThrottle.tokens, at: authThrottle.at, events: authThrottle.events })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  return row;
}

/**
 * Takes a token from a bucket that holds `capacity` and gains one every `refillMs`, if it holds
 * one at `now`; one statement, so processes taking tokens at once each see the others' takes.
 */
export async function takeThrottleToken(
  db: Db,
  key: string,
  spec: { capacity: number; refillMs: number },
  now: number,
): Promise<boolean> {
  const held = sql`least(${spec.capacity}::float8, coalesce(${authThrottle.tokens}, ${spec.capacity}::float8) + greatest(0, ${now}::bigint - coalesce(${authThrottle.at}, ${now}::bigint))::float8 / ${spec.refillMs}::float8)`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, tokens: spec.capacity - 1, at: now, touchedAt: new Date(now) })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: { tokens: sql`${held} - 1`, at: now, touchedAt: new Date(now) },
      setWhere: sql`${held} >= 1`,
    })
    .returning({ key: authThrottle.key });
  return rows.length === 1;
}

/** Records an event at `now` under `key`, keeping the latest `keep`. */
export async function recordThrottleEvent(db: Db, key: string, keep: number, now: number) {
  const events = sql`coalesce(${authThrottle.events}, '{}'::bigint[])`;
  await db
    .insert(authThrottle)
    .values({ key, events: [now], touchedAt: new Date(now) })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        events: sql`(array_append(${events}, ${now}::bigint))[greatest(1, cardinality(${events}) + 2 - ${keep}::int):]`,
        touchedAt: new Date(now),
      },
    });
}

export async function deleteThrottle(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Removes counters untouched since `before`. */
export async function deleteStaleThrottles(db: Db, before: Date) {
  await db.delete(authThrottle).where(lt(authThrottle.touchedAt, before));
}
