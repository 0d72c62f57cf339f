import { pathOf, billingApi } from '@platform/contract';
import { staff, object, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of billing (`test/tenant-isolation.test.ts`). */
export const billingTenancy: TenancyEntries = {
  'GET /api-operation/package/page': staff(() => get(billingApi.packagePage.path)),
  'POST /api-operation/package/saveOrUpdate': staff(() => post(billingApi.packageSave.path, {})),
  'POST /api-operation/package/state': staff(() => post(billingApi.packageState.path, {})),
  'GET /api-operation/price/page': staff(() => get(billingApi.pricePage.path)),
  'POST /api-operation/price/add': staff(() => post(billingApi.priceAdd.path, {})),
  'POST /api-operation/price/delete/:id': staff((t) =>
    post(pathOf(billingApi.priceDelete.path, { id: t.schoolId })),
  ),
  'POST /api-operation/order/add': staff((t) =>
    post(billingApi.orderAdd.path, {
      idempotencyKey: `walk${t.marker}`,
      schoolId: t.schoolId,
      type: 'amount',
      rechargeFen: 100,
      effectiveAt: '2026-01-01T00:00:00Z',
      expiresAt: '2027-01-01T00:00:00Z',
    }),
  ),
  'GET /api-operation/order/page': object((t) =>
    get(billingApi.orderPage.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/order/detail/:id': object(
    (t) => get(pathOf(billingApi.orderDetail.path, { id: t.schoolId })),
    false,
    'the school has no order here; billing.test.ts proves an administrator reads their own',
  ),
  'GET /api-operation/account/page': staff(() => get(billingApi.accountPage.path)),
  'GET /api-operation/account/detail/:schoolId': object((t) =>
    get(pathOf(billingApi.accountDetail.path, { schoolId: t.schoolId })),
  ),
  'POST /api-operation/account/limit': staff((t) =>
    post(billingApi.limitSave.path, {
      schoolId: t.schoolId,
      spendLimitFen: 1,
      studentDailyHours: 1,
    }),
  ),
  'POST /api-operation/account/adjust': staff((t) =>
    post(billingApi.adjust.path, {
      idempotencyKey: `walk${t.marker}`,
      schoolId: t.schoolId,
      kind: 'adjustment',
      giftFen: 100,
      reason: 'Walk',
    }),
  ),
  'GET /api-operation/account/ledger': object((t) =>
    get(billingApi.ledgerPage.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/usage/page': object((t) =>
    get(billingApi.usagePage.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/usage/export': object((t) =>
    get(billingApi.usageExport.path, { schoolId: t.schoolId }),
  ),
  'GET /api-operation/account/overview': object((t) =>
    get(billingApi.overview.path, { schoolId: t.schoolId }),
  ),
};
