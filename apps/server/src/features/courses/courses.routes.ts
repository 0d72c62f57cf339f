import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { coursesApi as api } from '@platform/contract';
import { AppError, notFound } from '../../lib/errors';
import { sendStored } from '../../lib/http-files';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { storeUpload, type PlanFromFields } from '../../lib/store-upload';
import { requireActor } from '../auth/auth.plugin';
import { CoursesService } from './courses.service';
import { CourseResources } from './courses.resources';
import { CourseStudy, type StudyHolds } from './courses.study';

/**
 * The course centre of schools and the study of their students (decision 0024), without what
 * the students' teaching tasks hold back (`holds`, decision 0040).
 */
export function coursesRoutes(holds: StudyHolds): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new CoursesService(app.ctx);
    const resources = new CourseResources(app.ctx);
    const study = new CourseStudy(app.ctx, service, resources, holds);
    const { storage } = app.ctx;
    const lang = (req: Pick<FastifyRequest, 'headers'>) =>
      languageOf(req.headers['accept-language']);
    const store = (req: FastifyRequest) => (plan: PlanFromFields) =>
      storeUpload(req, storage, plan);

    await app.register(multipart);

    serve(app, api.page, async (req, reply) =>
      reply.ok(await service.page(requireActor(req), req.query, lang(req))),
    );
    serve(app, api.detail, async (req, reply) =>
      reply.ok(await service.detail(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.edit, async (req, reply) =>
      reply.ok(await service.edit(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.save, async (req, reply) =>
      reply.ok(await service.save(requireActor(req), req.body, lang(req)), 'courses.saved'),
    );
    serve(app, api.remove, async (req, reply) => {
      await service.remove(requireActor(req), req.body.id);
      return reply.ok(null, 'courses.deleted');
    });
    serve(app, api.transfer, async (req, reply) =>
      reply.ok(
        await service.transfer(requireActor(req), req.body.id, req.body.teacherId, lang(req)),
        'courses.transferred',
      ),
    );
    serve(app, api.selfStudy, async (req, reply) =>
      reply.ok(
        await service.setSelfStudy(requireActor(req), req.body.id, req.body.open, lang(req)),
        'courses.saved',
      ),
    );
    serve(app, api.chapterSave, async (req, reply) =>
      reply.ok(await service.chapterSave(requireActor(req), req.body), 'courses.saved'),
    );
    serve(app, api.chapterDelete, async (req, reply) => {
      await service.chapterDelete(requireActor(req), req.body.id);
      return reply.ok(null, 'courses.deleted');
    });
    serve(app, api.stepSave, async (req, reply) =>
      reply.ok(await service.stepSave(requireActor(req), req.body), 'courses.saved'),
    );
    serve(app, api.stepDelete, async (req, reply) => {
      await service.stepDelete(requireActor(req), req.body.id);
      return reply.ok(null, 'courses.deleted');
    });
    serve(app, api.fileUpload, async (req, reply) =>
      reply.ok(await service.upload(requireActor(req), store(req as FastifyRequest))),
    );
    serve(app, api.file, async (req, reply) => {
      const file = await service.signedFile(req.params.courseId, req.params.fileId, req.query);
      return sendStored(reply, storage, file.key, {
        rangeHeader: req.headers.range,
        download: file.download,
      }).catch((error: unknown) => {
        const missing = error instanceof AppError && error.errorKey === 'common.not_found';
        throw missing ? notFound('courses.file_not_found') : error;
      });
    });
    serve(app, api.frontPage, async (req, reply) =>
      reply.ok(await service.frontPage(req.query, lang(req))),
    );
    serve(app, api.resourcePage, async (req, reply) =>
      reply.ok(await resources.resourcePage(requireActor(req), req.query)),
    );
    serve(app, api.resourceUpload, async (req, reply) =>
      reply.ok(await resources.resourceUpload(requireActor(req), store(req as FastifyRequest))),
    );
    serve(app, api.resourceDelete, async (req, reply) => {
      await resources.resourceDelete(requireActor(req), req.body.id);
      return reply.ok(null, 'courses.deleted');
    });
    serve(app, api.resourceDownload, async (req, reply) => {
      const file = await study.resourceDownload(requireActor(req), req.params.id);
      return sendStored(reply, storage, file.key, {
        rangeHeader: req.headers.range,
        download: file.name,
      });
    });

    serve(app, api.studentPage, async (req, reply) =>
      reply.ok(await study.studentPage(requireActor(req), req.query, lang(req), 'hall')),
    );
    serve(app, api.selfCulture, async (req, reply) =>
      reply.ok(await study.studentPage(requireActor(req), req.query, lang(req), 'self')),
    );
    serve(app, api.myStudy, async (req, reply) =>
      reply.ok(await study.studentPage(requireActor(req), req.query, lang(req), 'begun')),
    );
    serve(app, api.studentInfo, async (req, reply) =>
      reply.ok(await study.studentInfo(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.studyStep, async (req, reply) =>
      reply.ok(await study.studyStep(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.stepProgress, async (req, reply) => {
      await study.stepProgress(requireActor(req), req.body);
      return reply.ok(null);
    });
    serve(app, api.stepReport, async (req, reply) =>
      reply.ok(await study.stepReport(requireActor(req), req.params.id)),
    );
    serve(app, api.stepReportSave, async (req, reply) =>
      reply.ok(
        await study.saveStepReport(requireActor(req), req.body),
        req.body.finish ? 'courses.report_finished' : 'courses.report_saved',
      ),
    );
    serve(app, api.stepReportImage, async (req, reply) =>
      reply.ok(await study.stepReportImage(requireActor(req), store(req as FastifyRequest))),
    );
    serve(app, api.stepReportFile, async (req, reply) => {
      const key = await study.stepReportFile(req.params.reportId, req.params.fileId, req.query);
      return sendStored(reply, storage, key, { rangeHeader: req.headers.range }).catch(
        (error: unknown) => {
          const missing = error instanceof AppError && error.errorKey === 'common.not_found';
          throw missing ? notFound('courses.file_not_found') : error;
        },
      );
    });
    serve(app, api.stepAnswer, async (req, reply) =>
      reply.ok(await study.stepAnswer(requireActor(req), req.body, lang(req))),
    );
  };
}
