import { eq, sql } from 'drizzle-orm';
import { billingLimits, formatMessage, type Lang, type MessageKey } from '@platform/contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql';
import { billingAccounts, labContainers, schools } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import { lockBalances, type Balances } from './billing.ledger';
import { accountOf, setExhausted, type AccountRow } from './billing.ledger.repo';
import { runningParts, spentThisMonth, usedToday, type LabPart } from './billing.usage.repo';
import { zoneMs } from './billing.prices';
import { priceRows } from './billing.metering';
import { hourlyCost, type PriceRow } from './billing.prices';

export interface AdmissionRequest {
  schoolId: string | null;
  userId: string;
  /** The per-student daily limit applies to students. */
  student: boolean;
  parts: LabPart[];
}

interface Refusal {
  key: MessageKey;
  params?: Record<string, string | number>;
}

const fenPerHourOf = (prices: readonly PriceRow[], parts: readonly LabPart[], at: Date) =>
  parts.reduce((sum, p) => sum + hourlyCost(prices, p.kind, p.resources, at).fenPerHour, 0);

const dateText = (d: Date) => new Date(d.getTime() + zoneMs).toISOString().slice(0, 10);

/**
 * Why the lab would not start, or null. Holds one hour of every running lab of the school: a
 * start is admitted while the balance (or the package's hours) covers an hour of all of them and
 * of the new one.
 */
async function refusalOf(
  db: Db,
  now: Date,
  req: AdmissionRequest & { schoolId: string },
  account: AccountRow,
  balances: Balances,
  prices: readonly PriceRow[],
): Promise<Refusal | null> {
  if (account.validFrom && now < account.validFrom)
    return { key: 'billing.not_effective', params: { date: dateText(account.validFrom) } };
  if (account.validUntil && now >= account.validUntil)
    return { key: 'billing.expired', params: { date: dateText(account.validUntil) } };
  if (req.student && account.studentDailySeconds !== null) {
    if ((await usedToday(db, req.userId, now)) >= account.studentDailySeconds)
      return { key: 'billing.daily_limit', params: { hours: account.studentDailySeconds / 3600 } };
  }
  if (account.spendLimitFen !== null) {
    if ((await spentThisMonth(db, req.schoolId, now)) >= account.spendLimitFen)
      return { key: 'billing.spend_limit', params: { limit: account.spendLimitFen / 100 } };
  }
  const untimed =
    account.untimedFrom && account.untimedUntil
      ? now >= account.untimedFrom && now < account.untimedUntil
      : false;
  if (untimed) return null;
  const running = await runningParts(db, req.schoolId, req.userId);
  const packageOk = account.packageUntil !== null && now < account.packageUntil;
  if (packageOk && balances.packageSeconds >= 3600 * (running.length + req.parts.length))
    return null;
  const need = fenPerHourOf(prices, [...running, ...req.parts], now);
  const available = balances.giftFen + balances.rechargeFen;
  if (available <= 0 || available < need) return { key: 'billing.exhausted' };
  return null;
}

/**
 * Admission of lab starts against the school's account, and the cost preview. A school without
 * an order is not metered (decision 0030): its labs start, their use is recorded at price.
 */
export class BillingGate {
  constructor(private readonly ctx: AppContext) {}

  /** Inside the start's transaction, before its containers are written: throws the refusal. */
  async admit(tx: Db, req: AdmissionRequest): Promise<void> {
    if (!req.schoolId) return;
    const balances = await lockBalances(tx, req.schoolId);
    if (!balances) return;
    const account = await accountOf(tx, req.schoolId);
    if (!account) return;
    const refusal = await refusalOf(
      tx,
      this.ctx.now(),
      { ...req, schoolId: req.schoolId },
      account,
      balances,
      await priceRows(tx),
    );
    if (refusal)
      throw new AppError(refusal.key, {
        status: 402,
        ...(refusal.params ? { params: refusal.params } : {}),
      });
  }

