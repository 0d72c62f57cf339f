import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionsApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { RegionsService } from './regions.service';

export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new RegionsService(app.ctx);

  serve(app, api.children, async (req, reply) =>
    reply.ok(await service.children(req.params.pid, languageOf(req.headers['accept-language']))),
  );
};
