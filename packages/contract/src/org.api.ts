import { z } from 'zod';
import { schoolRoleCodes } from './accounts';
import { idSchema } from './envelope';
import {
  departmentSaveSchema,
  departmentSchema,
  majorOptionSchema,
  majorSaveSchema,
  majorSchema,
  orgTreeDepartmentSchema,
  orgTreeQuerySchema,
} from './org';
import { defineRoute } from './route';

const feature = 'org';
const readers = ['school-manager', 'teacher'] as const;
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/** A school's organization: departments and their majors (school administrators). */
export const orgApi = {
  tree: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/org/tree',
    feature,
    summary: 'Departments, their majors and the classes of each major, with student counts',
    query: orgTreeQuerySchema,
    response: /* @__PURE__ */ z.array(orgTreeDepartmentSchema),
    access: { who: readers },
  }),
  saveDepartment: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/org/department/saveOrUpdate',
    feature,
    summary: 'Add or update a department',
    body: departmentSaveSchema,
    response: departmentSchema,
    access: { who: schoolRoleCodes, permission: 'org.edit' },
  }),
  deleteDepartment: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/org/department/delete/:id',
    feature,
    summary: 'Delete a department that has no majors',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: { who: schoolRoleCodes, permission: 'org.edit' },
  }),
  majors: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/org/major/list',
    feature,
    summary: 'Every major of the school, for selects',
    response: /* @__PURE__ */ z.array(majorOptionSchema),
    access: { who: readers },
  }),
  saveMajor: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/org/major/saveOrUpdate',
    feature,
    summary: 'Add or update a major',
    body: majorSaveSchema,
    response: majorSchema,
    access: { who: schoolRoleCodes, permission: 'org.edit' },
  }),
  deleteMajor: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/org/major/delete/:id',
    feature,
    summary: 'Delete a major that no class uses',
    params: idParams,
    response: /* @__PURE__ */ z.null(),
    access: { who: schoolRoleCodes, permission: 'org.edit' },
  }),
} as const;
