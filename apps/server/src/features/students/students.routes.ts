import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  envelopeOf,
  idSchema,
  pageOf,
  resetPasswordResultSchema,
  studentBatchCreateSchema,
  studentBatchResultSchema,
  studentDetailSchema,
  studentEnableSchema,
  studentPageQuerySchema,
  studentResetPasswordSchema,
  studentSaveSchema,
  studentSchema,
} from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';
import { StudentsService } from './students.service';

const idParams = z.object({ id: idSchema });

/** Student accounts of the caller's school (management spec §2 student management). */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new StudentsService(app.ctx);
  const tags = ['students'];
  const auth = { onRequest: app.authenticate };
  const db = app.ctx.db;

  app.get(
    apiRoutes.studentsPage,
    {
      ...auth,
      schema: {
        tags,
        summary: "Students of the caller's school, paged",
        querystring: studentPageQuerySchema,
        response: { 200: envelopeOf(pageOf(studentSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.page(requireActor(req), req.query)),
  );
  app.get(
    apiRoutes.studentsGet,
    {
      ...auth,
      schema: {
        tags,
        summary: 'One student, with the class and the last sign-in',
        params: idParams,
        response: { 200: envelopeOf(studentDetailSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.get(requireActor(req), req.params.id)),
  );
  app.post(
    apiRoutes.studentsSave,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add a student, or update one when the body has an id',
        body: studentSaveSchema,
        response: { 200: envelopeOf(studentDetailSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, req.body.id ? 'student.edit' : 'student.add');
      return reply.ok(await service.save(actor, req.body));
    },
  );
  app.post(
    apiRoutes.studentsEnable,
    {
      ...auth,
      schema: {
        tags,
        summary: "Enable or disable a student; disabling ends the student's sessions",
        body: studentEnableSchema,
        response: { 200: envelopeOf(studentDetailSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, 'student.enable');
      return reply.ok(await service.setEnabled(actor, req.body.id, req.body.enabled));
    },
  );
  app.post(
    apiRoutes.studentsResetPassword,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Reset a password to the default or a random one, answered once',
        body: studentResetPasswordSchema,
        response: { 200: envelopeOf(resetPasswordResultSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, 'student.reset_password');
      reply.header('cache-control', 'no-store');
      return reply.ok(
        await service.resetPassword(actor, req.body.id, req.body.mode),
        'students.password_reset',
      );
    },
  );
  app.post(
    apiRoutes.studentsBatchCreate,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Create numbered student accounts with the default password, all or none',
        body: studentBatchCreateSchema,
        response: { 200: envelopeOf(studentBatchResultSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await requirePermission(db, actor, 'student.batch_create');
      return reply.ok(await service.batchCreate(actor, req.body));
    },
  );
};
