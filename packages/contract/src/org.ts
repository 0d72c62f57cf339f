import { z } from 'zod';
import { fitsBigint, idPattern, idSchema, pageQuerySchema } from './envelope';
import { nonNegativeIntSchema, textField } from './fields';

/** A required id chosen in a form (a select): empty is 'required'. */
const chosenId = z
  .string('required')
  .min(1, 'required')
  .regex(idPattern, 'invalid_format')
  .refine(fitsBigint, 'invalid_value');

const booleanQuery = z.enum(['true', 'false'], 'invalid_value').optional();

// ---------------------------------------------------------------------------------------------
// School profile

export const schoolPermissionKeys = ['school.profile.edit'] as const;

export const schoolProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  type: z.number().int().nullable(),
  /** The type's name in the caller's language. */
  typeName: z.string().nullable(),
  enabled: z.boolean(),
  province: z.string().nullable(),
  provinceName: z.string().nullable(),
  city: z.string().nullable(),
  cityName: z.string().nullable(),
  intro: z.string(),
  address: z.string(),
  logo: z.string().nullable(),
  /** Money in fen. */
  totalBalance: z.number().int(),
  rechargeBalance: z.number().int(),
  giftBalance: z.number().int(),
  tokenCount: z.number().int(),
  pptCount: z.number().int(),
  maxStudents: z.number().int(),
  purchasedCourseCount: z.number().int(),
  /** Live accounts of the school: students, teachers and administrators. */
  accountCount: z.number().int(),
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
  /** Classes that are not archived. */
  classCount: z.number().int(),
});
export type SchoolProfile = z.infer<typeof schoolProfileSchema>;

export const schoolProfileLimits = { introMin: 3, introMax: 244, addressMin: 3, addressMax: 50 };

export const schoolProfileUpdateSchema = z.object({
  intro: textField(schoolProfileLimits.introMin, schoolProfileLimits.introMax),
  address: textField(schoolProfileLimits.addressMin, schoolProfileLimits.addressMax),
});
export type SchoolProfileUpdate = z.input<typeof schoolProfileUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Departments and majors

export const orgPermissionKeys = ['org.edit'] as const;

export const orgNameLimits = { min: 2, max: 30 } as const;

export const departmentSaveSchema = z.object({
  id: idSchema.optional(),
  name: textField(orgNameLimits.min, orgNameLimits.max),
  sort: nonNegativeIntSchema.default(0),
});
export type DepartmentSave = z.input<typeof departmentSaveSchema>;

export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

export const majorSaveSchema = z.object({
  id: idSchema.optional(),
  departmentId: chosenId,
  name: textField(orgNameLimits.min, orgNameLimits.max),
  sort: nonNegativeIntSchema.default(0),
});
export type MajorSave = z.input<typeof majorSaveSchema>;

export const majorSchema = z.object({
  id: z.string(),
  departmentId: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type Major = z.infer<typeof majorSchema>;

/** A major as offered in selects (`org/major/list`): every major of the school. */
export const majorOptionSchema = /* @__PURE__ */ majorSchema.extend({ departmentName: z.string() });
export type MajorOption = z.infer<typeof majorOptionSchema>;

export const orgTreeQuerySchema = z.object({
  /** `true` lists archived classes too. */
  archived: booleanQuery,
});

export const orgTreeClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string().nullable(),
  archived: z.boolean(),
  studentCount: z.number().int(),
});
export type OrgTreeClass = z.infer<typeof orgTreeClassSchema>;

export const orgTreeMajorSchema = /* @__PURE__ */ majorSchema.extend({
  classes: z.array(orgTreeClassSchema),
});
export type OrgTreeMajor = z.infer<typeof orgTreeMajorSchema>;

export const orgTreeDepartmentSchema = /* @__PURE__ */ departmentSchema.extend({
  majors: z.array(orgTreeMajorSchema),
});
export type OrgTreeDepartment = z.infer<typeof orgTreeDepartmentSchema>;

// ---------------------------------------------------------------------------------------------
// Classes

export const classPermissionKeys = [
  'class.add',
  'class.edit',
  'class.delete',
  'class.archive',
] as const;

/** A class as offered in selects (student forms, imports, filters). */
export const classOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string().nullable(),
  archived: z.boolean(),
});
export type ClassOption = z.infer<typeof classOptionSchema>;

/** A class's grade is the year its students started: four digits, 1900 to 2099. */
export const gradePattern = /^(19|20)\d{2}$/;
export const classMajorsMax = 50;

export const classSaveSchema = z.object({
  id: idSchema.optional(),
  name: textField(orgNameLimits.min, orgNameLimits.max),
  grade: z.string('required').min(1, 'required').regex(gradePattern, 'invalid_format'),
  majorIds: z.array(chosenId, 'required').min(1, 'required').max(classMajorsMax, 'too_long'),
});
export type ClassSave = z.input<typeof classSaveSchema>;

/** Archiving clears the students' training data, so it is confirmed by typing this word. */
export const archiveConfirmWord = 'delete';
export const classArchiveSchema = z.object({
  confirm: z.literal(archiveConfirmWord, 'invalid_value'),
});
export type ClassArchive = z.input<typeof classArchiveSchema>;

export const classRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string().nullable(),
  majors: z.array(z.object({ id: z.string(), name: z.string() })),
  studentCount: z.number().int(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClassRecord = z.infer<typeof classRecordSchema>;

export const classPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: z.string().trim().max(orgNameLimits.max, 'too_long').optional(),
  grade: z.string().trim().max(4, 'too_long').optional(),
  majorId: idSchema.optional(),
  /** `true` lists the archived classes, otherwise the classes in use. */
  archived: booleanQuery,
});
export type ClassPageQuery = z.input<typeof classPageQuerySchema>;

export const classListQuerySchema = z.object({ includeArchived: booleanQuery });
