import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { RolesService } from './roles.service';

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new RolesService(app.ctx);

  serve(app, api.list, async (req, reply) =>
    reply.ok(await service.list(languageOf(req.headers['accept-language']))),
  );
  serve(app, api.menus, async (req, reply) => reply.ok(await service.menuIds(req.params.id)));
  serve(app, api.grant, async (req, reply) =>
    reply.ok(await service.grant(requireActor(req), req.body)),
  );
};
