import type { ZodType } from 'zod';
import type { FormInstance, FormRule } from 'antd';
import { fieldErrorCodes, fieldErrorMessages, type FieldErrorCode } from '@platform/contract';
import { apiLanguage } from './i18n';

/**
 * Form validation from the contract's zod schemas, so the client checks exactly what the server
 * checks. The schemas' issue messages are the contract's field error codes ('required',
 * 'too_short', 'mismatch', ...); they are translated through `fieldErrorMessages`.
 */

/** Per-field replacements of the standard texts, e.g. the placeholder as the 'required' text. */
export type FieldMessages = Partial<Record<FieldErrorCode, string>>;

export function isFieldErrorCode(value: string): value is FieldErrorCode {
  return (fieldErrorCodes as readonly string[]).includes(value);
}

/** The translated text of a field error code. */
export function fieldErrorText(code: string, overrides: FieldMessages = {}): string {
  const known: FieldErrorCode = isFieldErrorCode(code) ? code : 'invalid_value';
  return overrides[known] ?? fieldErrorMessages[known][apiLanguage()];
}

/**
 * Validates the form values with the schema and returns the first error code of `field`, or
 * null. Missing values count as empty strings, so cross-field checks run on untouched forms too.
 */
export function zodFieldError(
  schema: ZodType,
  values: Record<string, unknown>,
  field: string,
  fields: readonly string[] = Object.keys(values),
): string | null {
  const complete: Record<string, unknown> = {};
  for (const name of new Set([...fields, ...Object.keys(values)]))
    complete[name] = values[name] ?? '';
  const result = schema.safeParse(complete);
  if (result.success) return null;
  const issue = result.error.issues.find((i) => i.path[0] === field);
  return issue ? issue.message : null;
}

/** antd Form rules for one field, derived from the schema (uses the other fields' values too). */
export function zodRules(
  schema: ZodType,
  field: string,
  fields: readonly string[],
  overrides: FieldMessages = {},
): FormRule[] {
  return [
    ({ getFieldsValue }) => ({
      validator: async (_rule, value: unknown) => {
        const values = { ...(getFieldsValue(fields as string[]) as Record<string, unknown>) };
        values[field] = value;
        const code = zodFieldError(schema, values, field, fields);
        if (code) throw new Error(fieldErrorText(code, overrides));
      },
    }),
  ];
}

/** Server `fields` errors of the form's own fields, in the shape of antd's `form.setFields`. */
export function serverFieldErrors<F extends string>(
  fields: Record<string, string> | undefined,
  formFields: readonly F[],
  overrides: Partial<Record<F, FieldMessages>> = {},
): { name: F; errors: string[] }[] {
  if (!fields) return [];
  const errors: { name: F; errors: string[] }[] = [];
  // A nested name (`content.body`) belongs to the form's field holding it (`content`).
  for (const [path, code] of Object.entries(fields)) {
    const name = formFields.find((f) => path === f || path.startsWith(`${f}.`));
    if (name !== undefined) errors.push({ name, errors: [fieldErrorText(code, overrides[name])] });
  }
  return errors;
}

/** The path of a nested form field, as antd names it: `['name', 'zh']`, `['options', 0, 'text']`. */
export type FieldPath = readonly (string | number)[];

const samePath = (a: readonly PropertyKey[], b: FieldPath) =>
  a.length === b.length && a.every((key, i) => String(key) === String(b[i]));

export interface PathCheckOptions {
  /** The request body the form's values stand for; by default the values themselves. */
  toBody?: (values: unknown) => unknown;
  /**
   * Also reports the issue of the object holding the field, such as a bilingual text's "one
   * language at least", on each of its inputs.
   */
  parent?: boolean;
  overrides?: FieldMessages;
}

/**
 * Checks the form's values, as a body, with the schema and answers the translated text of the
 * first issue at `path` (see `PathCheckOptions.parent`), or null.
 */
export function zodPathCheck(
  schema: ZodType,
  path: FieldPath,
  { toBody = (values) => values, parent = false, overrides = {} }: PathCheckOptions = {},
): (values: unknown) => string | null {
  return (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return null;
    const issue = result.error.issues.find(
      (i) => samePath(i.path, path) || (parent && samePath(i.path, path.slice(0, -1))),
    );
    return issue ? fieldErrorText(issue.message, overrides) : null;
  };
}

/** antd Form rules of a nested field, derived from the schema of the whole form's body. */
export function zodPathRules(
  schema: ZodType,
  path: FieldPath,
  options: PathCheckOptions = {},
): FormRule[] {
  const check = zodPathCheck(schema, path, options);
  return [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const text = check(getFieldsValue(true));
        if (text) throw new Error(text);
      },
    }),
  ];
}

/** Errors to put on nested fields (`form.setFields`), by their paths. */
export type PathErrors = { name: (string | number)[]; errors: string[] }[];

/**
 * Server `fields` errors on nested fields, in the shape of antd's `form.setFields`: a dotted
 * name such as `content.questions.0.stem.zh` becomes that path.
 */
export function serverPathErrors(fields: Record<string, string> | undefined): PathErrors {
  return Object.entries(fields ?? {}).map(([name, code]) => ({
    name: name.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
    errors: [fieldErrorText(code)],
  }));
}

/** The first issue code of `field` when the schema checks `body`, or null. */
export function issueOf(schema: ZodType, body: unknown, field: string): string | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

/** antd rules of one field, checking the whole body made of the form's values by `schema`. */
export function bodyRules<V>(
  schema: ZodType,
  bodyOf: (values: V) => unknown,
  field: string,
  messages: FieldMessages,
): FormRule[] {
  return [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const code = issueOf(schema, bodyOf(getFieldsValue(true) as V), field);
        if (code) throw new Error(fieldErrorText(code, messages));
      },
    }),
  ];
}

type NamedErrors = { name: string | number | readonly (string | number)[]; errors: string[] };

const startsWith = (path: readonly string[], prefix: readonly string[]) =>
  prefix.length <= path.length && prefix.every((key, i) => key === path[i]);

/**
 * Puts errors on a form's fields (`form.setFields`), each on the input that shows it: the field
 * of that name, else the nearest field holding it (`content.file.fileId` on the file input),
 * else the first field inside it (`content.doc` on the Chinese editor of the document), so that
 * a server's field error is never lost on a name no input has.
 */
export function setFieldErrors(form: FormInstance, errors: readonly NamedErrors[]): void {
  const inputs = form.getFieldsError().map((f) => f.name);
  const keys = (name: readonly PropertyKey[]) => name.map(String);
  const placed = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const error of errors) {
    const path = keys(Array.isArray(error.name) ? error.name : [error.name]);
    const holders = inputs.filter((input) => startsWith(path, keys(input)));
    const target =
      holders.sort((a, b) => b.length - a.length)[0] ??
      inputs.find((input) => startsWith(keys(input), path)) ??
      path;
    const key = JSON.stringify(keys(target));
    const entry = placed.get(key) ?? { name: [...target], errors: [] };
    for (const text of error.errors) if (!entry.errors.includes(text)) entry.errors.push(text);
    placed.set(key, entry);
  }
  if (placed.size > 0) form.setFields([...placed.values()]);
}
