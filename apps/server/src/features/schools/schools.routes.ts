import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, collegeDetailSchema, envelopeOf, idSchema } from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { SchoolsService } from './schools.service';

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SchoolsService(app.ctx);

  app.get(
    apiRoutes.collegeDetail,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['schools'],
        summary: 'Name, logo and url prefix of a school (own school, or any for platform staff)',
        params: z.object({ id: idSchema }),
        response: { 200: envelopeOf(collegeDetailSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.detail(requireActor(req), req.params.id)),
  );
};
