import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { cmsApi as api } from '@platform/contract';
import { AppError, notFound } from '../../lib/errors';
import { sendStored } from '../../lib/http-files';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { storeUpload } from '../../lib/store-upload';
import { cmsImageKey } from './cms.present';
import { CmsService } from './cms.service';
import { CmsSite } from './cms.site';

/** Portal content: operators write it, the public site reads what is published. */
export const cmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CmsService(app.ctx);
  const site = new CmsSite(app.ctx);
  const { storage } = app.ctx;
  const lang = (req: Pick<FastifyRequest, 'headers'>) => languageOf(req.headers['accept-language']);

  await app.register(multipart);

  serve(app, api.attributePage, async (req, reply) =>
    reply.ok(await service.attributePage(req.query)),
  );
  serve(app, api.attributeList, async (_req, reply) => reply.ok(await service.attributeList()));
  serve(app, api.templatePage, async (req, reply) =>
    reply.ok(await service.templatePage(req.query)),
  );
  serve(app, api.templateList, async (_req, reply) => reply.ok(await service.templateList()));
  serve(app, api.catalogTree, async (_req, reply) => reply.ok(await service.catalogTree()));
  serve(app, api.catalogPage, async (req, reply) => reply.ok(await service.catalogPage(req.query)));
  serve(app, api.catalogGet, async (req, reply) =>
    reply.ok(await service.catalogGet(req.params.id)),
  );
  serve(app, api.articlePage, async (req, reply) => reply.ok(await service.articlePage(req.query)));
  serve(app, api.articleGet, async (req, reply) =>
    reply.ok(await service.articleGet(req.params.id)),
  );
  serve(app, api.noticePage, async (req, reply) => reply.ok(await service.noticePage(req.query)));
  serve(app, api.noticeGet, async (req, reply) => reply.ok(await service.noticeGet(req.params.id)));

  /** Saves answer what was saved; deletes answer nothing; publishing says which way it went. */
  const saved = (data: unknown, reply: FastifyReply) => reply.ok(data, 'cms.saved');
  const deleted = async (done: Promise<void>, reply: FastifyReply) => {
    await done;
    return reply.ok(null, 'cms.deleted');
  };
  const published = (data: unknown, isPublish: 0 | 1, reply: FastifyReply) =>
    reply.ok(data, isPublish === 1 ? 'cms.published' : 'cms.unpublished');

  serve(app, api.attributeSave, async (req, reply) =>
    saved(await service.attributeSave(req.body), reply),
  );
  serve(app, api.templateSave, async (req, reply) =>
    saved(await service.templateSave(req.body), reply),
  );
  serve(app, api.catalogSave, async (req, reply) =>
    saved(await service.catalogSave(req.body), reply),
  );
  serve(app, api.articleSave, async (req, reply) =>
    saved(await service.articleSave(req.body), reply),
  );
  serve(app, api.noticeSave, async (req, reply) =>
    saved(await service.noticeSave(req.body), reply),
  );
  serve(app, api.attributeDelete, (req, reply) =>
    deleted(service.attributeDelete(req.params.id), reply),
  );
  serve(app, api.templateDelete, (req, reply) =>
    deleted(service.templateDelete(req.params.id), reply),
  );
  serve(app, api.catalogDelete, (req, reply) =>
    deleted(service.catalogDelete(req.params.id), reply),
  );
  serve(app, api.articleDelete, (req, reply) =>
    deleted(service.articleDelete(req.params.id), reply),
  );
  serve(app, api.noticeDelete, (req, reply) => deleted(service.noticeDelete(req.params.id), reply));
  serve(app, api.catalogPublish, async (req, reply) =>
    published(await service.catalogPublish(req.body), req.body.isPublish, reply),
  );
  serve(app, api.articlePublish, async (req, reply) =>
    published(await service.articlePublish(req.body), req.body.isPublish, reply),
  );
  serve(app, api.noticePublish, async (req, reply) =>
    published(await service.noticePublish(req.body), req.body.isPublish, reply),
  );

  serve(app, api.imageUpload, async (req, reply) =>
    reply.ok(
      await service.upload((plan) => storeUpload(req as FastifyRequest, storage, plan)),
      'cms.uploaded',
    ),
  );
  serve(app, api.image, async (req, reply) =>
    sendStored(reply, storage, cmsImageKey(req.params.fileId), {
      rangeHeader: req.headers.range,
    }).catch((error: unknown) => {
      const missing = error instanceof AppError && error.errorKey === 'common.not_found';
      throw missing ? notFound('cms.image_not_found') : error;
    }),
  );

  serve(app, api.frontCatalogs, async (req, reply) =>
    reply.ok(await site.frontCatalogs(req.query, lang(req))),
  );
  serve(app, api.frontSub, async (req, reply) =>
    reply.ok(await site.frontSub(req.params.id, lang(req))),
  );
  serve(app, api.frontCatalogList, async (req, reply) =>
    reply.ok(await site.frontCatalogList(req.query, lang(req))),
  );
  serve(app, api.frontArticlePage, async (req, reply) =>
    reply.ok(await site.frontArticlePage(req.query, lang(req))),
  );
  serve(app, api.frontArticle, async (req, reply) =>
    reply.ok(await site.frontArticle(req.params.id, lang(req))),
  );
  serve(app, api.frontNoticePage, async (req, reply) =>
    reply.ok(await site.frontNoticePage(req.query, lang(req))),
  );
  serve(app, api.frontNotice, async (req, reply) =>
    reply.ok(await site.frontNotice(req.params.id, lang(req))),
  );
};
