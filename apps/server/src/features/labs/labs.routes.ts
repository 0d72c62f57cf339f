import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  apiRoutes,
  centerDetailSchema,
  centerItemSchema,
  centerPageSchema,
  containerSchema,
  containerStateSchema,
  diskAlarmSchema,
  downloadQuerySchema,
  envContainerQuerySchema,
  envelopeOf,
  fileEntrySchema,
  idSchema,
  jupyterInfoQuerySchema,
  jupyterInfoSaveSchema,
  jupyterInfoSchema,
  labLimits,
  labPathSchema,
  listFilesQuerySchema,
  pageOf,
  pageQuerySchema,
  resetRequestSchema,
  restartLimitQuerySchema,
  restartLimitSchema,
  startRequestSchema,
  ticketRequestSchema,
  ticketSchema,
  usageSummarySchema,
  type Language,
} from '@platform/contract';
import { z } from 'zod';
import { invalid } from '../../lib/errors';
import { fileStreamFault, uploadParts } from '../../lib/multipart';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import type { LabAccess } from './labs.access';
import type { LabRuntime } from './labs.runtime';
import { LabsService } from './labs.service';

const idParams = z.object({ id: idSchema });
const languageTag = (lang: string): Language => (lang === 'en' ? 'en-US' : 'zh-CN');

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function labsRoutes(runtime: LabRuntime, access: LabAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new LabsService(app.ctx, runtime, access);
    const tags = ['labs'];
    const auth = { onRequest: app.authenticate };
    const lang = (req: { headers: Record<string, unknown> }) =>
      languageOf(req.headers['accept-language'] as string | undefined);

    await app.register(multipart, {
      limits: { fileSize: labLimits.uploadMaxBytes + 1, files: 1, fields: 10, fieldSize: 4096 },
    });

    app.post(
      apiRoutes.centerPage,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Environment centre: enabled environments with the caller’s runtime state',
          body: centerPageSchema,
          response: { 200: envelopeOf(pageOf(centerItemSchema)) },
        },
      },
      async (req, reply) => reply.ok(await service.centerPage(requireActor(req), req.body)),
    );
    app.get(
      apiRoutes.centerDetail,
      {
        ...auth,
        schema: {
          tags,
          summary: 'One environment of the centre, with scripts and the caller’s containers',
          params: idParams,
          response: { 200: envelopeOf(centerDetailSchema) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.centerDetail(requireActor(req), req.params.id, lang(req))),
    );
    app.post(
      apiRoutes.containersStart,
      {
        ...auth,
        schema: {
          tags,
          summary:
            'Start the caller’s lab of an environment (idempotent); 601 when the host is busy',
          body: startRequestSchema,
          response: { 200: envelopeOf(z.array(z.string())) },
        },
      },
      async (req, reply) => reply.ok(await service.start(requireActor(req), req.body)),
    );
    app.get(
      apiRoutes.containersStop,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Stop the caller’s lab of an environment, or one container of it',
          querystring: envContainerQuerySchema,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) => {
        await service.stop(requireActor(req), req.query.envId, req.query.containerId);
        return reply.ok(null);
      },
    );
    app.post(
      apiRoutes.containerCheckState,
      {
        ...auth,
        schema: {
          tags,
          summary: 'State of a container (answered from memory)',
          params: idParams,
          response: { 200: envelopeOf(containerStateSchema) },
        },
      },
      async (req, reply) => reply.ok(service.state(requireActor(req), req.params.id, lang(req))),
    );
    app.get(
      apiRoutes.containerDetail,
      {
        ...auth,
        schema: {
          tags,
          summary: 'A container with its address, limits and what this host does not enforce',
          params: idParams,
          response: { 200: envelopeOf(containerSchema) },
        },
      },
      async (req, reply) => reply.ok(service.detail(requireActor(req), req.params.id, lang(req))),
    );
    app.put(
      apiRoutes.containersHeartbeat,
      {
        ...auth,
        schema: {
          tags,
          summary: 'The lab is in use (kept in memory, written in batches)',
          querystring: envContainerQuerySchema,
          response: { 200: envelopeOf(z.object({ alive: z.number().int() })) },
        },
      },
      async (req, reply) =>
        reply.ok({
          alive: service.heartbeat(requireActor(req), req.query.envId, req.query.containerId),
        }),
    );
    app.get(
      apiRoutes.containerGetTime,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Restart limit of an environment: starts allowed and used in the last 24 hours',
          querystring: restartLimitQuerySchema,
          response: { 200: envelopeOf(restartLimitSchema) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.restartLimit(requireActor(req), req.query.envId)),
    );
    const resetDone = async (
      envId: string,
      containerId: string | undefined,
      req: Parameters<typeof requireActor>[0],
    ) => {
      await service.reset(requireActor(req), envId, containerId);
      return null;
    };
    app.post(
      apiRoutes.containerReset,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Bring the lab’s files back to their initial state',
          body: resetRequestSchema,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) =>
        reply.ok(await resetDone(req.body.envId, req.body.containerId, req), 'labs.reset_done'),
    );
    app.get(
      apiRoutes.containersResetAi,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Reset an AI (Jupyter) lab',
          querystring: resetRequestSchema,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) =>
        reply.ok(await resetDone(req.query.envId, req.query.containerId, req), 'labs.reset_done'),
    );
    app.post(
      apiRoutes.envTbReset,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Reset a platform environment lab',
          body: resetRequestSchema,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) =>
        reply.ok(await resetDone(req.body.envId, req.body.containerId, req), 'labs.reset_done'),
    );
    app.post(
      apiRoutes.containerTicket,
      {
        ...auth,
        schema: {
          tags,
          summary: 'A single-use address that opens the lab on its own origin',
          params: idParams,
          body: ticketRequestSchema.nullish(),
          response: { 200: envelopeOf(ticketSchema) },
        },
      },
      async (req, reply) =>
        reply.ok(
          service.ticket(requireActor(req), req.params.id, languageTag(lang(req)), req.body?.next),
        ),
    );
    app.get(
      apiRoutes.diskAlarm,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Disk alarm settings',
          response: { 200: envelopeOf(diskAlarmSchema) },
        },
      },
      async (req, reply) => {
        requireActor(req);
        return reply.ok(await service.diskAlarm());
      },
    );
    app.get(
      apiRoutes.listFiles,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Files in a folder of the lab’s home',
          querystring: listFilesQuerySchema,
          response: { 200: envelopeOf(z.array(fileEntrySchema)) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.listFiles(requireActor(req), req.query.containerId, req.query.path)),
    );
    app.get(
      apiRoutes.downloadFile,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Download a file of the lab’s home (streamed)',
          querystring: downloadQuerySchema,
        },
      },
      async (req, reply) => {
        const file = await service.readFile(
          requireActor(req),
          req.query.containerId,
          req.query.path,
        );
        return reply
          .header('Content-Type', 'application/octet-stream')
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', attachment(file.name))
          .header('Cache-Control', 'no-store')
          .send(file.stream);
      },
    );
    app.post(
      apiRoutes.uploadFile,
      {
        ...auth,
        schema: {
          tags,
          summary:
            'Upload a file into a folder of the lab’s home (multipart: containerId, path, file)',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(fileEntrySchema) },
        },
      },
      async (req, reply) => {
        const actor = requireActor(req);
        if (!req.isMultipart())
          throw invalid('common.unsupported_media_type', { file: 'required' });
        const fields: Record<string, string> = {};
        for await (const part of uploadParts(req)) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const containerId = idSchema.safeParse(fields.containerId);
          if (!containerId.success)
            throw invalid('common.invalid_input', { containerId: 'required' });
          const folder = labPathSchema.safeParse(fields.path ?? '');
          if (!folder.success) throw invalid('common.invalid_input', { path: 'invalid_format' });
          const name = part.filename.replace(/^.*[\\/]/, '');
          if (!name || name === '.' || name === '..')
            throw invalid('common.invalid_input', { file: 'invalid_format' });
          const target = folder.data ? `${folder.data.replace(/\/+$/, '')}/${name}` : name;
          const saved = await service
            .writeFile(actor, containerId.data, target, part.file)
            .catch(fileStreamFault(part.file));
          if (part.file.truncated) throw invalid('labs.file_too_large', { file: 'too_long' });
          return reply.ok(saved);
        }
        throw invalid('common.invalid_input', { file: 'required' });
      },
    );
    app.post(
      apiRoutes.jupyterInfoSave,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Remember the caller’s Jupyter resource request for an environment',
          body: jupyterInfoSaveSchema,
          response: { 200: envelopeOf(jupyterInfoSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.saveJupyterInfo(requireActor(req), req.body)),
    );
    app.get(
      apiRoutes.jupyterInfoQuery,
      {
        ...auth,
        schema: {
          tags,
          summary: 'The caller’s remembered Jupyter resource request, or null',
          querystring: jupyterInfoQuerySchema,
          response: { 200: envelopeOf(jupyterInfoSchema.nullable()) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.jupyterInfo(requireActor(req), req.query.resourceExpEnvId)),
    );
    app.get(
      apiRoutes.envUsage,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Usage records of an environment (operations)',
          params: idParams,
          querystring: pageQuerySchema,
          response: { 200: envelopeOf(usageSummarySchema) },
        },
      },
      async (req, reply) =>
        reply.ok(
          await service.usage(
            requireActor(req),
            req.params.id,
            req.query.pageNum,
            req.query.pageSize,
          ),
        ),
    );
  };
}
