import { WEB_BASIC } from '../../test/harness';
import { anonymous, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of auth (`test/bad-input/walk.ts`). */
export const authBadInput: BadInputEntries = {
  'POST /api-uaa/oauth/token': {
    as: 'anonymous',
    headers: { authorization: WEB_BASIC },
    why: 'sign-in needs no account, only the client’s basic authentication',
  },
  'POST /api-uaa/oauth/logout': anonymous(
    'a real token would end the session the walk signs in with; junk and no tokens are sent',
  ),
};
