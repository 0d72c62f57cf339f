import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { footerApi as api } from '@platform/contract';
import { AppError, notFound } from '../../lib/errors';
import { sendStored } from '../../lib/http-files';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { storeUpload } from '../../lib/store-upload';
import { FooterService, footerQrKey } from './footer.service';

/** The site's footer: everyone reads it, operators edit it. */
export const footerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new FooterService(app.ctx);
  const { storage } = app.ctx;
  await app.register(multipart);

  serve(app, api.get, async (req, reply) =>
    reply.ok(await service.site(languageOf(req.headers['accept-language']))),
  );
  serve(app, api.detail, async (_req, reply) => reply.ok(await service.settings()));
  serve(app, api.save, async (req, reply) =>
    reply.ok(await service.save(req.body), 'settings.saved'),
  );
  serve(app, api.qrUpload, async (req, reply) =>
    reply.ok(
      await service.upload((plan) => storeUpload(req as FastifyRequest, storage, plan)),
      'settings.uploaded',
    ),
  );
  serve(app, api.qrImage, async (req, reply) =>
    sendStored(reply, storage, footerQrKey(req.params.fileId), {
      rangeHeader: req.headers.range,
    }).catch((error: unknown) => {
      const missing = error instanceof AppError && error.errorKey === 'common.not_found';
      throw missing ? notFound('settings.qr_not_found') : error;
    }),
  );
};
