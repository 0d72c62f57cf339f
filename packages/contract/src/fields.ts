import { z } from 'zod';

/** Shared field rules of management spec §5; issue messages are field error codes. */
export const maxInteger = 2147483647;

/**
 * Where text holds what PostgreSQL cannot store, a NUL or half of a UTF-16 surrogate pair: its
 * index, else -1.
 */
export function unstorableAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}
const storable = (v: string) => unstorableAt(v) < 0;

/** Text with no leading or trailing spaces, between min and max characters. */
export function textField(min: number, max: number) {
  return z
    .string('required')
    .refine(storable, 'invalid_characters')
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v.length >= Math.max(min, 1), min <= 1 ? 'required' : 'too_short')
    .refine((v) => v.length <= max, 'too_long');
}

/** Optional text: empty means none. */
export function optionalText(max: number) {
  return z
    .string()
    .max(max, 'too_long')
    .refine(storable, 'invalid_characters')
    .refine((v) => v === v.trim(), 'invalid_format')
    .optional();
}

export const phonePattern = /^1[3-9]\d{9}$/;
export const phoneSchema = /* @__PURE__ */ z
  .string('required')
  .min(1, 'required')
  .regex(phonePattern, 'invalid_format');
export const emailSchema = /* @__PURE__ */ z.email('invalid_format').max(100, 'too_long');

/** A positive integer no larger than the database's integer. */
export const positiveIntSchema = /* @__PURE__ */ z.coerce
  .number('invalid_format')
  .int('invalid_format')
  .min(1, 'invalid_value')
  .max(maxInteger, 'invalid_value');
export const nonNegativeIntSchema = /* @__PURE__ */ z.coerce
  .number('invalid_format')
  .int('invalid_format')
  .min(0, 'invalid_value')
  .max(maxInteger, 'invalid_value');

/** Gender: 1 male, 2 female (0 unknown is never entered by hand). */
export const genders = [1, 2] as const;
export const genderSchema = /* @__PURE__ */ z.union([z.literal(1), z.literal(2)], 'required');

/** The end of the longest allowed time range that starts at `from` (spec §5: one year). */
export function oneYearAfter(from: Date): Date {
  const end = new Date(from.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * Checks that `to` comes after `from` ('invalid_value') and, where `capped`, that the range lasts
 * at most one year ('too_long'). Issues go on the field named `toField`.
 */
export function checkRange(
  from: string | undefined,
  to: string | undefined,
  toField: string,
  capped: boolean,
  issues: {
    push: (issue: { code: 'custom'; message: string; path: string[]; input: unknown }) => void;
  },
) {
  if (!from || !to) return;
  const start = new Date(from);
  const end = new Date(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
  if (end.getTime() <= start.getTime()) {
    issues.push({ code: 'custom', message: 'invalid_value', path: [toField], input: to });
  } else if (capped && end.getTime() > oneYearAfter(start).getTime()) {
    issues.push({ code: 'custom', message: 'too_long', path: [toField], input: to });
  }
}
