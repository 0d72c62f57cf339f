import { z } from 'zod';
import { defineRoute } from './route';
import { whitelistPaths } from './whitelist.paths';

/** The white list of accounts. */
export const whitelistApi = {
  check: /* @__PURE__ */ defineRoute({
    ...whitelistPaths.check,
    feature: 'whitelist',
    summary: 'Whether the signed-in user is on the white list',
    response: /* @__PURE__ */ z.boolean(),
    access: { who: 'account' },
  }),
} as const;
