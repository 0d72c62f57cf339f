import { z } from 'zod';
import { schoolRoleCodes } from './accounts';
import { idSchema, pageOf } from './envelope';
import {
  classArchiveSchema,
  classListQuerySchema,
  classOptionSchema,
  classPageQuerySchema,
  classRecordSchema,
  classSaveSchema,
} from './org';
import { defineRoute } from './route';

const feature = 'classes';
const readers = ['school-manager', 'teacher'] as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/**
 * The classes of a school (school administrators; teachers add and edit). Archiving clears the
 * labs of the class's students.
 */
export const classesApi = {
  page: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/classes/page',
    feature,
    summary: 'Classes of the school, paged and filtered (in use by default)',
    query: classPageQuerySchema,
    response: /* @__PURE__ */ pageOf(classRecordSchema),
    access: { who: readers },
  }),
  list: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/classes/list',
    feature,
    summary: 'Classes of the school for selects (in use; includeArchived=true adds archived)',
    query: classListQuerySchema,
    response: /* @__PURE__ */ z.array(classOptionSchema),
    access: { who: readers },
  }),
  get: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/classes/get/:id',
    feature,
    summary: 'One class of the school',
    params: idParams,
    response: classRecordSchema,
    access: { who: readers },
  }),
  save: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/classes/saveOrUpdate',
    feature,
    summary: 'Add or update a class with its suitable majors',
    body: classSaveSchema,
    response: classRecordSchema,
    access: {
      who: schoolRoleCodes,
      permission: {
        keys: ['class.add', 'class.edit'],
        pick: (body: { id?: string | undefined }) => (body.id ? 'class.edit' : 'class.add'),
      },
    },
  }),
  delete: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/classes/delete/:id',
    feature,
    summary: 'Delete a class that holds no students',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: { who: schoolRoleCodes, permission: 'class.delete' },
  }),
  archive: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/classes/archive/:id',
    feature,
    summary: "Archive a class and clear its students' training data (confirm: 'delete')",
    params: idParams,
    // A missing body is refused by the service with an error on `confirm`.
    body: /* @__PURE__ */ classArchiveSchema.nullish(),
    response: classRecordSchema,
    runsOn: 'lab-leader',
    access: { who: schoolRoleCodes, permission: 'class.archive' },
  }),
} as const;
