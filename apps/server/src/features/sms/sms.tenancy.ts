import { smsApi } from '@platform/contract';
import { staff, get, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of sms (`test/tenant-isolation.test.ts`). */
export const smsTenancy: TenancyEntries = {
  'GET /api-operation/sms/outbox/page': staff(() => get(smsApi.outbox.path)),
};
