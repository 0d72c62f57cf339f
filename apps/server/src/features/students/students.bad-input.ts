import { manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of students (`test/bad-input/walk.ts`). */
export const studentsBadInput: BadInputEntries = {
  'GET /api-user/students/page': manager,
  'GET /api-user/students/get/:id': manager,
  'POST /api-user/students/saveOrUpdate': manager,
  'POST /api-user/students/enable': manager,
  'POST /api-user/students/resetPassword': manager,
  'POST /api-user/students/batchCreate': manager,
};