  async preview(req: AdmissionRequest, lang: Lang) {
    const now = this.ctx.now();
    const prices = await priceRows(this.ctx.db);
    const costs = req.parts.map((p) => hourlyCost(prices, p.kind, p.resources, now));
    const merged = new Map<
      string,
      { item: string; perHour: number; unitFen: number; fenPerHour: number }
    >();
    for (const c of costs) {
      for (const i of c.items) {
        const prev = merged.get(i.item);
        if (prev) {
          prev.perHour += i.perHour;
          prev.fenPerHour += i.fenPerHour;
        } else merged.set(i.item, { ...i });
      }
    }
    const fenPerHour = costs.reduce((s, c) => s + c.fenPerHour, 0);
    const account = req.schoolId ? await accountOf(this.ctx.db, req.schoolId) : null;
    const [school] = req.schoolId
      ? await this.ctx.db
          .select({ recharge: schools.rechargeBalance, gift: schools.giftBalance })
          .from(schools)
          .where(eq(schools.id, req.schoolId))
      : [];
    const totalFen = Number(school?.recharge ?? 0) + Number(school?.gift ?? 0);
    const packageSeconds = Number(account?.packageSeconds ?? 0);
    const refusal =
      account && req.schoolId
        ? await refusalOf(
            this.ctx.db,
            now,
            { ...req, schoolId: req.schoolId },
            account,
            {
              rechargeFen: Number(school?.recharge ?? 0),
              giftFen: Number(school?.gift ?? 0),
              tokens: 0,
              slides: 0,
              packageSeconds,
            },
            prices,
          )
        : null;
    return {
      metered: Boolean(account),
      items: [...merged.values()].map((i) => ({
        item: i.item as 'cpu_hour',
        perHour: round2(i.perHour),
        unitFen: i.unitFen,
        fenPerHour: round2(i.fenPerHour),
      })),
      fenPerHour: round2(fenPerHour),
      totalFen,
      packageSeconds,
      untimedUntil:
        account?.untimedUntil && account.untimedUntil > now
          ? account.untimedUntil.toISOString()
          : null,
      validUntil: account?.validUntil?.toISOString() ?? null,
      hoursLeft: fenPerHour > 0 ? round2(totalFen / fenPerHour) : null,
      refusal: refusal ? formatMessage(refusal.key, lang, refusal.params) : null,
    };
  }

  /**
   * Schools whose balance has run out while labs run: the first sweep marks the moment (the labs
   * warn), a sweep `graceMinutes` later answers them to be stopped. A balance topped up clears it.
   */
  async sweepExhausted(): Promise<{ warn: [string, Date][]; stop: string[]; clear: string[] }> {
    const now = this.ctx.now();
    const db = this.ctx.db;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`
      select a.school_id, a.exhausted_at, a.package_seconds, a.package_until,
        a.untimed_from, a.untimed_until, s.recharge_balance + s.gift_balance as available
      from ${billingAccounts} a join ${schools} s on s.id = a.school_id
      where a.valid_from is not null
        and exists (select 1 from ${labContainers} c where c.school_id = a.school_id and c.desired_state = 1)
    `,
    );
    const warn: [string, Date][] = [];
    const stop: string[] = [];
    const clear: string[] = [];
    for (const r of rows) {
      const schoolId = String(r.school_id);
      const at = (v: unknown) => (v ? new Date(v as string) : null);
      const untimedFrom = at(r.untimed_from);
      const untimedUntil = at(r.untimed_until);
      const packageUntil = at(r.package_until);
      const covered =
        (untimedFrom && untimedUntil && now >= untimedFrom && now < untimedUntil) ||
        (packageUntil && now < packageUntil && Number(r.package_seconds) > 0);
      const out = !covered && Number(r.available) <= 0;
      const exhaustedAt = at(r.exhausted_at);
      if (!out) {
        if (exhaustedAt) await setExhausted(db, schoolId, null);
        clear.push(schoolId);
        continue;
      }
      if (!exhaustedAt) {
        await setExhausted(db, schoolId, now);
        warn.push([schoolId, now]);
      } else if (now.getTime() - exhaustedAt.getTime() >= billingLimits.graceMinutes * 60_000) {
        stop.push(schoolId);
      } else warn.push([schoolId, exhaustedAt]);
    }
    return { warn, stop, clear };
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Minutes left before the labs of a school whose balance ran out at `exhaustedAt` stop. */
export function graceLeftMinutes(exhaustedAt: Date, now: Date): number {
  const left = billingLimits.graceMinutes * 60_000 - (now.getTime() - exhaustedAt.getTime());
  return Math.max(1, Math.ceil(left / 60_000));
}
