import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { OrgService } from './org.service';

/** A school's organization: departments and their majors (school administrators). */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OrgService(app.ctx);

  serve(app, api.saveDepartment, async (req, reply) =>
    reply.ok(await service.saveDepartment(requireActor(req), req.body)),
  );
  serve(app, api.deleteDepartment, async (req, reply) => {
    await service.deleteDepartment(requireActor(req), req.params.id);
    return reply.ok(null);
  });
  serve(app, api.majors, async (req, reply) => reply.ok(await service.majors(requireActor(req))));
  serve(app, api.saveMajor, async (req, reply) =>
    reply.ok(await service.saveMajor(requireActor(req), req.body)),
  );
  serve(app, api.deleteMajor, async (req, reply) => {
    await service.deleteMajor(requireActor(req), req.params.id);
    return reply.ok(null);
  });
};
