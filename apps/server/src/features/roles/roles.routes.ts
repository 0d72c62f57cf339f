import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  envelopeOf,
  idSchema,
  roleGrantSchema,
  roleListItemSchema,
} from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { RolesService } from './roles.service';

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new RolesService(app.ctx);
  const tags = ['roles'];

  app.get(
    apiRoutes.rolesList,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags,
        summary: 'Roles of the web application with their number of accounts',
        response: { 200: envelopeOf(z.array(roleListItemSchema)) },
      },
    },
    async (req, reply) =>
      reply.ok(await service.list(requireActor(req), languageOf(req.headers['accept-language']))),
  );

  app.get(
    apiRoutes.roleMenus,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags,
        summary: 'Ids of the menu entries and buttons granted to a role',
        params: z.object({ id: idSchema }),
        response: { 200: envelopeOf(z.array(z.string())) },
      },
    },
    async (req, reply) => reply.ok(await service.menuIds(requireActor(req), req.params.id)),
  );

  app.post(
    apiRoutes.roleGrant,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags,
        summary: "Replace a role's grants; answers the granted ids (ancestors included)",
        body: roleGrantSchema,
        response: { 200: envelopeOf(z.array(z.string())) },
      },
    },
    async (req, reply) => reply.ok(await service.grant(requireActor(req), req.body)),
  );
};
