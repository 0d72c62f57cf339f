import { pathOf, classesApi } from '@platform/contract';
import { object, ownSchool, get, post, unique, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of classes (`test/tenant-isolation.test.ts`). */
export const classesTenancy: TenancyEntries = {
  'GET /api-user/classes/page': ownSchool(() => get(classesApi.page.path)),
  'GET /api-user/classes/list': ownSchool(() =>
    get(classesApi.list.path, { includeArchived: 'true' }),
  ),
  'GET /api-user/classes/get/:id': object((t) =>
    get(pathOf(classesApi.get.path, { id: t.classId })),
  ),
  'POST /api-user/classes/saveOrUpdate': object((t) =>
    post(classesApi.save.path, {
      id: t.classId,
      name: `Class ${unique()}`,
      grade: '2026',
      majorIds: [t.majorId],
    }),
  ),
  'POST /api-user/classes/delete/:id': object(async (t) =>
    post(pathOf(classesApi.delete.path, { id: await t.newClass() })),
  ),
  'POST /api-user/classes/archive/:id': object(async (t) =>
    post(pathOf(classesApi.archive.path, { id: await t.newClass() }), { confirm: 'delete' }),
  ),
};
