import { manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of classes (`test/bad-input/walk.ts`). */
export const classesBadInput: BadInputEntries = {
  'GET /api-user/classes/page': manager,
  'GET /api-user/classes/list': manager,
  'GET /api-user/classes/get/:id': manager,
  'POST /api-user/classes/saveOrUpdate': manager,
  'POST /api-user/classes/delete/:id': manager,
  'POST /api-user/classes/archive/:id': manager,
};
