import { student, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of whitelist (`test/bad-input/walk.ts`). */
export const whitelistBadInput: BadInputEntries = {
  'GET /api-teaching/student/tasks/do/heartbeat/is/whitelist': student,
};
