import { open, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of site-config (`test/tenant-isolation.test.ts`). */
export const siteConfigTenancy: TenancyEntries = {
  'GET /openapi/api-user/client/config/list': open('public site configuration'),
};
