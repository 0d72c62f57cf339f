import { z } from 'zod';
import { fitsBigint, idSchema, pageQuerySchema } from './envelope';
import { checkRange, optionalText, phonePattern, positiveIntSchema, textField } from './fields';

/** Customer kinds of management spec §3. */
export const customerKinds = { regular: 1, experience: 2, temporary: 3 } as const;
export const customerKindValues = [1, 2, 3] as const;
export type CustomerKind = (typeof customerKindValues)[number];

/** Where a customer's service period stands against the current time. */
export const serviceStatuses = ['active', 'expired', 'not_started'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

export const customerPermissionKeys = [
  'customer.view',
  'customer.add',
  'customer.edit',
  'customer.delete',
  'customer.add_time',
] as const;

export const customerLimits = {
  nameMin: 2,
  nameMax: 50,
  contactNameMin: 2,
  contactNameMax: 30,
  remarkMax: 244,
  reasonMin: 2,
  reasonMax: 244,
  /** Spec §5/§9: added service time is at least 1 hour. */
  hoursMin: 1,
} as const;

const dayMs = 86_400_000;

/** A service period has ended once its end is reached; before its start it has not started. */
export function serviceStatusOf(start: Date, end: Date, now: Date): ServiceStatus {
  if (end.getTime() <= now.getTime()) return 'expired';
  if (start.getTime() > now.getTime()) return 'not_started';
  return 'active';
}

/** Whole days of service left from now (or from the start, if later), rounded up; 0 once ended. */
export function remainingDaysOf(start: Date, end: Date, now: Date): number {
  const from = Math.max(start.getTime(), now.getTime());
  return Math.max(0, Math.ceil((end.getTime() - from) / dayMs));
}

/** An instant as ISO 8601 text with a zone (`Z` or an offset). */
const instantSchema = z
  .string('required')
  .min(1, 'required')
  .pipe(z.iso.datetime({ offset: true, error: 'invalid_format' }));

/** Optional text between min and max characters: empty means none. */
function optionalBetween(min: number, max: number) {
  return z
    .string()
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v === '' || v.length >= min, 'too_short')
    .refine((v) => v.length <= max, 'too_long')
    .optional();
}

const kindSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: (issue) =>
    issue.input === undefined || issue.input === null ? 'required' : 'invalid_value',
});

/**
 * Adds (no id) or updates a customer (`customer/saveOrUpdate`). An update replaces every field:
 * an absent optional field is cleared. A new customer's service period lasts at most one year;
 * longer periods come from added time.
 */
export const customerSaveSchema = z
  .object({
    id: idSchema.optional(),
    name: textField(customerLimits.nameMin, customerLimits.nameMax),
    kind: kindSchema,
    /** The linked school; empty or absent means none. */
    collegeId: z
      .string()
      .regex(/^(\d{1,20})?$/, 'invalid_format')
      .refine(fitsBigint, 'invalid_value')
      .nullish(),
    contactName: optionalBetween(customerLimits.contactNameMin, customerLimits.contactNameMax),
    contactPhone: z
      .string()
      .refine((v) => v === '' || phonePattern.test(v), 'invalid_format')
      .optional(),
    remark: optionalText(customerLimits.remarkMax),
    serviceStart: instantSchema,
    serviceEnd: instantSchema,
  })
  .check((ctx) => {
    const v = ctx.value;
    checkRange(v.serviceStart, v.serviceEnd, 'serviceEnd', !v.id, ctx.issues);
  });
export type CustomerSave = z.input<typeof customerSaveSchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.number().int(),
  collegeId: z.string().nullable(),
  collegeName: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  serviceStart: z.string(),
  serviceEnd: z.string(),
  status: z.enum(serviceStatuses),
  remainingDays: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(customerLimits.nameMax, 'too_long').optional(),
  kind: z.coerce
    .number()
    .refine((v) => (customerKindValues as readonly number[]).includes(v), 'invalid_value')
    .optional(),
  collegeId: idSchema.optional(),
  status: z.enum(serviceStatuses, { message: 'invalid_value' }).optional(),
});
export type CustomerPageQuery = z.input<typeof customerPageQuerySchema>;

/** Spec §5: at least 1 hour (greater than 0), at most the database's integer. */
export const addTimeHoursSchema = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', 'required')
  .pipe(positiveIntSchema);

/** Adds service time to a customer (`customer/time/add`); a reason is required. */
export const customerAddTimeSchema = z.object({
  customerId: idSchema,
  hours: addTimeHoursSchema,
  reason: textField(customerLimits.reasonMin, customerLimits.reasonMax),
});
export type CustomerAddTime = z.input<typeof customerAddTimeSchema>;

/** One entry of the history of added time. */
export const customerTimeLogSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  hours: z.number().int(),
  reason: z.string(),
  endBefore: z.string(),
  endAfter: z.string(),
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  createdAt: z.string(),
});
export type CustomerTimeLog = z.infer<typeof customerTimeLogSchema>;

/** The history of added time, paged; `from`/`to` bound when time was added (at most one year). */
export const customerTimeHistoryQuerySchema = /* @__PURE__ */ pageQuerySchema
  .extend({
    customerId: idSchema.optional(),
    customerName: z.string().trim().max(customerLimits.nameMax, 'too_long').optional(),
    from: z.iso.datetime({ offset: true, error: 'invalid_format' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'invalid_format' }).optional(),
  })
  .check((ctx) => checkRange(ctx.value.from, ctx.value.to, 'to', true, ctx.issues));
export type CustomerTimeHistoryQuery = z.input<typeof customerTimeHistoryQuerySchema>;
