import { z } from 'zod';
import { idSchema, pageQuerySchema } from './envelope';
import { genderSchema, phoneSchema } from './fields';
import {
  accountStatuses,
  enableSchema,
  optionalPasswordSchema,
  personNameSchema,
  refusePersonalPassword,
  searchText,
} from './accounts';

export const teacherPermissionKeys = [
  'teacher.add',
  'teacher.edit',
  'teacher.enable',
  'teacher.delete',
] as const;

/** The roles a school's teacher account can hold. */
export const teacherRoles = ['teacher', 'school-manager'] as const;
export type TeacherRole = (typeof teacherRoles)[number];

/** `teachers/saveOrUpdate`: with an id it updates. The phone is the login name. */
export const teacherSaveSchema = z
  .object({
    id: idSchema.optional(),
    name: personNameSchema,
    sex: genderSchema,
    role: z.enum(teacherRoles, 'required'),
    phone: phoneSchema,
    password: optionalPasswordSchema,
  })
  .superRefine(refusePersonalPassword((v) => [v.phone]));
export type TeacherSave = z.input<typeof teacherSaveSchema>;

export const teacherSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  sex: z.number().int().nullable(),
  phone: z.string().nullable(),
  role: z.enum(teacherRoles),
  enabled: z.boolean(),
  status: z.enum(accountStatuses),
  createdAt: z.string(),
});
export type Teacher = z.infer<typeof teacherSchema>;

export const teacherPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  name: searchText(30),
  phone: searchText(20),
  role: z.enum(teacherRoles, 'invalid_value').optional(),
  status: z.enum(accountStatuses, 'invalid_value').optional(),
});
export type TeacherPageQuery = z.input<typeof teacherPageQuerySchema>;

export const teacherEnableSchema = enableSchema;
