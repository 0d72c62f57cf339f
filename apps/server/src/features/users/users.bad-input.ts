import { student, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of users (`test/bad-input/walk.ts`). */
export const usersBadInput: BadInputEntries = {
  'GET /api-user/users/current': student,
  'PUT /api-user/users/password': student,
  'POST /api-user/api/user/save/login/log': student,
  'POST /api-user/users/saveOrUpdate': student,
};
