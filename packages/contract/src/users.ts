import { z } from 'zod';
import { idSchema } from './envelope';
import { emailSchema, genderSchema, phoneSchema, textField } from './fields';

/** Role codes of spec §6; `operator` and `admin` are the operations staff and platform administrator. */
export const roleCodes = [
  'student',
  'teacher',
  'school-manager',
  'aiot-product-manager',
  'case-developer',
  'operator',
  'admin',
] as const;
export type RoleCode = (typeof roleCodes)[number];

/** Roles that act for the whole platform rather than one school. */
export const platformRoleCodes: readonly RoleCode[] = [
  'operator',
  'admin',
  'aiot-product-manager',
  'case-developer',
];

export const roleSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  code: z.string(),
  name: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const sexValues = [0, 1, 2] as const;

/** The current user, as `GET /api-user/users/current` answers (spec §3 User). */
export const currentUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  birthday: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  address: z.string().nullable(),
  collegeId: z.string().nullable(),
  collegeKind: z.number().int().nullable(),
  collegeName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  kind: z.number().int().nullable(),
  sex: z.number().int().nullable(),
  stuNo: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  enabled: z.boolean(),
  roles: z.array(roleSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Display name falls back from name to userName to phone. */
export function displayName(user: Pick<CurrentUser, 'name' | 'userName' | 'phone'>): string {
  return user.name || user.userName || user.phone || '';
}

/** Roles used by an application: those whose tenantId equals the application id. */
export function rolesForApp<T extends { tenantId: string }>(
  roles: readonly T[],
  appId: string,
): T[] {
  return roles.filter((r) => r.tenantId === appId);
}

/** The latest date that is today somewhere on earth (UTC+14), as YYYY-MM-DD. */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A calendar date as YYYY-MM-DD that exists (no 2023-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Optional text: empty means none, otherwise between min and max characters. */
function optionalRange(min: number, max: number) {
  return z
    .string()
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v === '' || v.length >= min, 'too_short')
    .refine((v) => v.length <= max, 'too_long')
    .nullish();
}

/** Empty, or the given rule. */
function emptyOr(schema: z.ZodType<string>) {
  return z.union([z.literal(''), schema]).nullish();
}

const regionCodeSchema = z.string().regex(/^\d{1,20}$/, 'invalid_format');

/**
 * Body of `POST /api-user/users/saveOrUpdate`: the caller's own user record of the web host
 * (platform spec §3). User name, student number, kind, school and roles are not part of it.
 * Empty optional fields clear the value.
 */
export const userRecordSaveSchema = z
  .object({
    /** Only the caller's own id; another id is answered as not found. */
    id: idSchema.optional(),
    name: textField(2, 30),
    sex: genderSchema,
    birthday: z
      .string()
      .refine((v) => v === '' || isIsoDate(v), 'invalid_format')
      .refine((v) => v === '' || !isIsoDate(v) || (v >= '1900-01-01' && v <= latestToday()), {
        message: 'invalid_value',
      })
      .nullish(),
    province: emptyOr(regionCodeSchema),
    city: emptyOr(regionCodeSchema),
    address: optionalRange(3, 50),
    contactName: optionalRange(2, 30),
    contactPhone: z
      .string()
      .refine((v) => v === '' || phoneSchema.safeParse(v).success, 'invalid_format')
      .nullish(),
    email: z
      .string()
      .refine((v) => v.length <= 100, 'too_long')
      .refine((v) => v === '' || v.length > 100 || emailSchema.safeParse(v).success, {
        message: 'invalid_format',
      })
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.city && !v.province)
      ctx.addIssue({ code: 'custom', path: ['province'], message: 'required' });
  });
export type UserRecordSave = z.input<typeof userRecordSaveSchema>;
