import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { clientConfigs } from './site-config.service';

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, api.list, async (req, reply) =>
    reply.ok(await clientConfigs(app.ctx, req.query.clientCode)),
  );
};
