import { student, staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of menus (`test/bad-input/walk.ts`). */
export const menusBadInput: BadInputEntries = {
  'GET /api-user/menus/all/:appid': student,
  'GET /api-user/menus/permissions/:appid': student,
  'GET /api-user/menus/admin/tree/:appid': staff,
  'POST /api-user/menus/saveOrUpdate': staff,
  'POST /api-user/menus/delete/:id': staff,
};
