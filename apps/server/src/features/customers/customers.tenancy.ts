import { pathOf, customersApi } from '@platform/contract';
import { staff, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of customers (`test/tenant-isolation.test.ts`). */
export const customersTenancy: TenancyEntries = {
  'GET /api-operation/customer/page': staff(() => get(customersApi.page.path)),
  'GET /api-operation/customer/get/:id': staff((t) =>
    get(pathOf(customersApi.get.path, { id: t.customerId })),
  ),
  'POST /api-operation/customer/saveOrUpdate': staff((t) =>
    post(customersApi.save.path, { id: t.customerId }),
  ),
  'POST /api-operation/customer/delete/:id': staff((t) =>
    post(pathOf(customersApi.delete.path, { id: t.customerId })),
  ),
  'POST /api-operation/customer/time/add': staff((t) =>
    post(customersApi.addTime.path, { customerId: t.customerId, hours: 1, reason: 'More time' }),
  ),
  'GET /api-operation/customer/time/history': staff(() => get(customersApi.timeHistory.path)),
};
