import { manager, staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of billing (`test/bad-input/walk.ts`). */
export const billingBadInput: BadInputEntries = {
  'GET /api-operation/package/page': staff,
  'POST /api-operation/package/saveOrUpdate': staff,
  'POST /api-operation/package/state': staff,
  'GET /api-operation/price/page': staff,
  'POST /api-operation/price/add': staff,
  'POST /api-operation/price/delete/:id': staff,
  'POST /api-operation/order/add': staff,
  'GET /api-operation/order/page': manager,
  'GET /api-operation/order/detail/:id': manager,
  'GET /api-operation/account/page': staff,
  'GET /api-operation/account/detail/:schoolId': manager,
  'POST /api-operation/account/limit': staff,
  'POST /api-operation/account/adjust': staff,
  'GET /api-operation/account/ledger': manager,
  'GET /api-operation/usage/page': manager,
  'GET /api-operation/usage/export': manager,
  'GET /api-operation/account/overview': manager,
};
