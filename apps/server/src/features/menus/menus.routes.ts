import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  envelopeOf,
  idSchema,
  menuAdminNodeSchema,
  menuNodeSchema,
  menuSaveSchema,
  menuTreeQuerySchema,
  permissionsResponseSchema,
} from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { MenuAdminService } from './menus.admin';
import { permissionsOfRoles } from './menus.permissions';
import { MenusService } from './menus.service';

export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MenusService(app.ctx);
  const admin = new MenuAdminService(app.ctx);

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

  app.get(
    apiRoutes.menusAdminTree,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['menus'],
        summary: 'Every entry of an application, menus and buttons, with their grants',
        params: z.object({ appid: z.string().min(1).max(100) }),
        response: { 200: envelopeOf(z.array(menuAdminNodeSchema)) },
      },
    },
    async (req, reply) => reply.ok(await admin.tree(requireActor(req), req.params.appid)),
  );

  app.post(
    apiRoutes.menusSave,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['menus'],
        summary: 'Add a menu entry or button, or update it when the body has an id',
        body: menuSaveSchema,
        response: { 200: envelopeOf(menuAdminNodeSchema) },
      },
    },
    async (req, reply) => reply.ok(await admin.save(requireActor(req), req.body)),
  );

  app.post(
    apiRoutes.menusDelete,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['menus'],
        summary: 'Delete an entry without children; its grants go with it',
        params: z.object({ id: idSchema }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await admin.remove(requireActor(req), req.params.id);
      return reply.ok(null);
    },
  );
};
