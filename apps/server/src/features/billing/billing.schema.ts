import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChargingItem, CourseSpecialty, Settlement } from '@platform/contract';
import { createdAt, id, updatedAt } from '../../db/columns';
import { schools } from '../schools/schools.schema';
import { users } from '../users/users.schema';

/** A course module package operators sell (management spec §3 Package). */
export const billingPackages = pgTable('billing_packages', {
  id: id('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<'timed' | 'untimed'>().notNull(),
  hoursPerYear: integer('hours_per_year').notNull(),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
  periodMonths: integer('period_months').notNull(),
  status: text('status').$type<'effective' | 'ineffective' | 'invalid'>().notNull(),
  stacking: text('stacking').$type<'validity' | 'resource'>().notNull(),
  effect: text('effect').$type<'immediate' | 'scheduled'>().notNull(),
  effectiveAt: timestamp('effective_at', { withTimezone: true }),
  courseIds: jsonb('course_ids').$type<string[]>().notNull().default([]),
  majors: jsonb('majors').$type<CourseSpecialty[]>().notNull().default([]),
  published: boolean('published').notNull().default(false),
  onShelf: boolean('on_shelf').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The price of a charging item from a moment on, for one environment kind or (null) all. Rows are
 * never changed once in effect: a new row takes over, old usage keeps its price.
 */
export const billingPrices = pgTable(
  'billing_prices',
  {
    id: id('id').primaryKey(),
    item: text('item').$type<ChargingItem>().notNull(),
    envKind: text('env_kind'),
    unitFen: integer('unit_fen').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('billing_prices_item_idx').on(t.item, t.effectiveFrom)],
);

/** An order for a school: recharge, gift, counts, a package, opened courses (spec §3 Recharge record). */
export const billingOrders = pgTable(
  'billing_orders',
  {
    id: id('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A digest of the request, to tell a repeat from another request under the same key. */
    requestHash: text('request_hash').notNull(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    type: text('type').$type<'package' | 'amount'>().notNull(),
    packageId: id('package_id').references(() => billingPackages.id),
    packageType: text('package_type').$type<'timed' | 'untimed'>(),
    packageHours: integer('package_hours').notNull().default(0),
    rechargeFen: bigint('recharge_fen', { mode: 'number' }).notNull(),
    giftFen: bigint('gift_fen', { mode: 'number' }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
    slides: bigint('slides', { mode: 'number' }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    courseIds: jsonb('course_ids').$type<string[]>().notNull().default([]),
    majors: jsonb('majors').$type<CourseSpecialty[]>().notNull().default([]),
    payment: text('payment').$type<'offline'>().notNull(),
    paymentRef: text('payment_ref'),
    remark: text('remark'),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_orders_no_key').on(t.orderNo),
    uniqueIndex('billing_orders_idempotency_key').on(t.idempotencyKey),
    index('billing_orders_school_idx').on(t.schoolId, t.createdAt),
    check('billing_orders_period', sql`${t.expiresAt} > ${t.effectiveAt}`),
  ],
);

/**
 * Every change of a school's balances and counts, append-only (a trigger refuses updates and
 * deletes). The school's cached balances equal the sums of its entries; `billing-reconcile`
 * checks it. `(reason, ref)` is unique: an order, a usage run or an adjustment is booked once.
 */
export const billingLedger = pgTable(
  'billing_ledger',
  {
    id: id('id').primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    reason: text('reason').$type<'order' | 'usage' | 'adjustment' | 'refund'>().notNull(),
    ref: text('ref').notNull(),
    note: text('note'),
    rechargeFen: bigint('recharge_fen', { mode: 'number' }).notNull().default(0),
    giftFen: bigint('gift_fen', { mode: 'number' }).notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    slides: bigint('slides', { mode: 'number' }).notNull().default(0),
    packageSeconds: bigint('package_seconds', { mode: 'number' }).notNull().default(0),
    rechargeAfter: bigint('recharge_after', { mode: 'number' }).notNull(),
    giftAfter: bigint('gift_after', { mode: 'number' }).notNull(),
    createdBy: id('created_by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_ledger_ref_key').on(t.reason, t.ref),
    index('billing_ledger_school_idx').on(t.schoolId, t.at),
  ],
);

/**
 * A school's billing state besides the fen balances kept on `schools`: package hours and
 * validity (cached from its orders and ledger), limits, and when its balance ran out.
 */
export const billingAccounts = pgTable('billing_accounts', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  packageSeconds: bigint('package_seconds', { mode: 'number' }).notNull().default(0),
  /** The end of the latest timed package: its hours are usable until then. */
  packageUntil: timestamp('package_until', { withTimezone: true }),
  untimedFrom: timestamp('untimed_from', { withTimezone: true }),
  untimedUntil: timestamp('untimed_until', { withTimezone: true }),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  spendLimitFen: bigint('spend_limit_fen', { mode: 'number' }),
  studentDailySeconds: integer('student_daily_seconds'),
  exhaustedAt: timestamp('exhausted_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * What a stretch of lab use cost: one row per usage record, billing day (UTC+8), price period and
 * charging item, with how it was paid.
 */
export const billingUsageDetails = pgTable(
  'billing_usage_details',
  {
    /** Numbered by the database: details are written in bulk by one statement per charge. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: id('run_id').notNull(),
    schoolId: id('school_id').notNull(),
    usageId: id('usage_id'),
    userId: id('user_id'),
    envId: id('env_id'),
    item: text('item').$type<ChargingItem>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unitFen: integer('unit_fen').notNull(),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull(),
    packageSeconds: integer('package_seconds').notNull().default(0),
    settlement: text('settlement').$type<Settlement>().notNull(),
    giftFen: bigint('gift_fen', { mode: 'number' }).notNull().default(0),
    rechargeFen: bigint('recharge_fen', { mode: 'number' }).notNull().default(0),
    owedFen: bigint('owed_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('billing_usage_school_period_idx').on(t.schoolId, t.period),
    index('billing_usage_user_period_idx').on(t.userId, t.period),
    index('billing_usage_usage_idx').on(t.usageId),
    check(
      'billing_usage_paid',
      sql`${t.giftFen} + ${t.rechargeFen} + ${t.owedFen} <= ${t.costFen} and ${t.giftFen} >= 0 and ${t.rechargeFen} >= 0 and ${t.owedFen} >= 0`,
    ),
  ],
);

/** How far billing has charged each lab usage record: a record is charged from here on, once. */
export const billingUsageProgress = pgTable(
  'billing_usage_progress',
  {
    usageId: id('usage_id').primaryKey(),
    schoolId: id('school_id').notNull(),
    billedUntil: timestamp('billed_until', { withTimezone: true }).notNull(),
    /** The record had stopped when it was charged up to its end: nothing is left to charge. */
    done: boolean('done').notNull().default(false),
  },
  (t) => [
    index('billing_usage_progress_open_idx')
      .on(t.schoolId)
      .where(sql`not ${t.done}`),
  ],
);
