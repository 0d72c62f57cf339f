import { and, count, desc, eq, gt, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { roles, trialApplications, trialCodes, userRoles, users } from '../../db/schema';

export type TrialCodeRow = typeof trialCodes.$inferSelect;
export type ApplicationRow = typeof trialApplications.$inferSelect;
export type ApplicationInsert = typeof trialApplications.$inferInsert;

export const APPLYING = 0;
export const PROCESSED = 1;

/**
 * Serialises the sends of one network and of one phone until the transaction ends, in every
 * server process: the network first, then the phone, so two senders never wait on each other.
 */
export async function lockSenders(tx: Db, network: string, phone: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('trial-code-network'), hashtext(${network}))`,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('trial-code-phone'), hashtext(${phone}))`,
  );
}

/**
 * Serialises every send of the platform until the transaction ends, for the platform-wide caps;
 * taken after `lockSenders`, so the order stays the same for every sender.
 */
export async function lockAllSenders(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('trial-code-all'))`);
}

/** Codes sent to a phone or for a network within a window: how many, and the first of them. */
export interface SendWindow {
  count: number;
  oldest: Date | null;
}

export interface RecentSends {
  phoneLast: Date | null;
  phoneHour: SendWindow;
  phoneDay: SendWindow;
  networkHour: SendWindow;
}

/** The codes sent to `phone` and for `network` in the hour and the day before `now`. */
export async function recentSends(
  db: Db,
  phone: string,
  network: string,
  now: Date,
  hourMs: number,
  dayMs: number,
): Promise<RecentSends> {
  const hourAgo = new Date(now.getTime() - hourMs);
  const dayAgo = new Date(now.getTime() - dayMs);
  const toPhone = eq(trialCodes.phone, phone);
  const inHour = gt(trialCodes.createdAt, hourAgo);
  const window = (where: SQL | undefined) => ({
    n: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
    oldest: sql<Date | null>`min(${trialCodes.createdAt}) filter (where ${where})`.mapWith(
      trialCodes.createdAt,
    ),
  });
  const phoneHour = window(and(toPhone, inHour));
  const phoneDay = window(toPhone);
  const networkHour = window(and(eq(trialCodes.network, network), inHour));
  const [row] = await db
    .select({
      phoneLast: sql<Date | null>`max(${trialCodes.createdAt}) filter (where ${toPhone})`.mapWith(
        trialCodes.createdAt,
      ),
      phoneHourN: phoneHour.n,
      phoneHourOldest: phoneHour.oldest,
      phoneDayN: phoneDay.n,
      phoneDayOldest: phoneDay.oldest,
      networkHourN: networkHour.n,
      networkHourOldest: networkHour.oldest,
    })
    .from(trialCodes)
    .where(and(or(toPhone, eq(trialCodes.network, network)), gt(trialCodes.createdAt, dayAgo)));
  return {
    phoneLast: row?.phoneLast ?? null,
    phoneHour: { count: row?.phoneHourN ?? 0, oldest: row?.phoneHourOldest ?? null },
    phoneDay: { count: row?.phoneDayN ?? 0, oldest: row?.phoneDayOldest ?? null },
    networkHour: { count: row?.networkHourN ?? 0, oldest: row?.networkHourOldest ?? null },
  };
}

/** Every code the platform sent in the minute and the day before `now`. */
export async function platformSends(
  db: Db,
  now: Date,
  minuteMs: number,
  dayMs: number,
): Promise<{ minute: SendWindow; day: SendWindow }> {
  const minuteAgo = new Date(now.getTime() - minuteMs);
  const inMinute = gt(trialCodes.createdAt, minuteAgo);
  const [row] = await db
    .select({
      minuteN: sql<number>`count(*) filter (where ${inMinute})`.mapWith(Number),
      minuteOldest:
        sql<Date | null>`min(${trialCodes.createdAt}) filter (where ${inMinute})`.mapWith(
          trialCodes.createdAt,
        ),
      dayN: count(),
      dayOldest: sql<Date | null>`min(${trialCodes.createdAt})`.mapWith(trialCodes.createdAt),
    })
    .from(trialCodes)
    .where(gt(trialCodes.createdAt, new Date(now.getTime() - dayMs)));
  return {
    minute: { count: row?.minuteN ?? 0, oldest: row?.minuteOldest ?? null },
    day: { count: row?.dayN ?? 0, oldest: row?.dayOldest ?? null },
  };
}

const live = (now: Date) => and(isNull(trialCodes.spentAt), gt(trialCodes.expiresAt, now));

/** Spends the phone's codes that are still valid: a new code supersedes them. */
export async function spendLiveCodes(db: Db, phone: string, now: Date): Promise<void> {
  await db
    .update(trialCodes)
    .set({ spentAt: now })
    .where(and(eq(trialCodes.phone, phone), live(now)));
}

export async function insertCode(db: Db, row: typeof trialCodes.$inferInsert): Promise<void> {
  await db.insert(trialCodes).values(row);
}

export async function updateCode(
  db: Db,
  id: string,
  set: Partial<Pick<TrialCodeRow, 'attempts' | 'spentAt'>>,
): Promise<void> {
  await db.update(trialCodes).set(set).where(eq(trialCodes.id, id));
}

/** The phone's valid code, locked until the transaction ends. */
export async function lockLiveCode(
  db: Db,
  phone: string,
  now: Date,
): Promise<TrialCodeRow | undefined> {
  const rows = await db
    .select()
    .from(trialCodes)
    .where(and(eq(trialCodes.phone, phone), live(now)))
    .orderBy(desc(trialCodes.createdAt), desc(trialCodes.id))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function hasWaitingApplication(db: Db, phone: string): Promise<boolean> {
  const rows = await db
    .select({ id: trialApplications.id })
    .from(trialApplications)
    .where(and(eq(trialApplications.phone, phone), eq(trialApplications.status, APPLYING)))
    .limit(1);
  return rows.length > 0;
}

export async function insertApplication(db: Db, row: ApplicationInsert): Promise<void> {
  await db.insert(trialApplications).values(row);
}

export interface ApplicationFilter {
  keyword?: string | undefined;
  status?: number | undefined;
  productDirection?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function pageApplications(
  db: Db,
  f: ApplicationFilter,
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    f.keyword
      ? or(
          containing(trialApplications.applicant, f.keyword),
          containing(trialApplications.phone, f.keyword),
          containing(trialApplications.collegeName, f.keyword),
        )
      : undefined,
    f.status !== undefined ? eq(trialApplications.status, f.status) : undefined,
    f.productDirection ? eq(trialApplications.productDirection, f.productDirection) : undefined,
    f.from ? gte(trialApplications.createdAt, f.from) : undefined,
    f.to ? lte(trialApplications.createdAt, f.to) : undefined,
  );
  return readPage(
    db
      .select()
      .from(trialApplications)
      .where(where)
      .orderBy(desc(trialApplications.createdAt), desc(trialApplications.id)),
    db.select({ n: count() }).from(trialApplications).where(where),
    pageNum,
    pageSize,
  );
}

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const rows = await db
    .select()
    .from(trialApplications)
    .where(eq(trialApplications.id, id))
    .limit(1);
  return rows[0];
}

/**
 * Marks an application processed if it still waits; answers it, or nothing when another operator
 * came first.
 */
export async function claimApplication(
  db: Db,
  id: string,
  by: { processedAt: Date; processedBy: string; processedByName: string },
): Promise<ApplicationRow | undefined> {
  const rows = await db
    .update(trialApplications)
    .set({ ...by, status: PROCESSED, updatedAt: by.processedAt })
    .where(and(eq(trialApplications.id, id), eq(trialApplications.status, APPLYING)))
    .returning();
  return rows[0];
}

/** Puts a claimed application back to waiting (its message could not be sent). */
export async function releaseApplication(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(trialApplications)
    .set({
      status: APPLYING,
      processedAt: null,
      processedBy: null,
      processedByName: null,
      updatedAt: now,
    })
    .where(eq(trialApplications.id, id));
}

/** The accounts of the platform's operators and administrators, who hear of a full SMS cap. */
export async function operatorIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.enabled, true),
        or(eq(roles.code, 'operator'), eq(roles.code, 'admin')),
      ),
    );
  return rows.map((r) => r.id);
}
