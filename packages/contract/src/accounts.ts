import { z } from 'zod';
import { passwordIsPersonal, passwordSchema } from './auth';
import { fitsBigint, idPattern, idSchema } from './envelope';
import { phonePattern } from './fields';
import type { RoleCode } from './users';

/** What kind of account a user is (the `kind` of the user record). */
export const UserKind = { STUDENT: 1, TEACHER: 2, SCHOOL_ADMIN: 3, STAFF: 4 } as const;
export const userKindNames: Record<number, { zh: string; en: string }> = {
  1: { zh: '学生', en: 'Student' },
  2: { zh: '教师', en: 'Teacher' },
  3: { zh: '学校管理员', en: 'School administrator' },
  4: { zh: '平台人员', en: 'Platform staff' },
};

/** The roles of a school's own accounts: every role but the platform's. */
export const schoolRoleCodes = [
  'school-manager',
  'teacher',
  'student',
] as const satisfies readonly RoleCode[];

/** Account states of management spec §4. */
export const accountStatuses = ['normal', 'deactivated', 'expired'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** A person's name on a teacher or student account. */
export const personNameSchema = z
  .string('required')
  .min(1, 'required')
  .refine((v) => v === v.trim(), 'invalid_format')
  .min(2, 'too_short')
  .max(30, 'too_long');

/** A password that may be left blank: blank means the default (on add) or unchanged (on edit). */
export const optionalPasswordSchema = z
  .string()
  .optional()
  .superRefine((value, ctx) => {
    if (!value) return;
    const result = passwordSchema.safeParse(value);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
  });

/** Adds the `same_as_name` refusal to the password of a person being saved. */
export function refusePersonalPassword<T extends { password?: string | undefined; name: string }>(
  logins: (v: T) => (string | undefined)[],
) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v.password && passwordIsPersonal(v.password, v.name, ...logins(v)))
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'same_as_name' });
  };
}

/** A phone number that may be left blank. */
export const optionalPhoneSchema = z
  .string()
  .refine((v) => v === '' || phonePattern.test(v), 'invalid_format')
  .optional();

/** A select's id: empty is 'required', not a format error. */
export const requiredIdSchema = z
  .string('required')
  .min(1, 'required')
  .regex(idPattern, 'invalid_format')
  .refine(fitsBigint, 'invalid_value');

export const enableSchema = z.object({ id: idSchema, enabled: z.boolean('required') });

/** A free-text search filter of a list. */
export const searchText = (max: number) => z.string().trim().max(max, 'too_long').optional();
