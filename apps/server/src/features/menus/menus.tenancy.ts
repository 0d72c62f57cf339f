import { pathOf, menusApi } from '@platform/contract';
import { open, staff, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of menus (`test/tenant-isolation.test.ts`). */
export const menusTenancy: TenancyEntries = {
  'GET /api-user/menus/all/:appid': open('the caller’s own menu tree', () =>
    get(pathOf(menusApi.all.path, { appid: 'platform-web' })),
  ),
  'GET /api-user/menus/permissions/:appid': open('the caller’s own permissions', () =>
    get(pathOf(menusApi.permissions.path, { appid: 'platform-web' })),
  ),
  'GET /api-user/menus/admin/tree/:appid': staff(() =>
    get(pathOf(menusApi.adminTree.path, { appid: 'platform-web' })),
  ),
  'POST /api-user/menus/saveOrUpdate': staff(() => post(menusApi.save.path, {})),
  'POST /api-user/menus/delete/:id': staff((t) =>
    post(pathOf(menusApi.delete.path, { id: t.classId })),
  ),
};
