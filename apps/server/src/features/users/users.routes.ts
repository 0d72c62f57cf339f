import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersApi as api } from '@platform/contract';
import { languageOf } from '../../lib/i18n';
import { serve } from '../../lib/serve';
import { requireActor } from '../auth/auth.plugin';
import { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.ctx);

  serve(app, api.current, async (req, reply) =>
    reply.ok(await service.current(requireActor(req), languageOf(req.headers['accept-language']))),
  );
  serve(app, api.changePassword, async (req, reply) => {
    await service.changePassword(requireActor(req), req.body, {
      ip: req.ip,
      throttle: app.loginThrottle,
    });
    return reply.ok(null, 'users.password_changed');
  });
  serve(app, api.loginLog, async (req, reply) => {
    await service.recordLogin(requireActor(req), req.body, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    return reply.ok(null);
  });
  serve(app, api.save, async (req, reply) =>
    reply.ok(
      await service.saveOwnRecord(
        requireActor(req),
        req.body,
        languageOf(req.headers['accept-language']),
      ),
    ),
  );
};
