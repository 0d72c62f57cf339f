import { z } from 'zod';
import { idSchema, pageOf } from './envelope';
import { defineRoute } from './route';
import {
  teacherEnableSchema,
  teacherPageQuerySchema,
  teacherSaveSchema,
  teacherSchema,
} from './teachers';

const feature = 'teachers';
const managers = ['school-manager'] as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/** Teacher accounts of the caller's school (management spec §2 teacher management). */
export const teachersApi = {
  page: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/teachers/page',
    feature,
    summary: "Teachers of the caller's school, paged",
    query: teacherPageQuerySchema,
    response: /* @__PURE__ */ pageOf(teacherSchema),
    access: { who: managers },
  }),
  get: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/teachers/get/:id',
    feature,
    summary: 'One teacher',
    params: idParams,
    response: teacherSchema,
    access: { who: managers },
  }),
  save: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/teachers/saveOrUpdate',
    feature,
    summary: 'Add a teacher, or update one when the body has an id',
    body: teacherSaveSchema,
    response: teacherSchema,
    access: {
      who: managers,
      permission: {
        keys: ['teacher.add', 'teacher.edit'],
        pick: (body: { id?: string | undefined }) => (body.id ? 'teacher.edit' : 'teacher.add'),
      },
    },
  }),
  enable: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/teachers/enable',
    feature,
    summary: "Enable or disable a teacher; disabling ends the teacher's sessions",
    body: teacherEnableSchema,
    response: teacherSchema,
    access: { who: managers, permission: 'teacher.enable' },
  }),
  delete: /* @__PURE__ */ defineRoute({
    method: 'DELETE',
    path: '/api-user/teachers/delete/:id',
    feature,
    summary: 'Delete a teacher who holds no unarchived teaching task',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: { who: managers, permission: 'teacher.delete' },
  }),
} as const;
