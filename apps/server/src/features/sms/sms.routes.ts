import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { SmsService } from './sms.service';

/** The outbox of text messages, for operators. */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SmsService(app.ctx);

  serve(app, api.outbox, async (req, reply) => reply.ok(await service.outbox(req.query)));
};
