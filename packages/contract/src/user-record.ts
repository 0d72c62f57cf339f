import { z } from 'zod';
import { idSchema } from './envelope';
import { emailSchema, genderSchema, phoneSchema, textField } from './fields';
import { isIsoDate, latestToday } from './users';

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
