import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  labLimits,
  labsApi as api,
  labUploadFieldsSchema,
  type Language,
} from '@platform/contract';
import { invalid } from '../../lib/errors';
import { fileStreamFault, uploadParts } from '../../lib/multipart';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { onRevoked } from '../auth/auth.service';
import type { LabAccess } from './labs.access';
import type { LabRuntime } from './labs.runtime';
import { labFileDownload } from './labs.files';
import { LabCenter } from './labs.center';
import { LabsService } from './labs.service';
import { sendDownload } from '../../lib/http-files';

const languageTag = (lang: string): Language => (lang === 'en' ? 'en-US' : 'zh-CN');
const uploadFields = labUploadFieldsSchema.shape;

export function labsRoutes(runtime: LabRuntime, access: LabAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new LabsService(app.ctx, runtime, access);
    const center = new LabCenter(app.ctx, runtime);
    const lang = (req: { headers: Record<string, unknown> }) =>
      languageOf(req.headers['accept-language'] as string | undefined);

    await app.register(multipart, {
      limits: { fileSize: labLimits.uploadMaxBytes + 1, files: 1, fields: 10, fieldSize: 4096 },
    });

    serve(app, api.centerPage, async (req, reply) =>
      reply.ok(await center.centerPage(requireActor(req), req.body)),
    );
    serve(app, api.centerDetail, async (req, reply) =>
      reply.ok(await center.centerDetail(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.start, async (req, reply) =>
      reply.ok(await service.start(requireActor(req), req.body)),
    );
    serve(app, api.costPreview, async (req, reply) =>
      reply.ok(await service.costPreview(requireActor(req), req.query, lang(req))),
    );
    serve(app, api.stop, async (req, reply) => {
      await service.stop(requireActor(req), req.query.envId, req.query.containerId);
      return reply.ok(null);
    });
    serve(app, api.checkState, async (req, reply) =>
      reply.ok(service.state(requireActor(req), req.params.id, lang(req))),
    );
    const streams = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const close of streams) close();
    });
    serve(app, api.stateEvents, async (req, reply) => {
      const language = lang(req);
      const actor = requireActor(req);
      const initial = service.states(actor, req.query.ids, language);
      const res = reply.hijack().raw;
      res.writeHead(200, {
        ...Object.fromEntries(
          Object.entries(reply.getHeaders()).filter(
            (header): header is [string, string | number | string[]] => header[1] !== undefined,
          ),
        ),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (state: unknown) =>
        res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
      initial.forEach(send);
      const unfollow = service.followStates(req.query.ids, language, send);
      const keepAlive = setInterval(
        () => res.write(': keep-alive\n\n'),
        labLimits.stateStreamKeepAliveMs,
      );
      // A stream outlives the check of its token: it ends when the session does.
      const offRevoked = onRevoked(actor, () => close());
      const close = () => {
        unfollow();
        offRevoked();
        clearInterval(keepAlive);
        streams.delete(close);
        res.end();
      };
      streams.add(close);
      req.raw.once('close', close);
    });
    serve(app, api.detail, async (req, reply) =>
      reply.ok(service.detail(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.heartbeat, async (req, reply) =>
      reply.ok({
        alive: service.heartbeat(requireActor(req), req.query.envId, req.query.containerId),
      }),
    );
    serve(app, api.restartLimit, async (req, reply) =>
      reply.ok(await service.restartLimit(requireActor(req), req.query.envId)),
    );
    const reset = async (
      req: FastifyRequest,
      reply: FastifyReply,
      target: { envId: string; containerId?: string | undefined },
    ) => {
      await service.reset(requireActor(req), target.envId, target.containerId);
      return reply.ok(null, 'labs.reset_done');
    };
    serve(app, api.reset, (req, reply) => reset(req, reply, req.body));
    serve(app, api.resetAi, (req, reply) => reset(req, reply, req.query));
    serve(app, api.resetPlatform, (req, reply) => reset(req, reply, req.body));
    serve(app, api.ticket, async (req, reply) =>
      reply.ok(
        service.ticket(requireActor(req), req.params.id, languageTag(lang(req)), req.body?.next),
      ),
    );
    serve(app, api.diskAlarm, async (_req, reply) => reply.ok(await center.diskAlarm()));
    serve(app, api.listFiles, async (req, reply) =>
      reply.ok(await service.listFiles(requireActor(req), req.query.containerId, req.query.path)),
    );
    serve(app, api.downloadFile, async (req, reply) => {
      const file = await service.readFile(requireActor(req), req.query.containerId, req.query.path);
      return sendDownload(reply, labFileDownload(file));
    });
    serve(app, api.uploadFile, async (req, reply) => {
      const actor = requireActor(req);
      if (!req.isMultipart()) throw invalid('common.unsupported_media_type', { file: 'required' });
      const fields: Record<string, string> = {};
      for await (const part of uploadParts(req)) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const containerId = uploadFields.containerId.safeParse(fields.containerId);
        if (!containerId.success)
          throw invalid('common.invalid_input', { containerId: 'required' });
        const folder = uploadFields.path.safeParse(fields.path ?? '');
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
    });
    serve(app, api.jupyterInfoSave, async (req, reply) =>
      reply.ok(await center.saveJupyterInfo(requireActor(req), req.body)),
    );
    serve(app, api.jupyterInfoQuery, async (req, reply) =>
      reply.ok(await center.jupyterInfo(requireActor(req), req.query.resourceExpEnvId)),
    );
    serve(app, api.usage, async (req, reply) =>
      reply.ok(await center.usage(req.params.id, req.query.pageNum, req.query.pageSize)),
    );
  };
}
