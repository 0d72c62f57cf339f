import { createHash } from 'node:crypto';
import {
  billingLimits,
  formatMessage,
  type Account,
  type Bilingual,
  type Lang,
  type LimitSave,
  type Order,
  type PackageSave,
  type PriceAdd,
  type UsageDetail,
  type UsagePageQuery,
} from '@platform/contract';
import type { z } from 'zod';
import type {
  accountPageQuerySchema,
  orderPageQuerySchema,
  orderAddSchema,
  packagePageQuerySchema,
  packageStateSchema,
  pricePageQuerySchema,
  ledgerPageQuerySchema,
  adjustSchema,
  usageExportQuerySchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, notFound, notFoundOn } from '../../lib/errors';
import { uniqueViolationOf } from '../../lib/sql';
import type { Actor } from '../auth/auth.plugin';
import { accountCounts } from '../colleges/colleges.service';
import { setPurchasedCourseCount } from '../schools/schools.service';
import * as courses from '../courses/courses.service';
import { writeSheet } from '../imports/spreadsheet';
import { billingDayStart } from './billing.prices';
import { book, lockBalances } from './billing.ledger';
import * as ledgerRepo from './billing.ledger.repo';
import * as ordersRepo from './billing.orders.repo';
import * as repo from './billing.repo';
import * as usageRepo from './billing.usage.repo';
import { readableAccount, readableSchool } from './billing.policy';

type OrderAddBody = z.output<typeof orderAddSchema>;
type AdjustBody = z.output<typeof adjustSchema>;

const pick = (name: Bilingual, lang: Lang) =>
  (lang === 'en' ? (name.en ?? name.zh) : (name.zh ?? name.en)) ?? '';
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const digest = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('base64url');

export class BillingService {
  constructor(private readonly ctx: AppContext) {}

  /* Packages ---------------------------------------------------------------------------------- */

  private async presentPackage(row: repo.PackageRow, lang: Lang) {
    const names = await courses.livePlatformCourses(this.ctx.db, row.courseIds);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      hoursPerYear: row.hoursPerYear,
      priceFen: Number(row.priceFen),
      periodMonths: row.periodMonths,
      status: row.status,
      stacking: row.stacking,
      effect: row.effect,
      effectiveAt: iso(row.effectiveAt),
      courseIds: row.courseIds,
      courses: names.map((c) => ({ id: c.id, name: pick(c.name, lang) })),
      majors: row.majors,
      published: row.published,
      onShelf: row.onShelf,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async packagePage(q: z.output<typeof packagePageQuerySchema>, lang: Lang) {
    const page = await repo.packagePage(this.ctx.db, q);
    return {
      ...page,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      records: await Promise.all(page.records.map((r) => this.presentPackage(r, lang))),
    };
  }

  private async checkCourses(ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const found = await courses.livePlatformCourses(this.ctx.db, unique);
    if (found.length !== unique.length) throw notFoundOn('billing.course_not_found', 'courseIds');
    return unique;
  }

  async savePackage(body: PackageSave & { courseIds: string[]; majors: string[] }, lang: Lang) {
    const courseIds = await this.checkCourses(body.courseIds);
    const now = this.ctx.now();
    const values = {
      name: body.name,
      type: body.type,
      hoursPerYear: body.type === 'timed' ? Number(body.hoursPerYear) : 0,
      priceFen: Number(body.priceFen),
      periodMonths: Number(body.periodMonths),
      status: body.status,
      stacking: body.stacking,
      effect: body.effect,
      effectiveAt:
        body.effect === 'scheduled' && body.effectiveAt ? new Date(body.effectiveAt) : null,
      courseIds,
      majors: [...new Set(body.majors)] as repo.PackageRow['majors'],
      updatedAt: now,
    };
    let id = body.id;
    if (id) {
      if (!(await repo.updatePackage(this.ctx.db, id, values)))
        throw notFound('billing.package_not_found');
    } else {
      id = this.ctx.ids.next();
      await repo.insertPackage(this.ctx.db, { id, ...values, createdAt: now });
    }
    return this.presentPackage((await repo.findPackage(this.ctx.db, id))!, lang);
  }

  async packageState(body: z.output<typeof packageStateSchema>, lang: Lang) {
    const set: Partial<repo.PackageRow> = { updatedAt: this.ctx.now() };
    if (body.published !== undefined) set.published = body.published;
    if (body.onShelf !== undefined) set.onShelf = body.onShelf;
    if (!(await repo.updatePackage(this.ctx.db, body.id, set)))
      throw notFound('billing.package_not_found');
    return this.presentPackage((await repo.findPackage(this.ctx.db, body.id))!, lang);
  }

  /* Billing costs ----------------------------------------------------------------------------- */

  async pricePage(q: z.output<typeof pricePageQuerySchema>) {
    const page = await repo.pricePage(this.ctx.db, q);
    const all = await repo.allPrices(this.ctx.db);
    return {
      ...page,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      records: page.records.map((p) => {
        const next = all
          .filter(
            (o) =>
              o.item === p.item && o.envKind === p.envKind && o.effectiveFrom > p.effectiveFrom,
          )
          .sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime())[0];
        return {
          id: p.id,
          item: p.item,
          envKind: p.envKind as never,
          unitFen: p.unitFen,
          effectiveFrom: p.effectiveFrom.toISOString(),
          effectiveUntil: iso(next?.effectiveFrom),
          createdAt: p.createdAt.toISOString(),
        };
      }),
    };
  }

