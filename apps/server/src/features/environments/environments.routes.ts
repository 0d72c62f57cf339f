import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { environmentsApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { EnvironmentsService } from './environments.service';

export function environmentsRoutes(isRunning: (envId: string) => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new EnvironmentsService(app.ctx, isRunning);

    serve(app, api.page, async (req, reply) =>
      reply.ok(await service.page(requireActor(req), req.query)),
    );
    serve(app, api.add, async (req, reply) =>
      reply.ok(await service.add(requireActor(req), req.body)),
    );
    serve(app, api.update, async (req, reply) => reply.ok(await service.update(req.body)));
    serve(app, api.config, async (req, reply) => reply.ok(await service.config(req.body)));
    serve(app, api.get, async (req, reply) => reply.ok(await service.get(req.params.id)));
    serve(app, api.list, async (_req, reply) => reply.ok(await service.options()));
    serve(app, api.labels, async (_req, reply) => reply.ok(await service.labels()));
    serve(app, api.copy, async (req, reply) =>
      reply.ok(
        await service.copy(
          requireActor(req),
          req.params.id,
          languageOf(req.headers['accept-language']),
        ),
      ),
    );
    serve(app, api.remove, async (req, reply) => {
      await service.remove(req.params.id);
      return reply.ok(null);
    });
    serve(app, api.scripts, async (req, reply) => reply.ok(await service.scripts(req.query)));
    serve(app, api.scriptsByLabel, async (req, reply) =>
      reply.ok(await service.scriptsByLabel(req.params.label)),
    );
    serve(app, api.saveScript, async (req, reply) => reply.ok(await service.saveScript(req.body)));
    serve(app, api.removeScript, async (req, reply) => {
      await service.removeScript(req.params.id);
      return reply.ok(null);
    });
  };
}
