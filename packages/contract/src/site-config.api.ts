import { z } from 'zod';
import { defineRoute } from './route';
import { clientConfigQuerySchema, clientConfigSchema } from './site';

/** Public site configuration per application. */
export const siteConfigApi = {
  list: /* @__PURE__ */ defineRoute({
    method: 'GET',
    path: '/openapi/api-user/client/config/list',
    feature: 'site',
    summary: 'Public site configuration of an application (title, logo, favicon, helpers)',
    query: clientConfigQuerySchema,
    response: /* @__PURE__ */ z.array(clientConfigSchema),
    access: { who: 'public' },
  }),
} as const;
