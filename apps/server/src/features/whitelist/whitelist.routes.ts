import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, envelopeOf } from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { isWhitelisted } from './whitelist.repo';

export const whitelistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.whitelistCheck,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['whitelist'],
        summary: 'Whether the signed-in user is on the white list',
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (req, reply) => reply.ok(await isWhitelisted(app.ctx.db, requireActor(req).userId)),
  );
};
