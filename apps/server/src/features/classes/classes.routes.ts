import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classesApi as api, orgApi } from '@platform/contract';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { ClassesService } from './classes.service';

/**
 * The classes of a school (school administrators; teachers add and edit). `removeLabs` clears
 * the labs of an archived class's students.
 */
export function classesRoutes(
  removeLabs: (studentIds: string[]) => Promise<unknown>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new ClassesService(app.ctx, removeLabs);

    serve(app, api.page, async (req, reply) =>
      reply.ok(await service.page(requireActor(req), req.query)),
    );
    serve(app, api.list, async (req, reply) =>
      reply.ok(await service.options(requireActor(req), req.query.includeArchived === 'true')),
    );
    serve(app, orgApi.tree, async (req, reply) =>
      reply.ok(await service.tree(requireActor(req), req.query.archived === 'true')),
    );
    serve(app, api.get, async (req, reply) =>
      reply.ok(await service.get(requireActor(req), req.params.id)),
    );
    serve(app, api.save, async (req, reply) =>
      reply.ok(await service.save(requireActor(req), req.body)),
    );
    serve(app, api.delete, async (req, reply) => {
      await service.remove(requireActor(req), req.params.id);
      return reply.ok(null);
    });
    serve(app, api.archive, async (req, reply) =>
      reply.ok(await service.archive(requireActor(req), req.params.id, req.body)),
    );
  };
}
