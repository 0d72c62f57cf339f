import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import {
  envBaseSchema,
  envRuntimeDefaults,
  envRuntimeSchema,
  envTypes,
  defaultImageOf,
  formatMessage,
  platformApps,
  runnerOf,
  type EnvConfig,
  type EnvUpdate,
  type Environment,
  type ResourceKind,
} from '@platform/contract';
import { isRequestError } from '../../shared/request';
import { apiLanguage } from '../../shared/i18n';
import { fieldErrorText } from '../../shared/zodForm';

/**
 * The environment form's data: which fields belong to which call, defaults, the conversions
 * between an Environment and the form, and errors (from the schema or the server) on fields.
 */

export type BaseField = keyof typeof envBaseSchema.shape;
export type RuntimeField = keyof typeof envRuntimeSchema.shape;
export type EnvField = BaseField | RuntimeField;

export const baseFields = Object.keys(envBaseSchema.shape) as BaseField[];
export const runtimeFields = Object.keys(envRuntimeSchema.shape) as RuntimeField[];
export const envFields: readonly EnvField[] = [...baseFields, ...runtimeFields];

/** Fields on the runtime tab; the manual is base data but is edited with the runtime. */
export const runtimeTabFields: ReadonlySet<string> = new Set<string>([...runtimeFields, 'manual']);

/** The form's values: what antd inputs hold (cleared number inputs hold null). */
export type EnvFormValues = Record<string, unknown>;

export const newEnvValues: EnvFormValues = {
  code: '',
  name: '',
  type: envTypes.container,
  state: 1,
  hidden: 0,
  openWith: 1,
  accessMode: 1,
  image: '',
  labels: [],
  description: '',
  manual: '',
  ...envRuntimeDefaults,
};

/**
 * The image after the resource kind changed to `kind`: an empty image or another kind's default
 * becomes this kind's default; an image the operator typed is kept.
 */
export function imageAfterKindChange(image: unknown, kind: ResourceKind): string {
  const current = typeof image === 'string' ? image.trim() : '';
  const isDefault = current === '' || platformApps.some((app) => app.image === current);
  return isDefault ? defaultImageOf(kind) : current;
}

export function isSimulation(kind: unknown): boolean {
  return typeof kind === 'string' && runnerOf(kind as ResourceKind) === 'simulation';
}

export function isJupyter(kind: unknown): boolean {
  return typeof kind === 'string' && runnerOf(kind as ResourceKind) === 'jupyter';
}

export function isCombination(type: unknown): boolean {
  return type === envTypes.combination;
}

function pick<K extends string>(source: Record<string, unknown>, keys: readonly K[]) {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = source[key];
  return out;
}

const orUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

function cleanRow(row: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((row ?? {}) as Record<string, unknown>))
    out[key] = orUndefined(value);
  return out;
}

/** Form values as the schema sees them; sections that do not apply to the type are emptied. */
export function normalize(values: EnvFormValues): EnvFormValues {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(cleanRow) : []);
  return {
    ...values,
    devices: isSimulation(values.resourceKind) ? list(values.devices) : [],
    parts: isCombination(values.type) ? (values.parts ?? []) : [],
    initialFiles: list(values.initialFiles).map((f) => ({ ...f, content: f.content ?? '' })),
  };
}

export function formValuesOf(env: Environment): EnvFormValues {
  return { ...pick(env, envFields), labels: [...env.labels] };
}

/** The env/update body of an environment as it is (for state changes). */
export function updateBodyOf(env: Environment, change: Partial<EnvUpdate> = {}): EnvUpdate {
  return { ...(pick(env, baseFields) as Omit<EnvUpdate, 'id'>), id: env.id, ...change };
}

/** The env/config body of an environment as it is (for resource changes). */
export function configBodyOf(env: Environment, change: Partial<EnvConfig> = {}): EnvConfig {
  return { ...(pick(env, runtimeFields) as Omit<EnvConfig, 'id'>), id: env.id, ...change };
}

export function baseValues(values: EnvFormValues) {
  return pick(values, baseFields);
}

export function runtimeValues(values: EnvFormValues) {
  return pick(values, runtimeFields);
}

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** `devices.0.id` → ['devices', 0, 'id']. */
function pathOfKey(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Errors keyed by dotted paths (server `fields`, schema issues) on the form's own fields. */
export function fieldErrorsOf(
  fields: Record<string, string> | undefined,
  known: readonly string[],
): FieldError[] {
  if (!fields) return [];
  return Object.entries(fields)
    .map(([key, code]) => ({ name: pathOfKey(key), errors: [fieldErrorText(code)] }))
    .filter((e) => known.includes(String(e.name[0])));
}

/** The schema's issues as field errors (first issue per field). */
export function schemaErrors(
  schema: ZodType,
  values: unknown,
  known: readonly string[],
): FieldError[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fieldErrorsOf(fields, known);
}

/** Business errors that concern one field (the server's message goes on it). */
const fieldOfErrorKey: Record<string, string> = {
  'environments.code_taken': 'code',
  'environments.parts_required': 'parts',
  'environments.part_invalid': 'parts',
};

/** A failed save's errors on the form's fields. */
export function requestFieldErrors(error: unknown, known: readonly string[]): FieldError[] {
  if (!isRequestError(error)) return [];
  const errors = fieldErrorsOf(error.fields, known);
  const field = error.errorKey ? fieldOfErrorKey[error.errorKey] : undefined;
  if (field && known.includes(field) && !errors.some((e) => e.name[0] === field))
    errors.push({ name: [field], errors: [error.message] });
  return errors;
}

/** Rules of one field of a row in a list (devices, initial files), from the row's schema. */
export function rowRules(schema: ZodType, list: string, index: number, field: string): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const row = cleanRow({ ...(getFieldValue([list, index]) ?? {}), [field]: value });
        const result = schema.safeParse(row);
        const issue = result.success ? null : result.error.issues.find((i) => i.path[0] === field);
        if (issue) throw new Error(fieldErrorText(issue.message));
      },
    }),
  ];
}

/** A combination needs at least two parts (the server's rule `environments.parts_required`). */
export const partsRequiredRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (!isCombination(getFieldValue('type'))) return;
    if (!Array.isArray(value) || value.length < 2)
      throw new Error(formatMessage('environments.parts_required', apiLanguage()));
  },
});
