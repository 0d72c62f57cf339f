import { manager, noFields, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of imports (`test/bad-input/walk.ts`). */
export const importsBadInput: BadInputEntries = {
  'POST /api-user/students/import': { ...manager, multipart: noFields },
  'GET /api-user/students/import/template': manager,
  'GET /api-user/import/job/:id': manager,
  'GET /api-user/import/job/:id/errors': manager,
  'GET /api-user/students/export': manager,
};
