import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { billingAccounts, billingLedger, schools } from '../../db/schema';
import { escapeLike, readPage } from '../../lib/sql';
import { liveSchool } from './billing.repo';

/* Accounts ------------------------------------------------------------------------------------- */

/**
 * Widens the school's account by an order's period: its validity, and the periods of its timed
 * or untimed package. The first order makes the school metered.
 */
export async function widenAccount(
  db: Db,
  schoolId: string,
  o: { from: Date; until: Date; timed: boolean; untimed: boolean; topUp: boolean; now: Date },
) {
  const a = billingAccounts;
  const least = (col: AnyPgColumn, v: Date) => sql`least(${col}, ${v}::timestamptz)`;
  const greatest = (col: AnyPgColumn, v: Date) => sql`greatest(${col}, ${v}::timestamptz)`;
  await db
    .insert(a)
    .values({
      schoolId,
      validFrom: o.from,
      validUntil: o.until,
      packageUntil: o.timed ? o.until : null,
      untimedFrom: o.untimed ? o.from : null,
      untimedUntil: o.untimed ? o.until : null,
      updatedAt: o.now,
    })
    .onConflictDoUpdate({
      target: a.schoolId,
      set: {
        validFrom: least(a.validFrom, o.from),
        validUntil: greatest(a.validUntil, o.until),
        ...(o.timed ? { packageUntil: greatest(a.packageUntil, o.until) } : {}),
        ...(o.untimed
          ? {
              untimedFrom: least(a.untimedFrom, o.from),
              untimedUntil: greatest(a.untimedUntil, o.until),
            }
          : {}),
        ...(o.topUp ? { exhaustedAt: null } : {}),
        updatedAt: o.now,
      },
    });
}

export async function setLimits(
  db: Db,
  schoolId: string,
  l: { spendLimitFen: number | null; studentDailySeconds: number | null; now: Date },
) {
  await db
    .insert(billingAccounts)
    .values({ schoolId, ...l, updatedAt: l.now })
    .onConflictDoUpdate({
      target: billingAccounts.schoolId,
      set: {
        spendLimitFen: l.spendLimitFen,
        studentDailySeconds: l.studentDailySeconds,
        updatedAt: l.now,
      },
    });
}

export async function clearExhausted(db: Db, schoolId: string) {
  await db
    .update(billingAccounts)
    .set({ exhaustedAt: null })
    .where(eq(billingAccounts.schoolId, schoolId));
}

export async function setPackageSeconds(db: Db, schoolId: string, seconds: number, at: Date) {
  await db
    .insert(billingAccounts)
    .values({ schoolId, packageSeconds: seconds, updatedAt: at })
    .onConflictDoUpdate({
      target: billingAccounts.schoolId,
      set: { packageSeconds: seconds, updatedAt: at },
    });
}

export async function setExhausted(db: Db, schoolId: string, at: Date | null) {
  await db
    .update(billingAccounts)
    .set({ exhaustedAt: at })
    .where(eq(billingAccounts.schoolId, schoolId));
}

export type AccountRow = typeof billingAccounts.$inferSelect;

export async function accountOf(db: Db, schoolId: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.schoolId, schoolId));
  return row?.validFrom ? row : null;
}

const accountColumns = {
  schoolId: schools.id,
  schoolName: schools.name,
  rechargeFen: schools.rechargeBalance,
  giftFen: schools.giftBalance,
  tokens: schools.tokenCount,
  slides: schools.pptCount,
  maxStudents: schools.maxStudents,
  purchasedCourseCount: schools.purchasedCourseCount,
  packageSeconds: billingAccounts.packageSeconds,
  packageUntil: billingAccounts.packageUntil,
  untimedUntil: billingAccounts.untimedUntil,
  validFrom: billingAccounts.validFrom,
  validUntil: billingAccounts.validUntil,
  spendLimitFen: billingAccounts.spendLimitFen,
  studentDailySeconds: billingAccounts.studentDailySeconds,
  exhaustedAt: billingAccounts.exhaustedAt,
};

const accountsJoined = (db: Db) =>
  db
    .select(accountColumns)
    .from(schools)
    .leftJoin(billingAccounts, eq(billingAccounts.schoolId, schools.id));

export type AccountJoin = Awaited<ReturnType<ReturnType<typeof accountsJoined>['execute']>>[number];

export async function accountRow(db: Db, schoolId: string): Promise<AccountJoin | undefined> {
  const [row] = await accountsJoined(db).where(and(eq(schools.id, schoolId), liveSchool));
  return row;
}

export async function accountPage(
  db: Db,
  q: { pageNum: number; pageSize: number; name?: string | undefined },
) {
  const where = and(
    liveSchool,
    q.name ? ilike(schools.name, `%${escapeLike(q.name)}%`) : undefined,
  );
  return readPage(
    accountsJoined(db).where(where).orderBy(desc(schools.createdAt), desc(schools.id)).$dynamic(),
    db.select({ n: count() }).from(schools).where(where),
    q.pageNum,
    q.pageSize,
  );
}

/* Ledger --------------------------------------------------------------------------------------- */

export async function insertLedger(db: Db, row: typeof billingLedger.$inferInsert) {
  await db.insert(billingLedger).values(row);
}

export async function findLedgerByRef(db: Db, reason: 'adjustment' | 'refund', ref: string) {
  const [row] = await db
    .select({ id: billingLedger.id, schoolId: billingLedger.schoolId })
    .from(billingLedger)
    .where(and(eq(billingLedger.reason, reason), eq(billingLedger.ref, ref)));
  return row;
}

export async function ledgerPage(
  db: Db,
  q: { pageNum: number; pageSize: number; schoolId: string },
) {
  const where = eq(billingLedger.schoolId, q.schoolId);
  return readPage(
    db.select().from(billingLedger).where(where).orderBy(desc(billingLedger.id)).$dynamic(),
    db.select({ n: count() }).from(billingLedger).where(where),
    q.pageNum,
    q.pageSize,
  );
}
