import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  departmentSaveSchema,
  departmentSchema,
  envelopeOf,
  idSchema,
  majorOptionSchema,
  majorSaveSchema,
  majorSchema,
} from '@platform/contract';
import { z } from 'zod';
import { requireActor } from '../auth/auth.plugin';
import { OrgService } from './org.service';

const idParams = z.object({ id: idSchema });

/** A school's organization: departments and their majors (school administrators). */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OrgService(app.ctx);
  const tags = ['organization'];
  const auth = { onRequest: app.authenticate };

  app.post(
    apiRoutes.departmentsSave,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add or update a department',
        body: departmentSaveSchema,
        response: { 200: envelopeOf(departmentSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.saveDepartment(requireActor(req), req.body)),
  );
  app.post(
    apiRoutes.departmentsDelete,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a department that has no majors',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await service.deleteDepartment(requireActor(req), req.params.id);
      return reply.ok(null);
    },
  );
  app.get(
    apiRoutes.majorsList,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Every major of the school, for selects',
        response: { 200: envelopeOf(z.array(majorOptionSchema)) },
      },
    },
    async (req, reply) => reply.ok(await service.majors(requireActor(req))),
  );
  app.post(
    apiRoutes.majorsSave,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add or update a major',
        body: majorSaveSchema,
        response: { 200: envelopeOf(majorSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.saveMajor(requireActor(req), req.body)),
  );
  app.post(
    apiRoutes.majorsDelete,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a major that no class uses',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await service.deleteMajor(requireActor(req), req.params.id);
      return reply.ok(null);
    },
  );
};
