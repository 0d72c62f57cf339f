import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, envelopeOf, regionPidSchema, regionSchema } from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { RegionsService } from './regions.service';

export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new RegionsService(app.ctx);

  app.get(
    apiRoutes.regionChildren,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['regions'],
        summary:
          'Children of a region of the dictionary (pid 0: the provinces), names in the caller’s language',
        params: z.object({ pid: z.union([z.literal(''), regionPidSchema]) }),
        response: { 200: envelopeOf(z.array(regionSchema)) },
      },
    },
    async (req, reply) => {
      requireActor(req);
      return reply.ok(
        await service.children(req.params.pid, languageOf(req.headers['accept-language'])),
      );
    },
  );
};
