import { pathOf, importsApi } from '@platform/contract';
import { object, ownSchool, get, multipart, unique, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of imports (`test/tenant-isolation.test.ts`). */
export const importsTenancy: TenancyEntries = {
  'POST /api-user/students/import': ownSchool((t) =>
    multipart(
      importsApi.studentsImport.path,
      'students.csv',
      `姓名,学号,性别,手机号,班级,密码\n导入学生,i${unique()},男,,${t.className},\n`,
    ),
  ),
  'GET /api-user/students/import/template': ownSchool(() =>
    get(importsApi.studentsImportTemplate.path),
  ),
  'GET /api-user/import/job/:id': object((t) => get(pathOf(importsApi.job.path, { id: t.jobId }))),
  'GET /api-user/import/job/:id/errors': object((t) =>
    get(pathOf(importsApi.jobErrors.path, { id: t.jobId })),
  ),
  'GET /api-user/students/export': ownSchool(() => get(importsApi.studentsExport.path)),
};
