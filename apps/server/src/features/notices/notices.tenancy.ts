import { pathOf, noticesApi } from '@platform/contract';
import { open, object, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of notices (`test/tenant-isolation.test.ts`). */
export const noticesTenancy: TenancyEntries = {
  'GET /api-teaching/notifies': open('the caller’s own notices', () =>
    get(noticesApi.list.path, { status: 'all' }),
  ),
  'POST /api-teaching/clear/notifies': open(
    'marks the caller’s own notices read (notices.test.ts)',
  ),
  'POST /api-teaching/read/notifies/:id': object(
    (t) => post(pathOf(noticesApi.read.path, { id: t.noticeId })),
    'student',
  ),
};
