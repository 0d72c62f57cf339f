import { pathOf, studentsApi } from '@platform/contract';
import { object, ownSchool, get, post, unique, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of students (`test/tenant-isolation.test.ts`). */
export const studentsTenancy: TenancyEntries = {
  'GET /api-user/students/page': ownSchool(() => get(studentsApi.page.path)),
  'GET /api-user/students/get/:id': object(
    (t) => get(pathOf(studentsApi.get.path, { id: t.student.id })),
    'teacher',
  ),
  'POST /api-user/students/saveOrUpdate': object(async (t) =>
    post(studentsApi.save.path, {
      id: await t.newStudent(),
      stuNo: `n${unique()}`,
      name: 'Student name',
      sex: 1,
      classId: t.classId,
    }),
  ),
  'POST /api-user/students/enable': object(async (t) =>
    post(studentsApi.enable.path, { id: await t.newStudent(), enabled: false }),
  ),
  'POST /api-user/students/resetPassword': object(async (t) =>
    post(studentsApi.resetPassword.path, { id: await t.newStudent(), mode: 'random' }),
  ),
  'POST /api-user/students/batchCreate': object((t) =>
    post(studentsApi.batchCreate.path, {
      classId: t.classId,
      stuNoPrefix: `b${unique()}`,
      start: 1,
      count: 2,
      digits: 3,
    }),
  ),
};
