import { open, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of auth (`test/tenant-isolation.test.ts`). */
export const authTenancy: TenancyEntries = {
  'POST /api-uaa/oauth/token': open('sign-in of the caller'),
  'POST /api-uaa/oauth/logout': open('ends the caller’s own session'),
};
