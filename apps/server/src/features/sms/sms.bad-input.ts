import { staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of sms (`test/bad-input/walk.ts`). */
export const smsBadInput: BadInputEntries = {
  'GET /api-operation/sms/outbox/page': staff,
};
