import { formatMessage, type College, type CollegeSave, type MessageKey } from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { isRequestError } from '../../shared/request';
import type { FormRule } from 'antd';
import { fieldErrorText } from '../../shared/zodForm';

/** The college form's data: fields, defaults, the request body, and errors on the fields. */

export const collegeFields = [
  'name',
  'url',
  'type',
  'province',
  'city',
  'intro',
  'address',
  'maxStudents',
  'purchasedCourseCount',
  'enabled',
] as const;
export type CollegeField = (typeof collegeFields)[number];

export type CollegeFormValues = Partial<Record<CollegeField, unknown>>;

export const newCollegeValues: CollegeFormValues = {
  name: '',
  url: '',
  intro: '',
  address: '',
  maxStudents: 0,
  purchasedCourseCount: 0,
  enabled: true,
};

export function formValuesOf(college: College): CollegeFormValues {
  return {
    name: college.name,
    url: college.url,
    type: college.type ?? undefined,
    province: college.province ?? undefined,
    city: college.city ?? undefined,
    intro: college.intro,
    address: college.address,
    maxStudents: college.maxStudents,
    purchasedCourseCount: college.purchasedCourseCount,
    enabled: college.enabled,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const count = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * The saveOrUpdate body. On edit the url stays as it is, and the state and the student limit are
 * sent only by users allowed to change them (the server refuses the others).
 */
export function saveBodyOf(
  values: CollegeFormValues,
  college: College | undefined,
  can: { enable: boolean; totalUser: boolean },
): CollegeSave {
  const body: CollegeSave = {
    name: text(values.name),
    type: values.type as CollegeSave['type'],
    province: text(values.province),
    city: text(values.city),
    intro: text(values.intro),
    address: text(values.address),
    purchasedCourseCount: count(values.purchasedCourseCount),
  };
  if (!college) {
    return {
      ...body,
      url: text(values.url),
      maxStudents: count(values.maxStudents),
      enabled: values.enabled !== false,
    };
  }
  return {
    ...body,
    id: college.id,
    ...(can.totalUser ? { maxStudents: count(values.maxStudents) } : {}),
    ...(can.enable ? { enabled: values.enabled !== false } : {}),
  };
}

export interface FieldError<F extends string = string> {
  name: F;
  errors: string[];
}

/** Why a field was refused by a business rule, when the server says it as `invalid_value`. */
const reasonOfField: Record<string, MessageKey> = {
  url: 'colleges.url_taken',
  province: 'colleges.province_unknown',
  city: 'colleges.city_unknown',
  phone: 'colleges.phone_taken',
};

/**
 * A failed call's field errors on the form's own fields: input errors by their code, business
 * rules ("Failed to add: ...") by their reason, else the server's message.
 */
export function requestFieldErrors<F extends string>(
  error: unknown,
  known: readonly F[],
): FieldError<F>[] {
  if (!isRequestError(error) || !error.fields) return [];
  const business = error.errorKey !== 'common.invalid_input';
  return Object.entries(error.fields)
    .filter((entry): entry is [F, string] => (known as readonly string[]).includes(entry[0]))
    .map(([name, code]) => {
      const reason = reasonOfField[name];
      let message = fieldErrorText(code);
      if (business && code === 'invalid_value') {
        message = reason ? formatMessage(reason, apiLanguage()) : error.message;
      }
      return { name, errors: [message] };
    });
}

/** An empty required text says "required" (the length rule would say "too short"). */
export function requiredFirst(rules: FormRule[]): FormRule[] {
  return [{ required: true, message: fieldErrorText('required') }, ...rules];
}
