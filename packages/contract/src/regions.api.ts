import { z } from 'zod';
import { regionPidSchema, regionSchema } from './colleges';
import { defineRoute } from './route';

/** The region dictionary (provinces and cities). */
export const regionsApi = {
  children: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api-user/data/dict/childByPid/:pid',
    feature: 'regions',
    summary:
      'Children of a region of the dictionary (pid 0: the provinces), names in the caller’s language',
    params: /* @__PURE__ */ z.object({
      pid: /* @__PURE__ */ z.union([/* @__PURE__ */ z.literal(''), regionPidSchema]),
    }),
    response: /* @__PURE__ */ z.array(regionSchema),
    access: { who: 'account' },
  }),
} as const;
