import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { collegeLimits, collegesApi as api } from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { readOneFile } from '../../lib/multipart';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { sendDownload, XLSX_TYPE } from '../../lib/http-files';
import { CollegesService } from './colleges.service';

const maxMb = collegeLimits.importMaxBytes / 1024 / 1024;

/** The uploaded spreadsheet of a multipart request (field `file`). */
function uploadedFile(req: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  return readOneFile(req, {
    maxBytes: collegeLimits.importMaxBytes,
    tooLarge: () =>
      new AppError('imports.too_large', {
        status: 413,
        fields: { file: 'too_long' },
        params: { max: maxMb },
      }),
  });
}

/** Schools (colleges) for platform operators, their administrators and the school import. */
export const collegesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CollegesService(app.ctx);
  const lang = (req: Pick<FastifyRequest, 'headers'>) => languageOf(req.headers['accept-language']);

  await app.register(multipart, {
    limits: { fileSize: collegeLimits.importMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });

  serve(app, api.page, async (req, reply) => reply.ok(await service.page(req.query, lang(req))));
  serve(app, api.get, async (req, reply) => reply.ok(await service.get(req.query.id, lang(req))));
  serve(app, api.save, async (req, reply) =>
    reply.ok(await service.save(requireActor(req), req.body, lang(req))),
  );
  serve(app, api.delete, async (req, reply) => {
    await service.remove(req.query.id);
    return reply.ok(null);
  });
  serve(app, api.enable, async (req, reply) =>
    reply.ok(await service.enable(req.body.id, req.body.enabled, lang(req))),
  );
  serve(app, api.options, async (req, reply) => reply.ok(await service.options(req.query.name)));
  serve(app, api.admins, async (req, reply) => reply.ok(await service.admins(req.query.collegeId)));
  serve(app, api.addAdmin, async (req, reply) =>
    reply.ok(await service.addAdmin(req.body, lang(req))),
  );
  serve(app, api.updateTotalUser, async (req, reply) =>
    reply.ok(await service.updateTotalUser(req.body.collegeId, req.body.totalUser, lang(req))),
  );
  serve(app, api.import, async (req, reply) =>
    reply.ok(await service.importColleges(() => uploadedFile(req), lang(req))),
  );
  serve(app, api.importTemplate, async (req, reply) => {
    const { data, fileName } = await service.template(lang(req));
    return sendDownload(reply, { name: fileName, type: XLSX_TYPE, body: data });
  });
};
