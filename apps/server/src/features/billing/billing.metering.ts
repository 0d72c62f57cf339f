import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAccounts, billingPrices } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { book, lockBalances } from './billing.ledger';
import { labPriceTimelines, priceAt, type PriceRow } from './billing.prices';
import * as repo from './billing.usage.repo';

export interface ChargeResult {
  schoolId: string;
  details: number;
  costFen: number;
  giftFen: number;
  rechargeFen: number;
  packageSeconds: number;
  owedFen: number;
}

export async function priceRows(db: Db): Promise<PriceRow[]> {
  const rows = await db
    .select({
      item: billingPrices.item,
      envKind: billingPrices.envKind,
      unitFen: billingPrices.unitFen,
      effectiveFrom: billingPrices.effectiveFrom,
    })
    .from(billingPrices);
  return rows;
}

/**
 * Charges a school's lab use up to `now` (or one usage record of it), in one transaction under
 * the school's lock: the records are cut at billing days (UTC+8) and price changes into usage
 * details, paid by an untimed package, a timed package's hours, then the gift balance, then the
 * recharge balance (decision 0030); what remains is owed. One ledger entry books the run, and
 * each record's `billed_until` moves to where it was charged, so a record is never charged twice.
 */
export async function chargeSchool(
  ctx: AppContext,
  schoolId: string,
  opts: { usageId?: string; prices?: PriceRow[] } = {},
): Promise<ChargeResult | null> {
  const now = ctx.now();
  const timelines = labPriceTimelines(opts.prices ?? (await priceRows(ctx.db)));
  const prices = JSON.stringify(
    timelines.map((p) => ({
      item: p.item,
      kind: p.kind,
      f: p.from.toISOString(),
      t: p.until?.toISOString() ?? null,
      unit: p.unitFen,
    })),
  );
  return ctx.db.transaction(async (tx) => {
    const before = await lockBalances(tx, schoolId);
    if (!before) return null;
    const [account] = await tx
      .select()
      .from(billingAccounts)
      .where(and(eq(billingAccounts.schoolId, schoolId), isNotNull(billingAccounts.validFrom)));
    const metered = Boolean(account);
    const runId = ctx.ids.next();
    const sums = await repo.chargeUsage(tx, {
      runId,
      schoolId,
      usageId: opts.usageId,
      now,
      metered,
      untimedFrom: account?.untimedFrom ?? null,
      untimedUntil: account?.untimedUntil ?? null,
      packageUntil: account?.packageUntil ?? null,
      packageSeconds: before.packageSeconds,
      giftFen: before.giftFen,
      rechargeFen: before.rechargeFen,
      prices,
    });
    const result: ChargeResult = { schoolId, ...sums };
    if (result.giftFen || result.rechargeFen || result.packageSeconds) {
      await book(tx, before, {
        id: ctx.ids.next(),
        schoolId,
        reason: 'usage',
        ref: runId,
        note: null,
        deltas: {
          giftFen: -result.giftFen,
          rechargeFen: -result.rechargeFen,
          packageSeconds: -result.packageSeconds,
        },
        at: now,
      });
    }
    return result;
  });
}

/** Charges every school's uncharged lab use up to now, school by school. */
export async function chargeAll(ctx: AppContext): Promise<ChargeResult[]> {
  const prices = await priceRows(ctx.db);
  const out: ChargeResult[] = [];
  for (const schoolId of await repo.schoolsToCharge(ctx.db)) {
    const r = await chargeSchool(ctx, schoolId, { prices });
    if (r) out.push(r);
  }
  return out;
}

/**
 * Charges a use of the AI tools: thousands of tokens (`ai_token_k`) or slide generations
 * (`slide`). The school's token or slide count pays first, then the gift and the recharge
 * balance at the item's price; what they cannot pay is owed. One usage detail and one ledger
 * entry record it.
 */
export async function chargeCounted(
  ctx: AppContext,
  use: { schoolId: string; userId: string | null; item: 'ai_token_k' | 'slide'; quantity: number },
): Promise<ChargeResult | null> {
  const now = ctx.now();
  const prices = await priceRows(ctx.db);
  const unitFen = priceAt(prices, use.item, '', now) ?? 0;
  return ctx.db.transaction(async (tx) => {
    const before = await lockBalances(tx, use.schoolId);
    if (!before) return null;
    const [account] = await tx
      .select({ schoolId: billingAccounts.schoolId })
      .from(billingAccounts)
      .where(and(eq(billingAccounts.schoolId, use.schoolId), isNotNull(billingAccounts.validFrom)));
    const metered = Boolean(account);
    // Counts are kept in tokens and in slides; the price is per thousand tokens or per slide.
    const perUnit = use.item === 'ai_token_k' ? 1000 : 1;
    const units = Math.round(use.quantity * perUnit);
    const counted = use.item === 'ai_token_k' ? before.tokens : before.slides;
    const fromCount = metered ? Math.min(counted, units) : 0;
    const costFen = Math.round(use.quantity * unitFen);
    const payable = metered ? Math.round(((units - fromCount) / perUnit) * unitFen) : 0;
    const giftFen = Math.min(before.giftFen, payable);
    const rechargeFen = Math.min(before.rechargeFen, payable - giftFen);
    const runId = ctx.ids.next();
    await repo.insertUsageDetail(tx, {
      runId,
      schoolId: use.schoolId,
      userId: use.userId,
      item: use.item,
      period: new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10),
      startAt: now,
      endAt: now,
      quantity: use.quantity,
      unitFen,
      costFen,
      settlement: !metered ? 'unmetered' : payable === 0 ? 'quota' : 'charged',
      giftFen,
      rechargeFen,
      owedFen: payable - giftFen - rechargeFen,
    });
    if (fromCount || giftFen || rechargeFen) {
      await book(tx, before, {
        id: ctx.ids.next(),
        schoolId: use.schoolId,
        reason: 'usage',
        ref: runId,
        deltas: {
          ...(use.item === 'ai_token_k' ? { tokens: -fromCount } : { slides: -fromCount }),
          giftFen: -giftFen,
          rechargeFen: -rechargeFen,
        },
        at: now,
      });
    }
    return {
      schoolId: use.schoolId,
      details: 1,
      costFen,
      giftFen,
      rechargeFen,
      packageSeconds: 0,
      owedFen: payable - giftFen - rechargeFen,
    };
  });
}
