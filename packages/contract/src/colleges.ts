import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { nonNegativeIntSchema, phoneSchema, textField } from './fields';
import { passwordSchema } from './auth';

/** School types of management spec §3/§9, by code. */
export const schoolTypes = [1, 2, 3, 4, 5] as const;
export type SchoolType = (typeof schoolTypes)[number];
export const schoolTypeNames: Record<SchoolType, { zh: string; en: string }> = {
  1: { zh: '本科院校', en: 'Undergraduate college' },
  2: { zh: '高职院校', en: 'Higher vocational college' },
  3: { zh: '独立学院', en: 'Independent college' },
  4: { zh: '其他', en: 'Other' },
  5: { zh: '中职院校', en: 'Secondary vocational school' },
};

export const collegePermissionKeys = [
  'college.view',
  'college.add',
  'college.edit',
  'college.delete',
  'college.enable',
  'college.import',
  'college.total_user',
  'college.admins',
] as const;

/** The root of the region dictionary: `childByPid` without a pid lists its provinces. */
export const rootRegionId = '100000';

/** A region of the dictionary, as `childByPid` answers. */
export const regionSchema = z.object({
  id: z.string(),
  pid: z.string(),
  name: z.string(),
  hasChildren: z.boolean(),
});
export type Region = z.infer<typeof regionSchema>;

/** The pid of `childByPid`: a region code, or one of these for the root. */
export const rootPidAliases = ['0', 'undefined', 'null'] as const;
export const regionPidSchema = z
  .string()
  .max(20, 'too_long')
  .refine(
    (v) => /^\d{1,12}$/.test(v) || (rootPidAliases as readonly string[]).includes(v),
    'invalid_format',
  );

/** A school as offered in selects. */
export const collegeOptionSchema = z.object({ id: z.string(), name: z.string() });
export type CollegeOption = z.infer<typeof collegeOptionSchema>;

export const collegeLimits = {
  nameMin: 2,
  nameMax: 50,
  introMin: 3,
  introMax: 244,
  addressMin: 3,
  addressMax: 50,
  adminNameMin: 2,
  adminNameMax: 30,
  optionsMax: 20,
  importMaxRows: 1000,
  importMaxBytes: 2 * 1024 * 1024,
} as const;

/** The school's url prefix of the logged-in area: a lower-case letter, then letters, digits, _. */
export const schoolUrlPattern = /^[a-z][a-z0-9_]{1,29}$/;
export const schoolUrlSchema = z
  .string('required')
  .min(1, 'required')
  .regex(schoolUrlPattern, 'invalid_format');

export const schoolTypeSchema = z.union(
  [z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)],
  { error: (issue) => (issue.input == null ? 'required' : 'invalid_value') },
);

/** A region code of the dictionary (GB/T 2260). */
export const regionCodeSchema = z
  .string('required')
  .min(1, 'required')
  .regex(/^\d{6}$/, 'invalid_format');

/** Optional text with a minimum when given; '' means none (and clears it on update). */
function optionalLengthText(min: number, max: number) {
  return z
    .string()
    .refine((v) => v === v.trim(), 'invalid_format')
    .refine((v) => v === '' || v.length >= min, 'too_short')
    .refine((v) => v.length <= max, 'too_long')
    .optional();
}

/**
 * `colleges/saveOrUpdate`: without id a new school (url required), with id an update. On update
 * a field left out keeps its value; '' clears an optional text or the city. Balances and counts
 * are read-only here (billing feeds them). maxStudents 0 means no limit.
 */
export const collegeSaveSchema = z
  .object({
    id: idSchema.optional(),
    name: textField(collegeLimits.nameMin, collegeLimits.nameMax),
    url: schoolUrlSchema.optional(),
    type: schoolTypeSchema,
    province: regionCodeSchema,
    city: z
      .string()
      .refine((v) => v === '' || /^\d{6}$/.test(v), 'invalid_format')
      .optional(),
    intro: optionalLengthText(collegeLimits.introMin, collegeLimits.introMax),
    address: optionalLengthText(collegeLimits.addressMin, collegeLimits.addressMax),
    maxStudents: nonNegativeIntSchema.optional(),
    purchasedCourseCount: nonNegativeIntSchema.optional(),
    enabled: z.boolean('invalid_value').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.id && v.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'required' });
    }
  });
