import { z } from 'zod';
import {
  resetPasswordResultSchema,
  studentBatchCreateSchema,
  studentBatchResultSchema,
  studentDetailSchema,
  studentEnableSchema,
  studentPageQuerySchema,
  studentResetPasswordSchema,
  studentSaveSchema,
  studentSchema,
} from './students';
import { idSchema, pageOf } from './envelope';
import { defineRoute } from './route';

const feature = 'students';
const keepers = ['school-manager', 'teacher'] as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/** Student accounts of the caller's school (management spec §2 student management). */
export const studentsApi = {
  page: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/students/page',
    feature,
    summary: "Students of the caller's school, paged",
    query: studentPageQuerySchema,
    response: /* @__PURE__ */ pageOf(studentSchema),
    access: { who: keepers },
  }),
  get: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/students/get/:id',
    feature,
    summary: 'One student, with the class and the last sign-in',
    params: idParams,
    response: studentDetailSchema,
    access: { who: keepers },
  }),
  save: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/students/saveOrUpdate',
    feature,
    summary: 'Add a student, or update one when the body has an id',
    body: studentSaveSchema,
    response: studentDetailSchema,
    access: {
      who: keepers,
      permission: {
        keys: ['student.add', 'student.edit'],
        pick: (body: { id?: string | undefined }) => (body.id ? 'student.edit' : 'student.add'),
      },
    },
  }),
  enable: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/students/enable',
    feature,
    summary: "Enable or disable a student; disabling ends the student's sessions",
    body: studentEnableSchema,
    response: studentDetailSchema,
    access: { who: keepers, permission: 'student.enable' },
  }),
  resetPassword: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/students/resetPassword',
    feature,
    summary: 'Reset a password to the default or a random one, answered once',
    body: studentResetPasswordSchema,
    response: resetPasswordResultSchema,
    access: { who: keepers, permission: 'student.reset_password' },
  }),
  batchCreate: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/students/batchCreate',
    feature,
    summary: 'Create numbered student accounts with the default password, all or none',
    body: studentBatchCreateSchema,
    response: studentBatchResultSchema,
    access: { who: keepers, permission: 'student.batch_create' },
  }),
} as const;
