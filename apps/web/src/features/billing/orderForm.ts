import type { BillingPackage, OrderAdd, OrderType } from '@platform/contract';
import { dateTimeInputOf, instantOfInput } from '../../shared/dates';
import { addMonths, fenOf } from './format';

/**
 * The add-order form: what the inputs hold (amounts in yuan, times as `DateTimeField` values)
 * and the body made of it, checked by the contract's schema.
 */

export const orderFields = [
  'schoolId',
  'orderNo',
  'type',
  'packageId',
  'rechargeFen',
  'giftFen',
  'tokens',
  'slides',
  'effectiveAt',
  'expiresAt',
  'courseIds',
  'majors',
  'paymentRef',
  'remark',
] as const;
export type OrderField = (typeof orderFields)[number];

export interface OrderFormValues {
  schoolId?: string;
  orderNo?: string;
  type?: OrderType;
  packageId?: string;
  /** In yuan; sent as fen. */
  rechargeFen?: number | null;
  /** In yuan; sent as fen. */
  giftFen?: number | null;
  tokens?: number | null;
  slides?: number | null;
  effectiveAt?: string;
  expiresAt?: string;
  courseIds?: string[];
  majors?: OrderAdd['majors'];
  paymentRef?: string;
  remark?: string;
}

export function newOrderValues(now = new Date()): OrderFormValues {
  return {
    orderNo: '',
    type: 'package',
    effectiveAt: dateTimeInputOf(now.toISOString()),
    expiresAt: '',
    courseIds: [],
    majors: [],
    paymentRef: '',
    remark: '',
  };
}

const optional = (text: string | undefined) => (text ?? '').trim() || undefined;

/** The body of the form, without its idempotency key. */
export function orderBodyOf(values: OrderFormValues): Omit<OrderAdd, 'idempotencyKey'> {
  return {
    schoolId: values.schoolId as string,
    orderNo: optional(values.orderNo),
    type: values.type as OrderType,
    packageId: values.type === 'package' ? (values.packageId ?? null) : null,
    rechargeFen: fenOf(values.rechargeFen) ?? 0,
    giftFen: fenOf(values.giftFen) ?? 0,
    tokens: values.tokens ?? 0,
    slides: values.slides ?? 0,
    effectiveAt: instantOfInput(values.effectiveAt) as string,
    expiresAt: instantOfInput(values.expiresAt) as string,
    courseIds: values.courseIds ?? [],
    majors: values.majors ?? [],
    payment: 'offline',
    paymentRef: optional(values.paymentRef),
    remark: optional(values.remark),
  };
}

/**
 * What picking a package (or moving the effective time of a package order) fills in: the expiry,
 * the package's periods after the effective time; and the package's courses and majors where
 * none are chosen yet.
 */
export function packageFill(
  values: OrderFormValues,
  pkg: BillingPackage,
  picked: boolean,
): Partial<OrderFormValues> {
  const fill: Partial<OrderFormValues> = {};
  const effective = instantOfInput(values.effectiveAt);
  if (effective && !Number.isNaN(new Date(effective).getTime()))
    fill.expiresAt = dateTimeInputOf(addMonths(effective, pkg.periodMonths));
  if (picked && !values.courseIds?.length) fill.courseIds = pkg.courseIds;
  if (picked && !values.majors?.length) fill.majors = pkg.majors;
  return fill;
}
