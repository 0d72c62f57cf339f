import { pathOf, rolesApi } from '@platform/contract';
import { staff, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of roles (`test/tenant-isolation.test.ts`). */
export const rolesTenancy: TenancyEntries = {
  'GET /api-user/roles/list': staff(() => get(rolesApi.list.path)),
  'GET /api-user/roles/menus/:id': staff((t) =>
    get(pathOf(rolesApi.menus.path, { id: t.classId })),
  ),
  'POST /api-user/roles/grant': staff(() => post(rolesApi.grant.path, {})),
};
