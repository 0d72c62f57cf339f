import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { teachingApi as api, teachingLimits } from '@platform/contract';
import { AppError, notFound } from '../../lib/errors';
import { sendDownload, sendStored } from '../../lib/http-files';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { storeUpload, type PlanFromFields } from '../../lib/store-upload';
import { requireActor } from '../auth/auth.plugin';
import { labFileDownload } from '../labs/labs.files';
import { TeachingService, type TeachingLabs } from './teaching.service';

/** How often the exams whose deadline passed are closed. */
const CLOSE_DUE_MS = 30_000;

/**
 * Teaching tasks (decision 0025): the keepers' tasks, scoring and dashboard, and the students'
 * tasks and reports, checks of their labs and the teachers' read-only view of them. An exam
 * stops its labs at its deadline and keeps the lines typed into them.
 */
export function teachingRoutes(labs: TeachingLabs): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new TeachingService(app.ctx, labs);
    const { storage } = app.ctx;
    const lang = (req: Pick<FastifyRequest, 'headers'>) =>
      languageOf(req.headers['accept-language']);

    await app.register(multipart);

    app.scheduler.every({
      name: 'teaching.close-due-tasks',
      everyMs: CLOSE_DUE_MS,
      on: 'leader',
      run: () => service.deadlines.closeDueTasks(app.ctx.now()),
    });
    const offLines = labs.runtime.onCommandLine((entry, line) => {
      service.labs
        .recordCommand(entry.userId, entry.envId, entry.id, line)
        .catch((err: unknown) => {
          app.log.error({ err }, 'keeping a line typed in an exam failed');
        });
    });
    app.addHook('onClose', async () => offLines());

    /** The length of the comment as sent: the schema cuts a longer one, the answer says so. */
    const commentLengths = new WeakMap<FastifyRequest, number>();
    app.addHook('preValidation', async (req) => {
      if (req.routeOptions.url !== api.taskScore.path) return;
      const comment = (req.body as { comment?: unknown } | null)?.comment;
      if (typeof comment === 'string') commentLengths.set(req, [...comment.trim()].length);
    });

    serve(app, api.taskPage, async (req, reply) =>
      reply.ok(await service.tasks.page(requireActor(req), req.query, lang(req))),
    );
    serve(app, api.taskDetail, async (req, reply) =>
      reply.ok(await service.tasks.detail(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.taskSave, async (req, reply) => {
      const { summary, issued } = await service.tasks.save(requireActor(req), req.body, lang(req));
      return reply.ok(summary, issued ? 'teaching.issued' : 'teaching.saved');
    });
    serve(app, api.taskCancel, async (req, reply) =>
      reply.ok(
        await service.tasks.cancel(requireActor(req), req.params.id, lang(req)),
        'teaching.canceled',
      ),
    );
    serve(app, api.taskDelete, async (req, reply) => {
      await service.tasks.remove(requireActor(req), req.params.id);
      return reply.ok(null, 'teaching.deleted');
    });
    serve(app, api.taskExtend, async (req, reply) =>
      reply.ok(await service.tasks.extend(requireActor(req), req.body), 'teaching.extended'),
    );
    serve(app, api.taskStudent, async (req, reply) =>
      reply.ok(await service.scoring.review(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.taskScore, async (req, reply) => {
      const truncated = (commentLengths.get(req) ?? 0) > teachingLimits.commentMax;
      const scored = await service.scoring.score(requireActor(req), req.body, truncated);
      return reply.ok(scored, truncated ? 'teaching.comment_truncated' : 'teaching.scored');
    });
    serve(app, api.reportReturn, async (req, reply) => {
      await service.scoring.returnReport(requireActor(req), req.body);
      return reply.ok(null, 'teaching.report_returned');
    });
    serve(app, api.issueScores, async (req, reply) =>
      reply.ok(
        await service.scoring.issue(requireActor(req), req.params.id, lang(req)),
        'teaching.scores_issued',
      ),
    );
    serve(app, api.archive, async (req, reply) =>
      reply.ok(
        await service.tasks.archive(requireActor(req), req.params.id, lang(req)),
        'teaching.archived',
      ),
    );
    serve(app, api.labWatch, async (req, reply) =>
      reply.ok(await service.labs.watch(requireActor(req), req.params.id, lang(req))),
    );
    serve(app, api.labFiles, async (req, reply) =>
      reply.ok(await service.labs.labFiles(requireActor(req), req.params.id, req.query)),
    );
    serve(app, api.labFile, async (req, reply) => {
      const file = await service.labs.labFile(requireActor(req), req.params.id, req.query);
      return sendDownload(reply, labFileDownload(file));
    });
    serve(app, api.dashboard, async (req, reply) =>
      reply.ok(await service.scoring.dashboard(requireActor(req), req.query.period)),
    );

    serve(app, api.ownList, async (req, reply) =>
      reply.ok(await service.study.ownList(requireActor(req), req.query, lang(req))),
    );
    serve(app, api.myTask, async (req, reply) =>
      reply.ok(await service.study.myTask(requireActor(req), lang(req))),
    );
    serve(app, api.ownDetail, async (req, reply) =>
      reply.ok(await service.study.ownDetail(requireActor(req), req.query.id, lang(req))),
    );
    serve(app, api.studyStep, async (req, reply) =>
      reply.ok(
        await service.study.studyStep(
          requireActor(req),
          req.params.id,
          req.query.studentTaskId,
          lang(req),
        ),
      ),
    );
    serve(app, api.remainTime, async (req, reply) =>
      reply.ok(await service.study.remainTime(requireActor(req), req.query)),
    );
    serve(app, api.taskStart, async (req, reply) =>
      reply.ok(await service.study.start(requireActor(req), req.params.id)),
    );
    serve(app, api.taskSubmit, async (req, reply) =>
      reply.ok(
        await service.study.submit(requireActor(req), req.params.id),
        'teaching.task_submitted',
      ),
    );
    serve(app, api.stepAnswer, async (req, reply) =>
      reply.ok(await service.study.answer(requireActor(req), req.body, lang(req))),
    );
    serve(app, api.stepProgress, async (req, reply) => {
      await service.study.progress(requireActor(req), req.body);
      return reply.ok(null);
    });
    serve(app, api.stepCheck, async (req, reply) =>
      reply.ok(await service.study.check(requireActor(req), req.body, lang(req))),
    );
    serve(app, api.reportSave, async (req, reply) =>
      reply.ok(await service.reports.save(requireActor(req), req.body), 'teaching.report_saved'),
    );
    serve(app, api.reportSubmit, async (req, reply) =>
      reply.ok(
        await service.reports.submit(requireActor(req), req.body),
        'teaching.report_submitted',
      ),
    );
    serve(app, api.reportImage, async (req, reply) =>
      reply.ok(
        await service.reports.image(requireActor(req), (plan: PlanFromFields) =>
          storeUpload(req as FastifyRequest, storage, plan),
        ),
      ),
    );
    serve(app, api.reportFile, async (req, reply) => {
      const key = await service.reports.file(
        req.params.studentTaskId,
        req.params.fileId,
        req.query,
      );
      return sendStored(reply, storage, key, { rangeHeader: req.headers.range }).catch(
        (error: unknown) => {
          const missing = error instanceof AppError && error.errorKey === 'common.not_found';
          throw missing ? notFound('courses.file_not_found') : error;
        },
      );
    });
    serve(app, api.myReports, async (req, reply) =>
      reply.ok(await service.reports.mine(requireActor(req), req.query, lang(req))),
    );
    serve(app, api.reportInfo, async (req, reply) =>
      reply.ok(await service.reports.info(requireActor(req), req.params.id, lang(req))),
    );
  };
}
