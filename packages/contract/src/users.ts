import { z } from 'zod';

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
  /** The password was set by someone else and must be changed before anything else. */
  mustChangePassword: z.boolean(),
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
export function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A calendar date as YYYY-MM-DD that exists (no 2023-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
