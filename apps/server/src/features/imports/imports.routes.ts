import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  apiRoutes,
  envelopeOf,
  idSchema,
  importJobSchema,
  importLimits,
  studentExportQuerySchema,
} from '@platform/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { readOneFile } from '../../lib/multipart';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { ImportsService, type Download, type Upload } from './imports.service';

const idParams = z.object({ id: idSchema });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Room for the multipart boundaries and headers around the file. */
const FRAMING_BYTES = 64 * 1024;

const exportQuerySchema = studentExportQuerySchema.extend({
  tz: z.string().max(64, 'too_long').optional(),
});

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendFile(reply: FastifyReply, file: Download) {
  return reply
    .header('Content-Type', XLSX)
    .header('Content-Length', String(file.data.length))
    .header('Content-Disposition', attachment(file.fileName))
    .header('Cache-Control', 'no-store')
    .send(file.data);
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
  const tags = ['imports'];
  const auth = { onRequest: app.authenticate };
  const lang = (req: FastifyRequest) => languageOf(req.headers['accept-language']);

  await app.register(multipart, {
    limits: { fileSize: importLimits.studentFileMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  app.addHook('onReady', () => service.start());
  app.addHook('onClose', () => service.drain());

  app.post(
    apiRoutes.studentsImport,
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Import students from a spreadsheet (multipart: file). The file is checked at once; the rows are imported by a background job',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(importJobSchema) },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await service.authorizeStudentImport(actor);
      const upload = await readUpload(req, importLimits.studentFileMaxBytes);
      return reply.ok(await service.startStudentImport(actor, upload, lang(req)));
    },
  );
  app.get(
    apiRoutes.studentsImportTemplate,
    {
      ...auth,
      schema: { tags, summary: 'The student import template (xlsx)' },
    },
    async (req, reply) => sendFile(reply, await service.template(requireActor(req), lang(req))),
  );
  app.get(
    apiRoutes.importJob,
    {
      ...auth,
      schema: {
        tags,
        summary: 'An import job of the caller’s school: state, counts and the first row errors',
        params: idParams,
        response: { 200: envelopeOf(importJobSchema) },
      },
    },
    async (req, reply) => reply.ok(await service.job(requireActor(req), req.params.id, lang(req))),
  );
  app.get(
    apiRoutes.importJobErrors,
    {
      ...auth,
      schema: {
        tags,
        summary: 'Every row error of an import job, as a spreadsheet (xlsx)',
        params: idParams,
      },
    },
    async (req, reply) =>
      sendFile(reply, await service.errorReport(requireActor(req), req.params.id, lang(req))),
  );
  app.get(
    apiRoutes.studentsExport,
    {
      ...auth,
      schema: {
        tags,
        summary:
          'The school’s students with the student list’s filters, as a spreadsheet (xlsx); tz names the time zone of the creation times',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) =>
      sendFile(reply, await service.exportStudents(requireActor(req), req.query, lang(req))),
  );
};
