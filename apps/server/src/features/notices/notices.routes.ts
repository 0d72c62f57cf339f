import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticesApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { NoticesService } from './notices.service';

/** The caller's own notices: the list, one read, all cleared. */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new NoticesService(app.ctx);

  serve(app, api.list, async (req, reply) =>
    reply.ok(
      await service.list(requireActor(req), req.query, languageOf(req.headers['accept-language'])),
    ),
  );
  serve(app, api.read, async (req, reply) => {
    await service.read(requireActor(req), req.params.id);
    return reply.ok(null);
  });
  serve(app, api.clear, async (req, reply) => reply.ok(await service.clear(requireActor(req))));
};
