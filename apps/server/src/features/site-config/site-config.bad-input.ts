import { anonymous, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of site-config (`test/bad-input/walk.ts`). */
export const siteConfigBadInput: BadInputEntries = {
  'GET /openapi/api-user/client/config/list': anonymous('public site configuration'),
};
