import { manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of teachers (`test/bad-input/walk.ts`). */
export const teachersBadInput: BadInputEntries = {
  'GET /api-user/teachers/page': manager,
  'GET /api-user/teachers/get/:id': manager,
  'POST /api-user/teachers/saveOrUpdate': manager,
  'POST /api-user/teachers/enable': manager,
  'DELETE /api-user/teachers/delete/:id': manager,
};
