import { staff, noFields, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of colleges (`test/bad-input/walk.ts`). */
export const collegesBadInput: BadInputEntries = {
  'GET /api-user/colleges/page': staff,
  'POST /api-user/colleges/get': staff,
  'POST /api-user/colleges/saveOrUpdate': staff,
  'POST /api-user/colleges/delete': staff,
  'POST /api-user/colleges/enable': staff,
  'GET /api-user/colleges/options': staff,
  'GET /api-user/colleges/admins': staff,
  'POST /api-user/colleges/admins': staff,
  'POST /nledu-cloud-sso-upms/school/updateTotalUser': staff,
  'POST /nledu-cloud-sso-upms/school/importSchools': { ...staff, multipart: noFields },
  'GET /nledu-cloud-sso-upms/school/importSchools/template': staff,
};