  async addPrice(actor: Actor, body: PriceAdd) {
    const now = this.ctx.now();
    const from = new Date(body.effectiveFrom);
    // A minute's grace for a form sent "now".
    if (from.getTime() < now.getTime() - 60_000)
      throw new AppError('billing.price_in_past', { fields: { effectiveFrom: 'invalid_value' } });
    const id = this.ctx.ids.next();
    await repo.insertPrice(this.ctx.db, {
      id,
      item: body.item,
      envKind: body.envKind ?? null,
      unitFen: Number(body.unitFen),
      effectiveFrom: from,
      createdBy: actor.userId,
      createdAt: now,
    });
    const page = await this.pricePage({ pageNum: 1, pageSize: 100, item: body.item });
    return page.records.find((p) => p.id === id)!;
  }

  async deletePrice(id: string) {
    const row = await repo.findPrice(this.ctx.db, id);
    if (!row) throw notFound('billing.price_not_found');
    if (row.effectiveFrom <= this.ctx.now()) throw conflict('billing.price_in_effect');
    await repo.deletePrice(this.ctx.db, id);
  }

  /* Orders ------------------------------------------------------------------------------------ */

  private async presentOrder(row: ordersRepo.OrderRow, lang: Lang): Promise<Order> {
    const names = await courses.livePlatformCourses(this.ctx.db, row.courseIds);
    return {
      id: row.id,
      orderNo: row.orderNo,
      schoolId: row.schoolId,
      schoolName: row.schoolName,
      type: row.type,
      packageId: row.packageId,
      packageName: row.packageName,
      packageType: row.packageType,
      packageHours: row.packageHours,
      rechargeFen: Number(row.rechargeFen),
      giftFen: Number(row.giftFen),
      tokens: Number(row.tokens),
      slides: Number(row.slides),
      effectiveAt: row.effectiveAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      courses: names.map((c) => ({ id: c.id, name: pick(c.name, lang) })),
      majors: row.majors,
      payment: row.payment,
      paymentRef: row.paymentRef,
      remark: row.remark,
      createdBy: row.createdByName,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Records an order paid offline and books it: balances, counts and package hours in the
   * ledger, validity and package periods on the account, purchases of the opened courses. A
   * repeated idempotency key answers the first order; the same key with another body is refused.
   */
  async addOrder(actor: Actor, body: OrderAddBody, lang: Lang): Promise<Order> {
    const hash = digest({ ...body, idempotencyKey: undefined });
    const earlier = await ordersRepo.findOrderByKey(this.ctx.db, body.idempotencyKey);
    if (earlier) return this.repeated(earlier, hash, lang);
    const school = await repo.findSchool(this.ctx.db, body.schoolId);
    if (!school) throw notFoundOn('billing.school_not_found', 'schoolId');
    const pkg =
      body.type === 'package' ? await repo.findPackage(this.ctx.db, body.packageId!) : null;
    if (body.type === 'package') {
      if (!pkg) throw notFoundOn('billing.package_not_found', 'packageId');
      if (pkg.status !== 'effective' || !pkg.published)
        throw new AppError('billing.package_not_orderable', {
          status: 409,
          fields: { packageId: 'invalid_value' },
        });
    }
    const courseIds = await this.checkCourses([...body.courseIds, ...(pkg?.courseIds ?? [])]);
    const majors = [...new Set([...body.majors, ...(pkg?.majors ?? [])])];
    const now = this.ctx.now();
    const id = this.ctx.ids.next();
    const effectiveAt = new Date(body.effectiveAt);
    const expiresAt = new Date(body.expiresAt);
    const packageHours =
      pkg?.type === 'timed' ? Math.round((pkg.hoursPerYear * pkg.periodMonths) / 12) : 0;
    const orderNo = body.orderNo || orderNumber(now, id);
    try {
      await this.ctx.db.transaction(async (tx) => {
        const before = (await lockBalances(tx, body.schoolId))!;
        await ordersRepo.insertOrder(tx, {
          id,
          orderNo,
          idempotencyKey: body.idempotencyKey,
          requestHash: hash,
          schoolId: body.schoolId,
          type: body.type,
          packageId: pkg?.id ?? null,
          packageType: pkg?.type ?? null,
          packageHours,
          rechargeFen: body.rechargeFen,
          giftFen: body.giftFen,
          tokens: body.tokens,
          slides: body.slides,
          effectiveAt,
          expiresAt,
          courseIds,
          majors,
          payment: body.payment,
          paymentRef: body.paymentRef || null,
          remark: body.remark || null,
          createdBy: actor.userId,
          createdAt: now,
        });
        await ledgerRepo.widenAccount(tx, body.schoolId, {
          from: effectiveAt,
          until: expiresAt,
          timed: pkg?.type === 'timed',
          untimed: pkg?.type === 'untimed',
          topUp: body.rechargeFen + body.giftFen > 0,
          now,
        });
        await book(tx, before, {
          id: this.ctx.ids.next(),
          schoolId: body.schoolId,
          reason: 'order',
          ref: id,
          note: orderNo,
          deltas: {
            rechargeFen: body.rechargeFen,
            giftFen: body.giftFen,
            tokens: body.tokens,
            slides: body.slides,
            packageSeconds: packageHours * 3600,
          },
          createdBy: actor.userId,
          at: now,
        });
        for (const courseId of courseIds) {
          await courses.grantPurchase(tx, {
            schoolId: body.schoolId,
            courseId,
            validFrom: effectiveAt,
            validUntil: expiresAt,
          });
        }
        await setPurchasedCourseCount(
          tx,
          body.schoolId,
          await courses.purchasedCount(tx, body.schoolId, now),
        );
      });
    } catch (error) {
      const key = uniqueViolationOf(error);
      if (key === 'billing_orders_idempotency_key') {
        const first = await ordersRepo.findOrderByKey(this.ctx.db, body.idempotencyKey);
        if (first) return this.repeated(first, hash, lang);
      }
      if (key === 'billing_orders_no_key')
        throw conflict('billing.order_no_taken', { orderNo: 'invalid_value' });
      throw error;
    }
    return this.presentOrder((await ordersRepo.findOrder(this.ctx.db, id))!, lang);
  }

  private async repeated(row: ordersRepo.OrderKeyRow, hash: string, lang: Lang): Promise<Order> {
    if (row.requestHash !== hash) throw conflict('billing.idempotency_conflict');
    const order = await ordersRepo.findOrder(this.ctx.db, row.id);
    return this.presentOrder(order!, lang);
  }

  async orderPage(actor: Actor, q: z.output<typeof orderPageQuerySchema>, lang: Lang) {
    const schoolId = readableSchool(actor, q.schoolId);
    const page = await ordersRepo.orderPage(this.ctx.db, { ...q, schoolId });
    return {
      ...page,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      records: await Promise.all(page.records.map((r) => this.presentOrder(r, lang))),
    };
  }

  async orderDetail(actor: Actor, id: string, lang: Lang): Promise<Order> {
    const row = await ordersRepo.findOrder(this.ctx.db, id);
    const schoolId = row ? readableSchool(actor, row.schoolId) : null;
    if (!row || (schoolId && schoolId !== row.schoolId)) throw notFound('billing.order_not_found');
    return this.presentOrder(row, lang);
  }

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

/** An order number: the day and time in UTC+8 and the last digits of the id. */
function orderNumber(now: Date, id: string): string {
  const local = new Date(now.getTime() + billingLimits.zoneOffsetMinutes * 60_000);
  return `NO${local.toISOString().replace(/\D/g, '').slice(0, 14)}${id.slice(-6)}`;
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
