import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  collegeDetailSchema,
  envelopeOf,
  idSchema,
  schoolProfileSchema,
  schoolProfileUpdateSchema,
} from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { SchoolsService } from './schools.service';

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SchoolsService(app.ctx);
  const tags = ['schools'];

  app.get(
    apiRoutes.collegeDetail,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Name, logo and url prefix of a school (own school, or any for platform staff)',
        params: z.object({ id: idSchema }),
        response: { 200: envelopeOf(collegeDetailSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.detail(requireActor(req), req.params.id)),
  );

  app.get(
    apiRoutes.schoolProfile,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The actor's own school: profile, balances and counts",
        response: { 200: envelopeOf(schoolProfileSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await service.profile(requireActor(req), languageOf(req.headers['accept-language'])),
      ),
  );

  app.post(
    apiRoutes.schoolProfileUpdate,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Update the introduction and address of the actor's own school",
        body: schoolProfileUpdateSchema,
        response: { 200: envelopeOf(schoolProfileSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await service.updateProfile(
          requireActor(req),
          req.body,
          languageOf(req.headers['accept-language']),
        ),
      ),
  );
};
