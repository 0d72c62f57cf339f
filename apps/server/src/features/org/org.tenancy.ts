import { pathOf, orgApi } from '@platform/contract';
import { object, ownSchool, get, post, unique, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of org (`test/tenant-isolation.test.ts`). */
export const orgTenancy: TenancyEntries = {
  'GET /api-user/org/tree': ownSchool(() => get(orgApi.tree.path, { archived: 'true' })),
  'POST /api-user/org/department/saveOrUpdate': object((t) =>
    post(orgApi.saveDepartment.path, { id: t.departmentId, name: `Department ${unique()}` }),
  ),
  'POST /api-user/org/department/delete/:id': object(async (t) =>
    post(pathOf(orgApi.deleteDepartment.path, { id: await t.newDepartment() })),
  ),
  'GET /api-user/org/major/list': ownSchool(() => get(orgApi.majors.path)),
  'POST /api-user/org/major/saveOrUpdate': object((t) =>
    post(orgApi.saveMajor.path, {
      id: t.majorId,
      departmentId: t.departmentId,
      name: `Major ${unique()}`,
    }),
  ),
  'POST /api-user/org/major/delete/:id': object(async (t) =>
    post(pathOf(orgApi.deleteMajor.path, { id: await t.newMajor() })),
  ),
};
