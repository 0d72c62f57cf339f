import { z } from 'zod';

/**
 * Button-level permission keys. A button is a type-2 menu entry under the page it acts on, whose
 * customFields carry `perm:<key>`; a role holds the permission when the entry is granted to it.
 * The web app hides the action without it and the server refuses the call.
 */
export const permissionKeys = [
  'school.profile.edit',
  'org.edit',
  'class.add',
  'class.edit',
  'class.delete',
  'class.archive',
  'teacher.add',
  'teacher.edit',
  'teacher.enable',
  'teacher.delete',
  'student.add',
  'student.edit',
  'student.enable',
  'student.reset_password',
  'student.batch_create',
  'student.import',
  'student.export',
  'college.add',
  'college.edit',
  'college.delete',
  'college.enable',
  'college.import',
  'college.total_user',
  'college.admins',
  'customer.add',
  'customer.edit',
  'customer.delete',
  'customer.add_time',
  'menu.edit',
  'role.grant',
] as const;
export type PermissionKey = (typeof permissionKeys)[number];

export const permissionKeySchema = z.enum(permissionKeys);

/** The permission key a button entry's customFields carry (`perm:<key>`), if any. */
export function permissionOf(customFields: string | null | undefined): string | null {
  if (!customFields) return null;
  for (const part of customFields.split('|')) {
    const at = part.indexOf(':');
    if (at > 0 && part.slice(0, at).trim() === 'perm') return part.slice(at + 1).trim() || null;
  }
  return null;
}

export const permissionsResponseSchema = z.array(z.string());

export const menuAdminMessages = {
  'permissions.denied': {
    zh: '暂无此操作权限',
    en: 'You do not have permission for this action',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
