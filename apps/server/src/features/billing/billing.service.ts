import { createHash } from 'node:crypto';
import {
  billingLimits,
  type Bilingual,
  type Lang,
  type Order,
  type PackageSave,
  type PriceAdd,
} from '@platform/contract';
import type { z } from 'zod';
import type {
  orderPageQuerySchema,
  orderAddSchema,
  packagePageQuerySchema,
  packageStateSchema,
  pricePageQuerySchema,
} from '@platform/contract';
import { AppError, conflict, notFound, notFoundOn } from '../../lib/errors';
import { uniqueViolationOf } from '../../lib/sql';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../auth/auth.plugin';
import { setPurchasedCourseCount } from '../schools/schools.service';
import * as courses from '../courses/courses.service';
import { book, lockBalances } from './billing.ledger';
import * as ledgerRepo from './billing.ledger.repo';
import * as ordersRepo from './billing.orders.repo';
import * as repo from './billing.repo';
import { readableSchool } from './billing.policy';

type OrderAddBody = z.output<typeof orderAddSchema>;

const pick = (name: Bilingual, lang: Lang) =>
  (lang === 'en' ? (name.en ?? name.zh) : (name.zh ?? name.en)) ?? '';
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const digest = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('base64url');

/**
 * The operators' side of billing: packages, billing costs and orders. The schools' side, accounts
 * and usage, is `BillingAccounts`.
 */
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
}

/** An order number: the day and time in UTC+8 and the last digits of the id. */
function orderNumber(now: Date, id: string): string {
  const local = new Date(now.getTime() + billingLimits.zoneOffsetMinutes * 60_000);
  return `NO${local.toISOString().replace(/\D/g, '').slice(0, 14)}${id.slice(-6)}`;
}
