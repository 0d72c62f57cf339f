import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { whitelistApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { isWhitelisted } from './whitelist.repo';

export const whitelistRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, api.check, async (req, reply) =>
    reply.ok(await isWhitelisted(app.ctx.db, requireActor(req).userId)),
  );
};
