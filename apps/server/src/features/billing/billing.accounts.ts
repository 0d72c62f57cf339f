import {
  billingLimits,
  formatMessage,
  type Account,
  type Lang,
  type LimitSave,
  type UsageDetail,
  type UsagePageQuery,
} from '@platform/contract';
import type { z } from 'zod';
import type {
  accountPageQuerySchema,
  ledgerPageQuerySchema,
  adjustSchema,
  usageExportQuerySchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, notFound, notFoundOn } from '../../lib/errors';
import { uniqueViolationOf } from '../../lib/sql';
import type { Actor } from '../auth/auth.plugin';
import { accountCounts } from '../colleges/colleges.service';
import { writeSheet } from '../imports/spreadsheet';
import { billingDayStart } from './billing.prices';
import { book, lockBalances } from './billing.ledger';
import * as ledgerRepo from './billing.ledger.repo';
import * as ordersRepo from './billing.orders.repo';
import * as repo from './billing.repo';
import * as usageRepo from './billing.usage.repo';
import { readableAccount, readableSchool } from './billing.policy';

type AdjustBody = z.output<typeof adjustSchema>;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * The schools' side of billing: accounts and their limits, adjustments and refunds, the ledger,
 * usage details and their export, the overview.
 */
export class BillingAccounts {
  constructor(private readonly ctx: AppContext) {}

  /* Accounts ---------------------------------------------------------------------------------- */

  async account(actor: Actor, schoolId: string, lang: Lang): Promise<Account> {
    readableAccount(actor, schoolId);
    return this.accountOf(schoolId, lang);
  }

  async accountOf(schoolId: string, lang: Lang): Promise<Account> {
    const now = this.ctx.now();
    const row = await ledgerRepo.accountRow(this.ctx.db, schoolId);
    if (!row) throw notFound('billing.school_not_found');
    const [counts, spent, packages] = await Promise.all([
      accountCounts(this.ctx.db, [schoolId]),
      usageRepo.spentThisMonth(this.ctx.db, schoolId, now),
      ordersRepo.packagesInForce(this.ctx.db, schoolId, now),
    ]);
    void lang;
    return {
      ...presentAccount(row, now, spent, counts.get(schoolId)?.accounts ?? 0),
      packages: packages.map((p) => ({
        orderId: p.id,
        orderNo: p.orderNo,
        packageName: p.packageName ?? '',
        type: p.packageType ?? 'timed',
        effectiveAt: p.effectiveAt.toISOString(),
        expiresAt: p.expiresAt.toISOString(),
      })),
    };
  }

  async accountPage(q: z.output<typeof accountPageQuerySchema>) {
    const now = this.ctx.now();
    const page = await ledgerRepo.accountPage(this.ctx.db, q);
    const ids = page.records.map((r) => r.schoolId);
    const counts = await accountCounts(this.ctx.db, ids);
    const spent = await Promise.all(
      ids.map((id) => usageRepo.spentThisMonth(this.ctx.db, id, now)),
    );
    return {
      ...page,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      records: page.records.map((r, i) =>
        presentAccount(r, now, spent[i] ?? 0, counts.get(r.schoolId)?.accounts ?? 0),
      ),
    };
  }

  async saveLimits(body: LimitSave, lang: Lang): Promise<Account> {
    const school = await repo.findSchool(this.ctx.db, body.schoolId);
    if (!school) throw notFoundOn('billing.school_not_found', 'schoolId');
    await ledgerRepo.setLimits(this.ctx.db, body.schoolId, {
      spendLimitFen: body.spendLimitFen === null ? null : Number(body.spendLimitFen),
      studentDailySeconds:
        body.studentDailyHours === null ? null : Math.round(Number(body.studentDailyHours) * 3600),
      now: this.ctx.now(),
    });
    return this.accountOf(body.schoolId, lang);
  }

  /** A manual adjustment or refund, booked once per idempotency key. */
  async adjust(actor: Actor, body: AdjustBody, lang: Lang): Promise<Account> {
    const school = await repo.findSchool(this.ctx.db, body.schoolId);
    if (!school) throw notFoundOn('billing.school_not_found', 'schoolId');
    const now = this.ctx.now();
    const ref = `key:${body.idempotencyKey}`;
    const earlier = await ledgerRepo.findLedgerByRef(this.ctx.db, body.kind, ref);
    if (earlier) {
      if (earlier.schoolId !== body.schoolId) throw conflict('billing.idempotency_conflict');
      return this.accountOf(body.schoolId, lang);
    }
    try {
      await this.ctx.db.transaction(async (tx) => {
        const before = (await lockBalances(tx, body.schoolId))!;
        await book(tx, before, {
          id: this.ctx.ids.next(),
          schoolId: body.schoolId,
          reason: body.kind,
          ref,
          note: body.reason,
          deltas: {
            rechargeFen: body.rechargeFen,
            giftFen: body.giftFen,
            tokens: body.tokens,
            slides: body.slides,
          },
          createdBy: actor.userId,
          at: now,
        });
        if (body.rechargeFen + body.giftFen > 0) await ledgerRepo.clearExhausted(tx, body.schoolId);
      });
    } catch (error) {
      if (uniqueViolationOf(error) !== 'billing_ledger_ref_key') throw error;
    }
    return this.accountOf(body.schoolId, lang);
  }

