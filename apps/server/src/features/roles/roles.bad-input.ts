import { staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of roles (`test/bad-input/walk.ts`). */
export const rolesBadInput: BadInputEntries = {
  'GET /api-user/roles/list': staff,
  'GET /api-user/roles/menus/:id': staff,
  'POST /api-user/roles/grant': staff,
};
