import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  envAddSchema,
  envConfigSchema,
  envelopeOf,
  environmentSchema,
  envOptionSchema,
  envPageQuerySchema,
  envUpdateSchema,
  idSchema,
  pageOf,
  scriptListQuerySchema,
  scriptSaveSchema,
  scriptSchema,
} from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { EnvironmentsService } from './environments.service';

const idParams = z.object({ id: idSchema });

export function environmentsRoutes(isRunning: (envId: string) => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new EnvironmentsService(app.ctx, isRunning);
    const tags = ['environments'];
    const auth = { onRequest: app.authenticateStaff };

    app.get(
      apiRoutes.envPage,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Environment configurations, paged',
          querystring: envPageQuerySchema,
          response: { 200: envelopeOf(pageOf(environmentSchema)) },
        },
      },
      async (req, reply) => reply.ok(await service.page(requireActor(req), req.query)),
    );
    app.post(
      apiRoutes.envAdd,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Add an environment configuration',
          body: envAddSchema,
          response: { 200: envelopeOf(environmentSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.add(requireActor(req), req.body)),
    );
    app.put(
      apiRoutes.envUpdate,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Update the basic information of an environment',
          body: envUpdateSchema,
          response: { 200: envelopeOf(environmentSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.update(requireActor(req), req.body)),
    );
    app.put(
      apiRoutes.envConfig,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Set the runtime configuration of an environment',
          body: envConfigSchema,
          response: { 200: envelopeOf(environmentSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.config(requireActor(req), req.body)),
    );
    app.get(
      apiRoutes.envGet,
      {
        ...auth,
        schema: {
          tags,
          summary: 'One environment configuration',
          params: idParams,
          response: { 200: envelopeOf(environmentSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.get(requireActor(req), req.params.id)),
    );
    app.get(
      apiRoutes.envList,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Environments for selection lists',
          response: { 200: envelopeOf(z.array(envOptionSchema)) },
        },
      },
      async (req, reply) => reply.ok(await service.options(requireActor(req))),
    );
    app.get(
      apiRoutes.envLabels,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Labels used by environments and scripts',
          response: { 200: envelopeOf(z.array(z.string())) },
        },
      },
      async (req, reply) => reply.ok(await service.labels(requireActor(req))),
    );
    app.post(
      apiRoutes.envCopy,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Copy an environment configuration (the copy starts disabled)',
          params: idParams,
          response: { 200: envelopeOf(environmentSchema) },
        },
      },
      async (req, reply) =>
        reply.ok(
          await service.copy(
            requireActor(req),
            req.params.id,
            languageOf(req.headers['accept-language']),
          ),
        ),
    );
    app.delete(
      apiRoutes.envRemove,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Remove an environment configuration that no lab runs',
          params: idParams,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) => {
        await service.remove(requireActor(req), req.params.id);
        return reply.ok(null);
      },
    );
    app.get(
      apiRoutes.scriptList,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Experiment scripts, paged',
          querystring: scriptListQuerySchema,
          response: { 200: envelopeOf(pageOf(scriptSchema)) },
        },
      },
      async (req, reply) => reply.ok(await service.scripts(requireActor(req), req.query)),
    );
    app.get(
      apiRoutes.scriptByLabel,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Experiment scripts with a label',
          params: z.object({ label: z.string().trim().min(1, 'required').max(20, 'too_long') }),
          response: { 200: envelopeOf(z.array(scriptSchema)) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.scriptsByLabel(requireActor(req), req.params.label)),
    );
    app.post(
      apiRoutes.scriptSave,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Add or update an experiment script',
          body: scriptSaveSchema,
          response: { 200: envelopeOf(scriptSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.saveScript(requireActor(req), req.body)),
    );
    app.delete(
      apiRoutes.scriptRemove,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Remove an experiment script',
          params: idParams,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) => {
        await service.removeScript(requireActor(req), req.params.id);
        return reply.ok(null);
      },
    );
  };
}
