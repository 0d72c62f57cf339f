import { z } from 'zod';
import { defineRoute } from './route';

/** The white list of accounts. */
export const whitelistApi = {
  check: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-teaching/student/tasks/do/heartbeat/is/whitelist',
    feature: 'whitelist',
    summary: 'Whether the signed-in user is on the white list',
    response: /* @__PURE__ */ z.boolean(),
    access: { who: 'account' },
  }),
} as const;
