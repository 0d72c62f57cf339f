import { collegesApi } from '@platform/contract';
import { staff, get, post, multipart, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of colleges (`test/tenant-isolation.test.ts`). */
export const collegesTenancy: TenancyEntries = {
  'GET /api-user/colleges/page': staff(() => get(collegesApi.page.path)),
  'POST /api-user/colleges/get': staff((t) =>
    post(collegesApi.get.path, undefined, { id: t.schoolId }),
  ),
  'POST /api-user/colleges/saveOrUpdate': staff((t) =>
    post(collegesApi.save.path, { id: t.schoolId, name: 'Taken over' }),
  ),
  'POST /api-user/colleges/delete': staff((t) =>
    post(collegesApi.delete.path, undefined, { id: t.schoolId }),
  ),
  'POST /api-user/colleges/enable': staff((t) =>
    post(collegesApi.enable.path, { id: t.schoolId, enabled: false }),
  ),
  'GET /api-user/colleges/options': staff(() => get(collegesApi.options.path)),
  'GET /api-user/colleges/admins': staff((t) =>
    get(collegesApi.admins.path, { collegeId: t.schoolId }),
  ),
  'POST /api-user/colleges/admins': staff((t) =>
    post(collegesApi.admins.path, {
      collegeId: t.schoolId,
      name: 'Intruder',
      phone: '13912345678',
    }),
  ),
  'POST /nledu-cloud-sso-upms/school/updateTotalUser': staff((t) => ({
    method: 'POST',
    url: collegesApi.updateTotalUser.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `collegeId=${t.schoolId}&totalUser=1`,
  })),
  'POST /nledu-cloud-sso-upms/school/importSchools': staff(() =>
    multipart(collegesApi.import.path, 'schools.csv', 'name,url\nSchool,sch_new\n'),
  ),
  'GET /nledu-cloud-sso-upms/school/importSchools/template': staff(() =>
    get(collegesApi.importTemplate.path),
  ),
};
