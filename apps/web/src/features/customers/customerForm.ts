import type { FormRule } from 'antd';
import { customerSaveSchema, type Customer, type CustomerSave } from '@platform/contract';
import { bodyRules, type FieldMessages } from '../../shared/zodForm';
import { saveErrors, type FieldErrors } from '../../shared/dialogForm';
import { dateOf } from '../../shared/dates';
import { endOfDay, startOfDay } from './customerFormat';

/**
 * The customer form: what the inputs hold (dates as YYYY-MM-DD), the save body made of it, and
 * its rules, checked by the contract's schema on the body so that client and server agree.
 */

export const customerFields = [
  'name',
  'kind',
  'collegeId',
  'contactName',
  'contactPhone',
  'remark',
  'serviceStart',
  'serviceEnd',
] as const;
export type CustomerField = (typeof customerFields)[number];

export interface CustomerFormValues {
  name?: string;
  kind?: number;
  collegeId?: string | null;
  contactName?: string;
  contactPhone?: string;
  remark?: string;
  serviceStart?: string;
  serviceEnd?: string;
}

export function formValuesOf(customer: Customer | undefined): CustomerFormValues {
  if (!customer) return { name: '', contactName: '', contactPhone: '', remark: '' };
  return {
    name: customer.name,
    kind: customer.kind,
    collegeId: customer.collegeId,
    contactName: customer.contactName,
    contactPhone: customer.contactPhone,
    remark: customer.remark,
    serviceStart: dateOf(customer.serviceStart),
    serviceEnd: dateOf(customer.serviceEnd),
  };
}

/** Text as sent: surrounding spaces are dropped rather than refused. */
export const trim = (v: string | undefined | null) => (v ?? '').trim();

/**
 * The save body of the form. A new period runs from the start of its first day to the end of its
 * last; a date left as it was keeps its exact instant (time added by the hour is not cut off).
 */
export function saveBodyOf(values: CustomerFormValues, original?: Customer): CustomerSave {
  const instant = (
    date: string | undefined,
    kept: string | undefined,
    convert: (d: string | undefined) => string,
  ) => (kept && date && date === dateOf(kept) ? kept : convert(date));
  return {
    ...(original ? { id: original.id } : {}),
    name: trim(values.name),
    kind: values.kind as CustomerSave['kind'],
    collegeId: values.collegeId || null,
    contactName: trim(values.contactName),
    contactPhone: trim(values.contactPhone),
    remark: trim(values.remark),
    serviceStart: instant(values.serviceStart, original?.serviceStart, startOfDay),
    serviceEnd: instant(values.serviceEnd, original?.serviceEnd, endOfDay),
  };
}

/** antd rules of one field of the customer form (the end depends on the start). */
export function customerRules(
  field: CustomerField,
  original: Customer | undefined,
  messages: FieldMessages,
): FormRule[] {
  return bodyRules(
    customerSaveSchema,
    (values: CustomerFormValues) => saveBodyOf(values, original),
    field,
    messages,
  );
}

/** A failed save's errors on the form's fields. */
export function saveFieldErrors(
  error: unknown,
  messages: Partial<Record<CustomerField, FieldMessages>>,
): FieldErrors<CustomerField> {
  return saveErrors(error, customerFields, messages, {
    'customers.college_not_found': 'collegeId',
  });
}