export type CollegeSave = z.input<typeof collegeSaveSchema>;

/** A school for operators (management spec §3 School). Money in fen. */
export const collegeSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  type: z.number().int().nullable(),
  province: z.string().nullable(),
  provinceName: z.string().nullable(),
  city: z.string().nullable(),
  cityName: z.string().nullable(),
  enabled: z.boolean(),
  intro: z.string(),
  address: z.string(),
  totalBalance: z.number().int(),
  rechargeBalance: z.number().int(),
  giftBalance: z.number().int(),
  tokenCount: z.number().int(),
  pptCount: z.number().int(),
  /** Live accounts of the school. */
  accountCount: z.number().int(),
  /** 0: no limit. */
  maxStudents: z.number().int(),
  /** Live student accounts. */
  studentCount: z.number().int(),
  purchasedCourseCount: z.number().int(),
  createdAt: z.string(),
});
export type College = z.infer<typeof collegeSchema>;

const booleanQuery = z.enum(['true', 'false'], 'invalid_value').optional();

export const collegePageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(collegeLimits.nameMax, 'too_long').optional(),
  type: z.coerce.number().int().min(1, 'invalid_value').max(5, 'invalid_value').optional(),
  province: regionCodeSchema.optional(),
  city: regionCodeSchema.optional(),
  enabled: booleanQuery,
});
export type CollegePageQuery = z.input<typeof collegePageQuerySchema>;

export const collegeIdQuerySchema = z.object({ id: idSchema });

export const collegeEnableSchema = z.object({
  id: idSchema,
  enabled: z.boolean('required'),
});
export type CollegeEnable = z.infer<typeof collegeEnableSchema>;

export const collegeOptionsQuerySchema = z.object({
  name: z.string().trim().max(collegeLimits.nameMax, 'too_long').optional(),
});

/** A school administrator account, as the administrators dialog lists it. */
export const collegeAdminSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
});
export type CollegeAdmin = z.infer<typeof collegeAdminSchema>;

export const collegeAdminsQuerySchema = z.object({ collegeId: idSchema });

/** A new school administrator: the phone is the login; no password means the default one. */
export const collegeAdminCreateSchema = z.object({
  collegeId: idSchema,
  name: textField(collegeLimits.adminNameMin, collegeLimits.adminNameMax),
  phone: phoneSchema,
  password: passwordSchema.optional(),
});
export type CollegeAdminCreate = z.input<typeof collegeAdminCreateSchema>;

/** `school/updateTotalUser`, form encoded: the school's maximum of student accounts (0: none). */
export const collegeTotalUserSchema = z.object({
  collegeId: idSchema,
  totalUser: nonNegativeIntSchema,
});
export type CollegeTotalUser = z.input<typeof collegeTotalUserSchema>;

/** Columns of the school import, by field: the Chinese header and the English one. */
export const collegeImportColumns = [
  { field: 'name', zh: '学校名称', en: 'name', required: true },
  { field: 'url', zh: '学校地址前缀', en: 'url', required: true },
  { field: 'type', zh: '类型', en: 'type', required: true },
  { field: 'province', zh: '省份', en: 'province', required: true },
  { field: 'city', zh: '城市', en: 'city', required: false },
  { field: 'address', zh: '地址', en: 'address', required: false },
  { field: 'maxStudents', zh: '学生账号上限', en: 'maxStudents', required: false },
] as const;
export type CollegeImportField = (typeof collegeImportColumns)[number]['field'];

/**
 * One refused cell of an import: `field` is the column's field, `value` what the cell held.
 * `errorKey` is a field error code ('required', 'too_long', ...) or a message key
 * ('colleges.url_taken', ...); `message` is its text in the caller's language.
 */
export const collegeImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  value: z.string(),
  errorKey: z.string(),
  message: z.string(),
});
export type CollegeImportError = z.infer<typeof collegeImportErrorSchema>;

export const collegeImportResultSchema = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  errors: z.array(collegeImportErrorSchema),
});
export type CollegeImportResult = z.infer<typeof collegeImportResultSchema>;
