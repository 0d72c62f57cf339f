import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { courseSpecialties } from './course-kinds';
import { checkRange, maxInteger, oneYearAfter, optionalText, textField } from './fields';
import { resourceKinds } from './environments';

/*
 * Money (management spec §2–§5, §9; decision 0030): packages, billing costs, orders and
 * recharges, the ledger of every school balance, usage details and the limits of lab use. Amounts
 * on the wire are integer fen; forms show yuan.
 */

/** What lab time and the AI tools are charged by. */
export const chargingItems = [
  'cpu_hour',
  'memory_gib_hour',
  'gpu_hour',
  'disk_gib_day',
  'ai_token_k',
  'slide',
] as const;
export type ChargingItem = (typeof chargingItems)[number];
/** The items a running lab is charged by, per hour of its resources. */
export const labChargingItems = [
  'cpu_hour',
  'memory_gib_hour',
  'gpu_hour',
  'disk_gib_day',
] as const;
export type LabChargingItem = (typeof labChargingItems)[number];

export const packageTypes = ['timed', 'untimed'] as const;
export type PackageType = (typeof packageTypes)[number];
export const packageStatuses = ['effective', 'ineffective', 'invalid'] as const;
export type PackageStatus = (typeof packageStatuses)[number];
/** Validity overlay: a new order extends the validity; resource overlay: it adds to what remains. */
export const packageStackings = ['validity', 'resource'] as const;
export const packageEffects = ['immediate', 'scheduled'] as const;
export const orderTypes = ['package', 'amount'] as const;
export type OrderType = (typeof orderTypes)[number];
/** Why a ledger entry was written. */
export const ledgerReasons = ['order', 'usage', 'adjustment', 'refund'] as const;
export type LedgerReason = (typeof ledgerReasons)[number];
export const adjustmentKinds = ['adjustment', 'refund'] as const;
/** How an order was paid: recorded by an operator; online payment needs a provider (none yet). */
export const paymentMethods = ['offline'] as const;
/**
 * How a usage detail was paid: from the balances (gift first, decision 0030), by a package's
 * hours, by an untimed package, from the school's token or slide count, or not at all (a school
 * without orders is not metered).
 */
export const settlements = ['charged', 'package', 'untimed', 'quota', 'unmetered'] as const;
export type Settlement = (typeof settlements)[number];

export const billingPermissionKeys = [
  'billing.package_edit',
  'billing.price_edit',
  'billing.order_add',
  'billing.adjust',
  'billing.limit_edit',
] as const;

export const billingLimits = {
  packageNameMax: 50,
  orderNoMax: 40,
  reasonMin: 2,
  reasonMax: 200,
  remarkMax: 200,
  paymentRefMax: 64,
  hoursPerYearMax: 8784,
  periodMonthsMax: 120,
  /** Courses and majors a package or order opens. */
  openedMax: 200,
  /** The least per-student daily lab hours a school may set, and the most. */
  dailyHoursMin: 0.5,
  dailyHoursMax: 24,
  /** After a school's balance runs out, its running labs are stopped after this many minutes. */
  graceMinutes: 10,
  /** Rows of a usage export. */
  exportMaxRows: 50_000,
  /** Platform time zone of billing days and months (UTC+8, no daylight saving). */
  zoneOffsetMinutes: 480,
  topN: 5,
} as const;

const isoDate = z.iso.datetime({ offset: true, message: 'invalid_format' });
const fen = z.coerce
  .number('invalid_format')
  .int('invalid_format')
  .min(0, 'invalid_value')
  .max(maxInteger, 'invalid_value');
const signedFen = z.coerce
  .number('invalid_format')
  .int('invalid_format')
  .min(-maxInteger, 'invalid_value')
  .max(maxInteger, 'invalid_value');
const count = fen;
const idempotencyKey = z.string('required').regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_format');
const openedCourses = z.array(idSchema).max(billingLimits.openedMax, 'too_long').default([]);
const openedMajors = z
  .array(z.enum(courseSpecialties, 'invalid_value'))
  .max(courseSpecialties.length, 'too_long')
  .default([]);

/* Packages ------------------------------------------------------------------------------------- */

