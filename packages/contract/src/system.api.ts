import { z } from 'zod';
import { defineRoute } from './route';

const feature = 'system';

/** The server itself. */
export const systemApi = {
  health: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/api/health',
    feature,
    summary: 'Liveness',
    response: /* @__PURE__ */ z.object({ status: /* @__PURE__ */ z.literal('up') }),
    access: { who: 'public' },
  }),
} as const;
