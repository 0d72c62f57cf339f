import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menusApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { MenuAdminService } from './menus.admin';
import { MenusService } from './menus.service';

export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MenusService(app.ctx);
  const admin = new MenuAdminService(app.ctx);

  serve(app, api.all, async (req, reply) => {
    const roleIds = req.query.roleIds?.split(',');
    const tree = await service.treeFor(
      requireActor(req),
      req.params.appid,
      roleIds,
      languageOf(req.headers['accept-language']),
    );
    return reply.ok(tree);
  });
  serve(app, api.permissions, async (req, reply) =>
    reply.ok(await service.permissionsFor(requireActor(req), req.params.appid)),
  );
  serve(app, api.adminTree, async (req, reply) => reply.ok(await admin.tree(req.params.appid)));
  serve(app, api.save, async (req, reply) =>
    reply.ok(await admin.save(requireActor(req), req.body)),
  );
  serve(app, api.delete, async (req, reply) => {
    await admin.remove(requireActor(req), req.params.id);
    return reply.ok(null);
  });
};
