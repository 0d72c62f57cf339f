import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teachersApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { TeachersService } from './teachers.service';

/** Teacher accounts of the caller's school (management spec §2 teacher management). */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TeachersService(app.ctx);

  serve(app, api.page, async (req, reply) =>
    reply.ok(await service.page(requireActor(req), req.query)),
  );
  serve(app, api.get, async (req, reply) =>
    reply.ok(await service.get(requireActor(req), req.params.id)),
  );
  serve(app, api.save, async (req, reply) =>
    reply.ok(await service.save(requireActor(req), req.body)),
  );
  serve(app, api.enable, async (req, reply) =>
    reply.ok(await service.setEnabled(requireActor(req), req.body.id, req.body.enabled)),
  );
  serve(app, api.delete, async (req, reply) => {
    await service.remove(requireActor(req), req.params.id);
    return reply.ok(null);
  });
};
