import { manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of org (`test/bad-input/walk.ts`). */
export const orgBadInput: BadInputEntries = {
  'GET /api-user/org/tree': manager,
  'POST /api-user/org/department/saveOrUpdate': manager,
  'POST /api-user/org/department/delete/:id': manager,
  'GET /api-user/org/major/list': manager,
  'POST /api-user/org/major/saveOrUpdate': manager,
  'POST /api-user/org/major/delete/:id': manager,
};
