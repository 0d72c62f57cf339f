import { z } from 'zod';
import { defineRoute } from './route';
import { clientConfigQuerySchema, clientConfigSchema } from './site';
import { siteConfigPaths } from './site-config.paths';

/** Public site configuration per application. */
export const siteConfigApi = {
  list: /* @__PURE__ */ defineRoute({
    ...siteConfigPaths.list,
    feature: 'site-config',
    summary: 'Public site configuration of an application (title, logo, favicon, helpers)',
    query: clientConfigQuerySchema,
    response: /* @__PURE__ */ z.array(clientConfigSchema),
    access: { who: 'public' },
  }),
} as const;
