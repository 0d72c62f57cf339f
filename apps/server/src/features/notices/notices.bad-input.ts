import { student, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of notices (`test/bad-input/walk.ts`). */
export const noticesBadInput: BadInputEntries = {
  'GET /api-teaching/notifies': student,
  'POST /api-teaching/clear/notifies': student,
  'POST /api-teaching/read/notifies/:id': student,
};
