import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { genderSchema, maxInteger } from './fields';
import {
  accountStatuses,
  enableSchema,
  optionalPasswordSchema,
  optionalPhoneSchema,
  personNameSchema,
  refusePersonalPassword,
  requiredIdSchema,
  searchText,
} from './accounts';

export const studentPermissionKeys = [
  'student.add',
  'student.edit',
  'student.enable',
  'student.reset_password',
  'student.batch_create',
  'student.import',
  'student.export',
] as const;

/** A student number: also the student's login name. */
export const stuNoSchema = z
  .string('required')
  .min(1, 'required')
  .min(3, 'too_short')
  .max(30, 'too_long')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid_format');

/** `students/saveOrUpdate`: with an id it updates. */
export const studentSaveSchema = z
  .object({
    id: idSchema.optional(),
    stuNo: stuNoSchema,
    name: personNameSchema,
    sex: genderSchema,
    phone: optionalPhoneSchema,
    classId: requiredIdSchema,
    password: optionalPasswordSchema,
  })
  .superRefine(refusePersonalPassword((v) => [v.stuNo]));
export type StudentSave = z.input<typeof studentSaveSchema>;

export const studentSchema = z.object({
  id: z.string(),
  username: z.string(),
  stuNo: z.string().nullable(),
  name: z.string(),
  sex: z.number().int().nullable(),
  phone: z.string().nullable(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  enabled: z.boolean(),
  status: z.enum(accountStatuses),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

export const studentDetailSchema = /* @__PURE__ */ studentSchema.extend({
  classArchived: z.boolean(),
  updatedAt: z.string(),
  /** The last successful sign-in, if any. */
  lastLoginAt: z.string().nullable(),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: searchText(30),
  stuNo: searchText(30),
  phone: searchText(20),
  classId: idSchema.optional(),
  status: z.enum(accountStatuses, 'invalid_value').optional(),
});
export type StudentPageQuery = z.input<typeof studentPageQuerySchema>;

export const studentEnableSchema = enableSchema;

/** How a reset password is chosen: the platform default, or 8 random letters and digits. */
export const resetPasswordModes = ['default', 'random'] as const;
export type ResetPasswordMode = (typeof resetPasswordModes)[number];
export const studentResetPasswordSchema = z.object({
  id: idSchema,
  mode: z.enum(resetPasswordModes, 'required'),
});
export const resetPasswordResultSchema = z.object({ password: z.string() });

export const batchCreateLimits = { countMax: 200, digitsMax: 10, prefixMax: 20 } as const;

const wholeNumber = (min: number, max: number) =>
  z.number('required').int('invalid_format').min(min, 'invalid_value').max(max, 'invalid_value');

/**
 * `students/batchCreate` (the "new student account" screen): `count` accounts numbered prefix +
 * the zero-padded numbers from `start`. The numbers must fit in `digits` and every student number
 * must be valid.
 */
export const studentBatchCreateSchema = z
  .object({
    classId: requiredIdSchema,
    stuNoPrefix: z
      .string()
      .max(batchCreateLimits.prefixMax, 'too_long')
      .regex(/^[A-Za-z0-9_-]*$/, 'invalid_format'),
    start: wholeNumber(0, maxInteger),
    count: wholeNumber(1, batchCreateLimits.countMax),
    digits: wholeNumber(1, batchCreateLimits.digitsMax),
  })
  .superRefine((v, ctx) => {
    if (v.stuNoPrefix.length + v.digits < 3) {
      ctx.addIssue({ code: 'custom', path: ['digits'], message: 'too_short' });
    } else if (String(v.start + v.count - 1).length > v.digits) {
      ctx.addIssue({ code: 'custom', path: ['digits'], message: 'invalid_value' });
    }
  });
export type StudentBatchCreate = z.input<typeof studentBatchCreateSchema>;

/** The student numbers a batch creates, in order. */
export function batchStuNos(
  v: Pick<StudentBatchCreate, 'stuNoPrefix' | 'start' | 'count' | 'digits'>,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < v.count; i++)
    out.push(`${v.stuNoPrefix}${String(v.start + i).padStart(v.digits, '0')}`);
  return out;
}

export const studentBatchResultSchema = z.object({
  stuNos: z.array(z.string()),
  className: z.string(),
});
export type StudentBatchResult = z.infer<typeof studentBatchResultSchema>;
