import { pathOf, schoolsApi } from '@platform/contract';
import { object, ownSchool, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of schools (`test/tenant-isolation.test.ts`). */
export const schoolsTenancy: TenancyEntries = {
  'GET /api-teaching/college/detail/:id': object((t) =>
    get(pathOf(schoolsApi.detail.path, { id: t.schoolId })),
  ),
  'GET /api-user/school/profile': ownSchool(() => get(schoolsApi.profile.path)),
  'POST /api-user/school/profile/update': ownSchool(() =>
    post(schoolsApi.profileUpdate.path, { intro: 'Updated introduction', address: 'Road 1' }),
  ),
};