/** `package/saveOrUpdate`: a course module package (management spec §3, §9). */
export const packageSaveSchema = z
  .object({
    id: idSchema.optional(),
    name: textField(2, billingLimits.packageNameMax),
    type: z.enum(packageTypes, 'required'),
    hoursPerYear: z.coerce
      .number('invalid_format')
      .int('invalid_format')
      .min(0, 'invalid_value')
      .max(billingLimits.hoursPerYearMax, 'invalid_value'),
    priceFen: fen,
    periodMonths: z.coerce
      .number('invalid_format')
      .int('invalid_format')
      .min(1, 'invalid_value')
      .max(billingLimits.periodMonthsMax, 'invalid_value'),
    status: z.enum(packageStatuses, 'required'),
    stacking: z.enum(packageStackings, 'required'),
    effect: z.enum(packageEffects, 'required'),
    /** When a scheduled package takes effect. */
    effectiveAt: isoDate.nullish(),
    courseIds: openedCourses,
    majors: openedMajors,
  })
  .superRefine((p, ctx) => {
    if (p.type === 'timed' && p.hoursPerYear < 1)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['hoursPerYear'], input: 0 });
    if (p.effect === 'scheduled' && !p.effectiveAt)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['effectiveAt'], input: null });
  });
export type PackageSave = z.input<typeof packageSaveSchema>;

export const packageSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(packageTypes),
  hoursPerYear: z.number().int(),
  priceFen: z.number().int(),
  periodMonths: z.number().int(),
  status: z.enum(packageStatuses),
  stacking: z.enum(packageStackings),
  effect: z.enum(packageEffects),
  effectiveAt: z.string().nullable(),
  courseIds: z.array(idSchema),
  courses: z.array(z.object({ id: idSchema, name: z.string() })),
  majors: z.array(z.enum(courseSpecialties)),
  published: z.boolean(),
  onShelf: z.boolean(),
  createdAt: z.string(),
});
export type BillingPackage = z.infer<typeof packageSchema>;

export const packagePageQuerySchema = pageQuerySchema.extend({
  name: optionalText(billingLimits.packageNameMax).optional(),
  status: z.enum(packageStatuses, 'invalid_value').optional(),
  published: z.enum(['0', '1'], 'invalid_value').optional(),
});

/** Publish or cancel publishing; put on or take off the shelf. */
export const packageStateSchema = z
  .object({
    id: idSchema,
    published: z.boolean().optional(),
    onShelf: z.boolean().optional(),
  })
  .refine((b) => b.published !== undefined || b.onShelf !== undefined, {
    message: 'required',
    path: ['published'],
  });

/* Billing costs -------------------------------------------------------------------------------- */

/** A price of a charging item, for one kind of environment or (no kind) for all, from a moment on. */
export const priceAddSchema = z.object({
  item: z.enum(chargingItems, 'required'),
  envKind: z.enum(resourceKinds, 'invalid_value').nullish(),
  /** Fen per unit: per core-hour, GiB-hour, GPU-hour, GiB-day, thousand tokens or slide. */
  unitFen: fen,
  effectiveFrom: isoDate,
});
export type PriceAdd = z.input<typeof priceAddSchema>;

export const priceSchema = z.object({
  id: idSchema,
  item: z.enum(chargingItems),
  envKind: z.enum(resourceKinds).nullable(),
  unitFen: z.number().int(),
  effectiveFrom: z.string(),
  /** When the next price of the same item and kind takes over, if any. */
  effectiveUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Price = z.infer<typeof priceSchema>;

export const pricePageQuerySchema = pageQuerySchema.extend({
  item: z.enum(chargingItems, 'invalid_value').optional(),
});

/* Orders and recharges ------------------------------------------------------------------------- */

/**
 * `order/add`: an order for a school, paid offline and recorded by an operator. The idempotency key
 * makes a repeated request answer the first one's order instead of recharging twice.
 */
export const orderAddSchema = z
  .object({
    idempotencyKey,
    schoolId: idSchema,
    orderNo: optionalText(billingLimits.orderNoMax)
      .refine((v) => !v || /^[A-Za-z0-9_-]+$/.test(v), 'invalid_format')
      .optional(),
    type: z.enum(orderTypes, 'required'),
    packageId: idSchema.nullish(),
    rechargeFen: fen.default(0),
    giftFen: fen.default(0),
    tokens: count.default(0),
    slides: count.default(0),
    effectiveAt: isoDate,
    expiresAt: isoDate,
    courseIds: openedCourses,
    majors: openedMajors,
    payment: z.enum(paymentMethods, 'invalid_value').default('offline'),
    paymentRef: optionalText(billingLimits.paymentRefMax).optional(),
    remark: optionalText(billingLimits.remarkMax).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.type === 'package' && !o.packageId)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['packageId'], input: null });
    if (o.type === 'amount' && o.rechargeFen + o.giftFen + o.tokens + o.slides === 0)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['rechargeFen'], input: 0 });
    checkRange(o.effectiveAt, o.expiresAt, 'expiresAt', false, ctx.issues);
  });
