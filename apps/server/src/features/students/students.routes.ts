import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentsApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { StudentsService } from './students.service';

/** Student accounts of the caller's school (management spec §2 student management). */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new StudentsService(app.ctx);

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
  serve(app, api.resetPassword, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.ok(
      await service.resetPassword(requireActor(req), req.body.id, req.body.mode),
      'students.password_reset',
    );
  });
  serve(app, api.batchCreate, async (req, reply) =>
    reply.ok(await service.batchCreate(requireActor(req), req.body)),
  );
};
