import { manager, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of regions (`test/bad-input/walk.ts`). */
export const regionsBadInput: BadInputEntries = {
  'GET /api-user/data/dict/childByPid/:pid': manager,
};
