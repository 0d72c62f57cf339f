import { manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of schools (`test/bad-input/walk.ts`). */
export const schoolsBadInput: BadInputEntries = {
  'GET /api-teaching/college/detail/:id': manager,
  'GET /api-user/school/profile': manager,
  'POST /api-user/school/profile/update': manager,
};
