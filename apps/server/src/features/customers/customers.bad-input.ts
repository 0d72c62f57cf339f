import { staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of customers (`test/bad-input/walk.ts`). */
export const customersBadInput: BadInputEntries = {
  'GET /api-operation/customer/page': staff,
  'GET /api-operation/customer/get/:id': staff,
  'POST /api-operation/customer/saveOrUpdate': staff,
  'POST /api-operation/customer/delete/:id': staff,
  'POST /api-operation/customer/time/add': staff,
  'GET /api-operation/customer/time/history': staff,
};
