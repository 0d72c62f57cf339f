import { open, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of whitelist (`test/tenant-isolation.test.ts`). */
export const whitelistTenancy: TenancyEntries = {
  'GET /api-teaching/student/tasks/do/heartbeat/is/whitelist': open('the caller’s own flag'),
};
