import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  envelopeOf,
  menuNodeSchema,
  menuTreeQuerySchema,
  permissionsResponseSchema,
} from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { permissionsOfRoles } from './menus.permissions';
import { MenusService } from './menus.service';

export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MenusService(app.ctx);

  app.get(
    apiRoutes.menusAll,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['menus'],
        summary: "Menu tree of the user's roles in one application",
        params: z.object({ appid: z.string().min(1).max(100) }),
        querystring: menuTreeQuerySchema,
        response: { 200: envelopeOf(z.array(menuNodeSchema)) },
      },
    },
    async (req, reply) => {
      const roleIds = req.query.roleIds?.split(',');
      const tree = await service.treeFor(
        requireActor(req),
        req.params.appid,
        roleIds,
        languageOf(req.headers['accept-language']),
      );
      return reply.ok(tree);
    },
  );

  app.get(
    apiRoutes.menusPermissions,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['menus'],
        summary: "Button-level permission keys of the user's roles in one application",
        params: z.object({ appid: z.string().min(1).max(100) }),
        response: { 200: envelopeOf(permissionsResponseSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const roleIds = actor.roles.filter((r) => r.tenantId === req.params.appid).map((r) => r.id);
      const keys = await permissionsOfRoles(app.ctx.db, req.params.appid, roleIds);
      return reply.ok([...keys].sort());
    },
  );
};
