import { z } from 'zod';
import { schoolRoleCodes } from './accounts';
import { idSchema } from './envelope';
import { importJobSchema, studentExportRequestSchema } from './imports';
import { defineRoute } from './route';

const feature = 'imports';
const idParams = /* @__PURE__ */ z.object({ id: idSchema });

/** The student import (a background job), its template and error report, and the export. */
export const importsApi = {
  studentsImport: /* @__PURE__ */ defineRoute({
    method: 'POST',
    path: '/api-user/students/import',
    feature,
    summary:
      'Import students from a spreadsheet (multipart: file). The file is checked at once; the rows are imported by a background job',
    upload: { fields: /* @__PURE__ */ z.object({}), file: 'file' },
    response: importJobSchema,
    access: { who: schoolRoleCodes, permission: 'student.import' },
  }),
  studentsImportTemplate: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/students/import/template',
    feature,
    summary: 'The student import template (xlsx)',
    response: 'file',
    access: { who: schoolRoleCodes, permission: 'student.import' },
  }),
  job: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/import/job/:id',
    feature,
    summary: 'An import job of the caller’s school: state, counts and the first row errors',
    params: idParams,
    response: importJobSchema,
    access: { who: schoolRoleCodes, permission: 'student.import' },
  }),
  jobErrors: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/import/job/:id/errors',
    feature,
    summary: 'Every row error of an import job, as a spreadsheet (xlsx)',
    params: idParams,
    response: 'file',
    access: { who: schoolRoleCodes, permission: 'student.import' },
  }),
  studentsExport: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/students/export',
    feature,
    summary:
      'The school’s students with the student list’s filters, as a spreadsheet (xlsx); tz names the time zone of the creation times',
    query: studentExportRequestSchema,
    response: 'file',
    access: { who: schoolRoleCodes, permission: 'student.export' },
  }),
} as const;
