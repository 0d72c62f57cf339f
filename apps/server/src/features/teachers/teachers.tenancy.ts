import { pathOf, teachersApi } from '@platform/contract';
import { object, ownSchool, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of teachers (`test/tenant-isolation.test.ts`). */
export const teachersTenancy: TenancyEntries = {
  'GET /api-user/teachers/page': ownSchool(() => get(teachersApi.page.path)),
  'GET /api-user/teachers/get/:id': object((t) =>
    get(pathOf(teachersApi.get.path, { id: t.teacher.id })),
  ),
  'POST /api-user/teachers/saveOrUpdate': object(async (t) =>
    post(teachersApi.save.path, {
      id: await t.newTeacher(),
      name: 'Teacher name',
      sex: 2,
      role: 'teacher',
      phone: '13711112222',
    }),
  ),
  'POST /api-user/teachers/enable': object(async (t) =>
    post(teachersApi.enable.path, { id: await t.newTeacher(), enabled: false }),
  ),
  'DELETE /api-user/teachers/delete/:id': object(async (t) => ({
    method: 'DELETE',
    url: pathOf(teachersApi.delete.path, { id: await t.newTeacher() }),
  })),
};
