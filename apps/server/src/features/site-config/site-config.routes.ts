import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  clientConfigQuerySchema,
  clientConfigSchema,
  envelopeOf,
  type ClientConfig,
} from '@platform/contract';
import { z } from 'zod';
import { findSiteConfigs } from './site-config.repo';

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.clientConfigList,
    {
      schema: {
        tags: ['site'],
        summary: 'Public site configuration of an application (title, logo, favicon, helpers)',
        querystring: clientConfigQuerySchema,
        response: { 200: envelopeOf(z.array(clientConfigSchema)) },
      },
    },
    async (req, reply) => {
      const { config } = app.ctx;
      const rows = await findSiteConfigs(app.ctx.db, req.query.clientCode);
      const list: ClientConfig[] = rows.map((r) => ({
        clientCode: r.clientCode,
        name: r.name,
        clientTitle: r.clientTitle,
        clientLogo: r.clientLogo,
        favicon: r.favicon,
        logo: r.logo,
        url: r.url,
        config: {
          aiChatUrl: str(r.config.aiChatUrl) ?? config.aiChatUrl ?? null,
          aiAgentCode: str(r.config.aiAgentCode) ?? config.aiAgentCode ?? null,
          userCenterUrl: str(r.config.userCenterUrl) ?? config.userCenterUrl ?? null,
        },
      }));
      return reply.ok(list);
    },
  );
};
