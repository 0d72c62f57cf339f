import { pathOf, regionsApi } from '@platform/contract';
import { open, get, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of regions (`test/tenant-isolation.test.ts`). */
export const regionsTenancy: TenancyEntries = {
  'GET /api-user/data/dict/childByPid/:pid': open('the region dictionary', () =>
    get(pathOf(regionsApi.children.path, { pid: '100000' })),
  ),
};
