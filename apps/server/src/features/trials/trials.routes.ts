import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trialsApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { createSmsProvider } from '../sms/sms.service';
import { TrialsService } from './trials.service';

/** Trial applications: the public code and form, and the operators' list and message. */
export const trialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TrialsService(app.ctx, createSmsProvider(app.ctx, app.log), app.log);

  serve(app, api.sendCode, async (req, reply) => {
    const lang = languageOf(req.headers['accept-language']);
    return reply.ok(await service.sendCode(req.query.phone, req.ip, lang), 'trials.code_sent');
  });
  serve(app, api.apply, async (req, reply) => {
    await service.apply(req.body, languageOf(req.headers['accept-language']));
    return reply.ok(null, 'trials.applied');
  });
  serve(app, api.list, async (req, reply) => reply.ok(await service.list(req.query)));
  serve(app, api.sendMessage, async (req, reply) =>
    reply.ok(await service.sendMessage(requireActor(req), req.query.id), 'trials.message_sent'),
  );
};
