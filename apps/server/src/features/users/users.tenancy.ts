import { usersApi } from '@platform/contract';
import { open, object, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of users (`test/tenant-isolation.test.ts`). */
export const usersTenancy: TenancyEntries = {
  'GET /api-user/users/current': open('the caller’s own account', () => get(usersApi.current.path)),
  'PUT /api-user/users/password': open('changes the caller’s own password (users.test.ts)'),
  'POST /api-user/api/user/save/login/log': open('records the caller’s own sign-in'),
  'POST /api-user/users/saveOrUpdate': object((t) =>
    post(usersApi.save.path, { id: t.manager.id, name: 'Renamed person', sex: 1 }),
  ),
};
