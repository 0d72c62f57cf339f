import { eq, sql } from 'drizzle-orm';
import type { LedgerReason } from '@platform/contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql';
import { billingAccounts, billingLedger, schools } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { writeBalances } from '../schools/schools.service';
import * as repo from './billing.ledger.repo';

/** Changes of a school's balances and counts; positive adds, negative takes. */
export interface Deltas {
  rechargeFen?: number;
  giftFen?: number;
  tokens?: number;
  slides?: number;
  packageSeconds?: number;
}

export interface Balances {
  rechargeFen: number;
  giftFen: number;
  tokens: number;
  slides: number;
  packageSeconds: number;
}

/**
 * Locks the school's row for the rest of the transaction and reads its balances: every booking,
 * charge and lab admission of a school goes through here, one at a time.
 */
export async function lockBalances(tx: Db, schoolId: string): Promise<Balances | null> {
  const [row] = await tx
    .select({
      rechargeFen: schools.rechargeBalance,
      giftFen: schools.giftBalance,
      tokens: schools.tokenCount,
      slides: schools.pptCount,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .for('update');
  if (!row) return null;
  const [account] = await tx
    .select({ packageSeconds: billingAccounts.packageSeconds })
    .from(billingAccounts)
    .where(eq(billingAccounts.schoolId, schoolId));
  return {
    rechargeFen: Number(row.rechargeFen),
    giftFen: Number(row.giftFen),
    tokens: Number(row.tokens),
    slides: Number(row.slides),
    packageSeconds: Number(account?.packageSeconds ?? 0),
  };
}

export interface Booking {
  id: string;
  schoolId: string;
  reason: LedgerReason;
  ref: string;
  note?: string | null;
  deltas: Deltas;
  createdBy?: string | null;
  at: Date;
}

/**
 * Writes one ledger entry and applies it to the school's cached balances, inside `tx` and after
 * `lockBalances`. Refuses (billing.would_be_negative) a booking that would take any balance
 * below zero. Answers the balances after it.
 */
export async function book(tx: Db, before: Balances, b: Booking): Promise<Balances> {
  const d = b.deltas;
  const after: Balances = {
    rechargeFen: before.rechargeFen + (d.rechargeFen ?? 0),
    giftFen: before.giftFen + (d.giftFen ?? 0),
    tokens: before.tokens + (d.tokens ?? 0),
    slides: before.slides + (d.slides ?? 0),
    packageSeconds: before.packageSeconds + (d.packageSeconds ?? 0),
  };
  if (Object.values(after).some((v) => v < 0))
    throw new AppError('billing.would_be_negative', { status: 409 });
  await repo.insertLedger(tx, {
    id: b.id,
    schoolId: b.schoolId,
    reason: b.reason,
    ref: b.ref,
    note: b.note ?? null,
    rechargeFen: d.rechargeFen ?? 0,
    giftFen: d.giftFen ?? 0,
    tokens: d.tokens ?? 0,
    slides: d.slides ?? 0,
    packageSeconds: d.packageSeconds ?? 0,
    rechargeAfter: after.rechargeFen,
    giftAfter: after.giftFen,
    createdBy: b.createdBy ?? null,
    at: b.at,
  });
  await writeBalances(tx, b.schoolId, after);
  if (d.packageSeconds) await repo.setPackageSeconds(tx, b.schoolId, after.packageSeconds, b.at);
  return after;
}

export interface Mismatch {
  schoolId: string;
  field: keyof Balances;
  cached: number;
  ledger: number;
}

/**
 * Compares every school's cached balances with the sums of its ledger entries and each entry's
 * running balances with the entries before it. Answers what differs; nothing means they agree.
 */
export async function reconcile(db: Db): Promise<Mismatch[]> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`
    select s.id as school_id,
      s.recharge_balance, s.gift_balance, s.token_count, s.ppt_count,
      coalesce(a.package_seconds, 0) as package_seconds,
      coalesce(l.recharge, 0) as l_recharge, coalesce(l.gift, 0) as l_gift,
      coalesce(l.tokens, 0) as l_tokens, coalesce(l.slides, 0) as l_slides,
      coalesce(l.package_seconds, 0) as l_package_seconds,
      coalesce(r.broken, 0) as broken
    from ${schools} s
    left join ${billingAccounts} a on a.school_id = s.id
    left join (
      select school_id, sum(recharge_fen) as recharge, sum(gift_fen) as gift, sum(tokens) as tokens,
        sum(slides) as slides, sum(package_seconds) as package_seconds
      from ${billingLedger} group by school_id
    ) l on l.school_id = s.id
    left join (
      select school_id, count(*) as broken from (
        select school_id, recharge_after, gift_after,
          sum(recharge_fen) over w as recharge_run, sum(gift_fen) over w as gift_run
        from ${billingLedger}
        window w as (partition by school_id order by id rows unbounded preceding)
      ) x where recharge_after <> recharge_run or gift_after <> gift_run group by school_id
    ) r on r.school_id = s.id
  `,
  );
  const out: Mismatch[] = [];
  const pairs: [keyof Balances, string, string][] = [
    ['rechargeFen', 'recharge_balance', 'l_recharge'],
    ['giftFen', 'gift_balance', 'l_gift'],
    ['tokens', 'token_count', 'l_tokens'],
    ['slides', 'ppt_count', 'l_slides'],
    ['packageSeconds', 'package_seconds', 'l_package_seconds'],
  ];
  for (const row of rows) {
    const schoolId = String(row.school_id);
    for (const [field, cached, ledger] of pairs) {
      if (Number(row[cached]) !== Number(row[ledger]))
        out.push({ schoolId, field, cached: Number(row[cached]), ledger: Number(row[ledger]) });
    }
    if (Number(row.broken) > 0)
      out.push({ schoolId, field: 'rechargeFen', cached: -1, ledger: Number(row.broken) });
  }
  return out;
}