  async ledgerPage(actor: Actor, q: z.output<typeof ledgerPageQuerySchema>) {
    readableAccount(actor, q.schoolId);
    const page = await ledgerRepo.ledgerPage(this.ctx.db, q);
    return {
      ...page,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      records: page.records.map((e) => ({
        id: e.id,
        at: e.at.toISOString(),
        reason: e.reason,
        ref: e.ref,
        note: e.note,
        rechargeFen: Number(e.rechargeFen),
        giftFen: Number(e.giftFen),
        tokens: Number(e.tokens),
        slides: Number(e.slides),
        packageSeconds: Number(e.packageSeconds),
        rechargeAfter: Number(e.rechargeAfter),
        giftAfter: Number(e.giftAfter),
      })),
    };
  }

  /* Usage details ----------------------------------------------------------------------------- */

  async usagePage(actor: Actor, q: UsagePageQuery & { pageNum: number; pageSize: number }) {
    const schoolId = readableSchool(actor, q.schoolId);
    const page = await usageRepo.usagePage(this.ctx.db, { ...q, schoolId });
    return {
      ...page,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      records: page.records.map(presentUsage),
    };
  }

  async usageExport(actor: Actor, q: z.output<typeof usageExportQuerySchema>, lang: Lang) {
    const schoolId = readableSchool(actor, q.schoolId);
    const page = await usageRepo.usagePage(this.ctx.db, {
      ...q,
      schoolId,
      pageNum: 1,
      pageSize: billingLimits.exportMaxRows + 1,
    });
    if (page.total > billingLimits.exportMaxRows)
      throw new AppError('billing.export_too_many', {
        params: { max: billingLimits.exportMaxRows },
      });
    const columns = [
      'school',
      'user',
      'class',
      'env',
      'item',
      'period',
      'start',
      'end',
      'quantity',
      'unit',
      'cost',
      'package_hours',
      'gift',
      'recharge',
      'owed',
      'settlement',
    ] as const;
    const t = (key: (typeof columns)[number]) => formatMessage(`billing.col_${key}`, lang);
    const yuan = (fen: number) => fen / 100;
    const when = (d: string) => formatTime(new Date(d));
    const rows = page.records
      .map(presentUsage)
      .map((u) => [
        u.schoolName,
        u.userName,
        u.className,
        u.envName,
        formatMessage(`billing.item_${u.item}`, lang),
        u.period,
        when(u.start),
        when(u.end),
        Math.round(u.quantity * 10000) / 10000,
        yuan(u.unitFen),
        yuan(u.costFen),
        Math.round((u.packageSeconds / 3600) * 100) / 100,
        yuan(u.giftFen),
        yuan(u.rechargeFen),
        yuan(u.owedFen),
        formatMessage(`billing.settlement_${u.settlement}`, lang),
      ]);
    const data = await writeSheet(formatMessage('billing.usage_sheet', lang), columns.map(t), rows);
    return { data, fileName: `${formatMessage('billing.usage_sheet', lang)}.xlsx` };
  }

  /* Overview ---------------------------------------------------------------------------------- */

  async overview(actor: Actor, asked: string | undefined) {
    const schoolId = readableSchool(actor, asked);
    const now = this.ctx.now();
    return usageRepo.overview(this.ctx.db, schoolId, now, billingDayStart(now));
  }
}

const formatTime = (d: Date) =>
  new Date(d.getTime() + billingLimits.zoneOffsetMinutes * 60_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

function presentAccount(
  r: ledgerRepo.AccountJoin,
  now: Date,
  spent: number,
  accountCount: number,
): Omit<Account, 'packages'> {
  return {
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    metered: r.validFrom !== null,
    totalFen: Number(r.rechargeFen) + Number(r.giftFen),
    rechargeFen: Number(r.rechargeFen),
    giftFen: Number(r.giftFen),
    tokens: Number(r.tokens),
    slides: Number(r.slides),
    packageSeconds: r.packageUntil && r.packageUntil > now ? Number(r.packageSeconds ?? 0) : 0,
    untimedUntil: r.untimedUntil && r.untimedUntil > now ? r.untimedUntil.toISOString() : null,
    validUntil: iso(r.validUntil),
    spendLimitFen: r.spendLimitFen === null ? null : Number(r.spendLimitFen),
    studentDailyHours:
      r.studentDailySeconds === null
        ? null
        : Math.round((r.studentDailySeconds / 3600) * 100) / 100,
    spentThisMonthFen: spent,
    exhaustedAt: iso(r.exhaustedAt),
    accountCount,
    maxStudents: r.maxStudents,
    purchasedCourseCount: r.purchasedCourseCount,
  };
}

function presentUsage(r: usageRepo.UsageJoin): UsageDetail {
  return {
    id: String(r.id),
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    userId: r.userId,
    userName: r.userName,
    className: r.className,
    envId: r.envId,
    envName: r.envName,
    item: r.item,
    period: r.period,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    quantity: r.quantity,
    unitFen: r.unitFen,
    costFen: Number(r.costFen),
    packageSeconds: r.packageSeconds,
    settlement: r.settlement,
    giftFen: Number(r.giftFen),
    rechargeFen: Number(r.rechargeFen),
    owedFen: Number(r.owedFen),
  };
}
