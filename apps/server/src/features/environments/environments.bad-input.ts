import { staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of environments (`test/bad-input/walk.ts`). */
export const environmentsBadInput: BadInputEntries = {
  'GET /api-experiment/env/page/list': staff,
  'POST /api-experiment/env/add': staff,
  'PUT /api-experiment/env/update': staff,
  'PUT /api-experiment/env/config': staff,
  'GET /api-experiment/env/get/:id': staff,
  'GET /api-experiment/env/list': staff,
  'GET /api-experiment/env/labels': staff,
  'POST /api-experiment/env/copy/:id': staff,
  'DELETE /api-experiment/env/remove/:id': staff,
  'GET /api-experiment/script/list': staff,
  'GET /api-experiment/script/label/:label': staff,
  'POST /api-experiment/script/save': staff,
  'DELETE /api-experiment/script/remove/:id': staff,
};
