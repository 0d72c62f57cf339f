import { anonymous, staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of announcements (`test/bad-input/walk.ts`). */
export const announcementsBadInput: BadInputEntries = {
  'GET /openapi/api-operation/system/announcement': anonymous('public announcement'),
  'GET /api-operation/system/announcement/detail': staff,
  'POST /api-operation/system/announcement/save': staff,
};
