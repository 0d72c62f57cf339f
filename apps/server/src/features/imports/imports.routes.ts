import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { importLimits, importsApi as api } from '@platform/contract';
import { AppError } from '../../lib/errors';
import { readOneFile } from '../../lib/multipart';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { ImportsService, type Download, type Upload } from './imports.service';
import { sendDownload, XLSX_TYPE } from '../../lib/http-files';

/** Room for the multipart boundaries and headers around the file. */
const FRAMING_BYTES = 64 * 1024;

function sendFile(reply: FastifyReply, file: Download) {
  return sendDownload(reply, {
    name: file.fileName,
    type: XLSX_TYPE,
    size: file.data.length,
    body: file.data,
  });
}

const tooLarge = (maxBytes: number) =>
  new AppError('imports.too_large', {
    status: 413,
    params: { max: Math.round(maxBytes / 1024 / 1024) },
  });

/** The one file of a multipart upload, refused with 413 as soon as it is known to be too large. */
async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FRAMING_BYTES) throw tooLarge(maxBytes);
  const file = await readOneFile(req, { maxBytes, tooLarge: () => tooLarge(maxBytes) });
  const fileName = [...file.fileName.replace(/^.*[\\/]/, '')].slice(-200).join('');
  return { fileName, data: file.data };
}

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ImportsService(app.ctx, app.log);
  const lang = (req: Pick<FastifyRequest, 'headers'>) => languageOf(req.headers['accept-language']);

  await app.register(multipart, {
    limits: { fileSize: importLimits.studentFileMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  app.scheduler.every(service.periodicWork());
  app.addHook('onReady', () => service.start());
  app.addHook('onClose', () => service.drain());

  serve(app, api.studentsImport, async (req, reply) => {
    const actor = requireActor(req);
    service.authorizeStudentImport(actor);
    const upload = await readUpload(req, importLimits.studentFileMaxBytes);
    return reply.ok(await service.startStudentImport(actor, upload, lang(req)));
  });
  serve(app, api.studentsImportTemplate, async (req, reply) =>
    sendFile(reply, await service.template(requireActor(req), lang(req))),
  );
  serve(app, api.job, async (req, reply) =>
    reply.ok(await service.job(requireActor(req), req.params.id, lang(req))),
  );
  serve(app, api.jobErrors, async (req, reply) =>
    sendFile(reply, await service.errorReport(requireActor(req), req.params.id, lang(req))),
  );
  serve(app, api.studentsExport, async (req, reply) =>
    sendFile(reply, await service.exportStudents(requireActor(req), req.query, lang(req))),
  );
};