export type OrderAdd = z.input<typeof orderAddSchema>;

export const orderSchema = z.object({
  id: idSchema,
  orderNo: z.string(),
  schoolId: idSchema,
  schoolName: z.string(),
  type: z.enum(orderTypes),
  packageId: idSchema.nullable(),
  packageName: z.string().nullable(),
  packageType: z.enum(packageTypes).nullable(),
  /** Lab hours the order's timed package gives. */
  packageHours: z.number().int(),
  rechargeFen: z.number().int(),
  giftFen: z.number().int(),
  tokens: z.number().int(),
  slides: z.number().int(),
  effectiveAt: z.string(),
  expiresAt: z.string(),
  courses: z.array(z.object({ id: idSchema, name: z.string() })),
  majors: z.array(z.enum(courseSpecialties)),
  payment: z.enum(paymentMethods),
  paymentRef: z.string().nullable(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderPageQuerySchema = pageQuerySchema.extend({
  schoolId: idSchema.optional(),
  orderNo: optionalText(billingLimits.orderNoMax).optional(),
  type: z.enum(orderTypes, 'invalid_value').optional(),
});

/* Accounts, limits, adjustments ---------------------------------------------------------------- */

export const schoolIdParamsSchema = z.object({ schoolId: idSchema });

/** A school's balances and counts, its packages and limits (management spec §3 School). */
export const accountSchema = z.object({
  schoolId: idSchema,
  schoolName: z.string(),
  /** False until the school's first order: its lab use is recorded, not charged (decision 0030). */
  metered: z.boolean(),
  totalFen: z.number().int(),
  rechargeFen: z.number().int(),
  giftFen: z.number().int(),
  tokens: z.number().int(),
  slides: z.number().int(),
  /** Lab seconds left of timed packages within their validity. */
  packageSeconds: z.number().int(),
  /** The end of an untimed package in force now: lab time is covered until then. */
  untimedUntil: z.string().nullable(),
  /** The end of the latest order: after it, labs do not start. */
  validUntil: z.string().nullable(),
  spendLimitFen: z.number().int().nullable(),
  studentDailyHours: z.number().nullable(),
  spentThisMonthFen: z.number().int(),
  /** When the balance ran out, while it stays out: labs stop a grace period later. */
  exhaustedAt: z.string().nullable(),
  accountCount: z.number().int(),
  maxStudents: z.number().int(),
  purchasedCourseCount: z.number().int(),
  packages: z.array(
    z.object({
      orderId: idSchema,
      orderNo: z.string(),
      packageName: z.string(),
      type: z.enum(packageTypes),
      effectiveAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type Account = z.infer<typeof accountSchema>;

export const accountPageQuerySchema = pageQuerySchema.extend({
  name: optionalText(50).optional(),
});
export const accountRowSchema = accountSchema.omit({ packages: true });
export type AccountRow = z.infer<typeof accountRowSchema>;

/** Limit setting: empty leaves a limit off. */
export const limitSaveSchema = z.object({
  schoolId: idSchema,
  spendLimitFen: fen.nullable(),
  studentDailyHours: z.coerce
    .number('invalid_format')
    .min(billingLimits.dailyHoursMin, 'invalid_value')
    .max(billingLimits.dailyHoursMax, 'invalid_value')
    .nullable(),
});
export type LimitSave = z.input<typeof limitSaveSchema>;

/** A manual change of a school's balances, or a refund; the reason is required. */
export const adjustSchema = z
  .object({
    idempotencyKey,
    schoolId: idSchema,
    kind: z.enum(adjustmentKinds, 'required'),
    rechargeFen: signedFen.default(0),
    giftFen: signedFen.default(0),
    tokens: signedFen.default(0),
    slides: signedFen.default(0),
    reason: textField(billingLimits.reasonMin, billingLimits.reasonMax),
  })
  .superRefine((a, ctx) => {
    if (a.rechargeFen === 0 && a.giftFen === 0 && a.tokens === 0 && a.slides === 0)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['rechargeFen'], input: 0 });
    if (a.kind === 'refund' && (a.rechargeFen > 0 || a.giftFen > 0 || a.tokens > 0 || a.slides > 0))
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['rechargeFen'], input: 0 });
  });
export type Adjust = z.input<typeof adjustSchema>;

export const ledgerEntrySchema = z.object({
  id: idSchema,
  at: z.string(),
  reason: z.enum(ledgerReasons),
  /** The order, usage run or adjustment the entry comes from. */
  ref: z.string(),
  note: z.string().nullable(),
  rechargeFen: z.number().int(),
  giftFen: z.number().int(),
  tokens: z.number().int(),
  slides: z.number().int(),
  packageSeconds: z.number().int(),
  rechargeAfter: z.number().int(),
  giftAfter: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageQuerySchema = pageQuerySchema.extend({ schoolId: idSchema });

/* Usage details -------------------------------------------------------------------------------- */

const isDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format')
  .refine(isDay, 'invalid_format');

const usageFilter = z.object({
  schoolId: idSchema.optional(),
  classId: idSchema.optional(),
  envId: idSchema.optional(),
  userName: optionalText(50).optional(),
  item: z.enum(chargingItems, 'invalid_value').optional(),
  from: day.optional(),
  to: day.optional(),
});
const checkDays = (
  q: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (!q.from || !q.to) return;
  if (q.to < q.from)
    ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['to'], input: q.to });
  else if (new Date(`${q.to}T00:00:00Z`) > oneYearAfter(new Date(`${q.from}T00:00:00Z`)))
    ctx.addIssue({ code: 'custom', message: 'too_long', path: ['to'], input: q.to });
};

/** Filters of usage details; days are billing days (UTC+8), at most one year apart. */
export const usagePageQuerySchema = pageQuerySchema
  .extend(usageFilter.shape)
  .superRefine(checkDays);
export type UsagePageQuery = z.input<typeof usagePageQuerySchema>;
export const usageExportQuerySchema = usageFilter.superRefine(checkDays);

export const usageDetailSchema = z.object({
  id: idSchema,
  schoolId: idSchema,
  schoolName: z.string(),
  userId: idSchema.nullable(),
  userName: z.string().nullable(),
  className: z.string().nullable(),
  envId: idSchema.nullable(),
  envName: z.string().nullable(),
  item: z.enum(chargingItems),
  /** The billing day (UTC+8). */
  period: z.string(),
  start: z.string(),
  end: z.string(),
  quantity: z.number(),
  unitFen: z.number().int(),
  costFen: z.number().int(),
  /** Lab seconds a timed package paid for (on the first item of a stretch of use). */
  packageSeconds: z.number().int(),
  settlement: z.enum(settlements),
  giftFen: z.number().int(),
  rechargeFen: z.number().int(),
  /** What the balance could not pay. */
  owedFen: z.number().int(),
});
export type UsageDetail = z.infer<typeof usageDetailSchema>;

/* Overview dashboard --------------------------------------------------------------------------- */

export const overviewQuerySchema = z.object({ schoolId: idSchema.optional() });
const ranked = z.object({ id: idSchema, name: z.string(), seconds: z.number(), fen: z.number() });
export const overviewSchema = z.object({
  /** The last 12 weeks (Monday first) and 12 months, oldest first. */
  weeks: z.array(z.object({ period: z.string(), fen: z.number().int() })),
  months: z.array(z.object({ period: z.string(), fen: z.number().int() })),
  topClasses: z.array(ranked),
  topEnvironments: z.array(ranked),
});
export type Overview = z.infer<typeof overviewSchema>;

/* Cost preview --------------------------------------------------------------------------------- */

export const costPreviewQuerySchema = z.object({
  expEnvId: idSchema,
  cpuCore: z.coerce.number('invalid_format').positive('invalid_value').max(256).optional(),
  memorySize: z.coerce.number('invalid_format').int().positive('invalid_value').optional(),
  diskSize: z.coerce.number('invalid_format').int().positive('invalid_value').optional(),
  gpuCount: z.coerce.number('invalid_format').int().min(0, 'invalid_value').optional(),
});
export type CostPreviewQuery = z.output<typeof costPreviewQuerySchema>;

export const costPreviewSchema = z.object({
  metered: z.boolean(),
  items: z.array(
    z.object({
      item: z.enum(labChargingItems),
      /** Units used per hour: cores, GiB, GPUs, GiB-days. */
      perHour: z.number(),
      unitFen: z.number().int(),
      fenPerHour: z.number(),
    }),
  ),
  fenPerHour: z.number(),
  totalFen: z.number().int(),
  packageSeconds: z.number().int(),
  untimedUntil: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Hours the balance pays for at this price, package hours aside (null: no price). */
  hoursLeft: z.number().nullable(),
  /** Why a start would be refused now, translated; null when it would start. */
  refusal: z.string().nullable(),
});
export type CostPreview = z.infer<typeof costPreviewSchema>;
