import { announcementsApi } from '@platform/contract';
import { open, staff, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of announcements (`test/tenant-isolation.test.ts`). */
export const announcementsTenancy: TenancyEntries = {
  'GET /openapi/api-operation/system/announcement': open('public announcement'),
  'GET /api-operation/system/announcement/detail': staff(() => get(announcementsApi.detail.path)),
  'POST /api-operation/system/announcement/save': staff(() => post(announcementsApi.save.path, {})),
};
