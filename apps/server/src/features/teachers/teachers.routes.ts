import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  envelopeOf,
  idSchema,
  pageOf,
  teacherEnableSchema,
  teacherPageQuerySchema,
  teacherSaveSchema,
  teacherSchema,
} from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';
import { TeachersService } from './teachers.service';

const idParams = z.object({ id: idSchema });

/** Teacher accounts of the caller's school (management spec §2 teacher management). */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TeachersService(app.ctx);
  const tags = ['teachers'];
  const auth = { onRequest: app.authenticate };
  const db = app.ctx.db;

  app.get(
    apiRoutes.teachersPage,
    {
      ...auth,
      schema: {
        tags,
        summary: "Teachers of the caller's school, paged",
        querystring: teacherPageQuerySchema,
        response: { 200: envelopeOf(pageOf(teacherSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.page(requireActor(req), req.query)),
  );
  app.get(
    apiRoutes.teachersGet,
    {
      ...auth,
      schema: {
        tags,
        summary: 'One teacher',
        params: idParams,
        response: { 200: envelopeOf(teacherSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.get(requireActor(req), req.params.id)),
  );
  app.post(
    apiRoutes.teachersSave,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add a teacher, or update one when the body has an id',
        body: teacherSaveSchema,
        response: { 200: envelopeOf(teacherSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, req.body.id ? 'teacher.edit' : 'teacher.add');
      return reply.ok(await service.save(actor, req.body));
    },
  );
  app.post(
    apiRoutes.teachersEnable,
    {
      ...auth,
      schema: {
        tags,
        summary: "Enable or disable a teacher; disabling ends the teacher's sessions",
        body: teacherEnableSchema,
        response: { 200: envelopeOf(teacherSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, 'teacher.enable');
      return reply.ok(await service.setEnabled(actor, req.body.id, req.body.enabled));
    },
  );
  app.delete(
    apiRoutes.teachersDelete,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a teacher who holds no unarchived teaching task',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, 'teacher.delete');
      await service.remove(actor, req.params.id);
      return reply.ok(null);
    },
  );
};
