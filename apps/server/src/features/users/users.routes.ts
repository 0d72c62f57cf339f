import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  changePasswordSchema,
  currentUserSchema,
  envelopeOf,
  loginLogSchema,
  userRecordSaveSchema,
} from '@platform/contract';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n';
import { requireActor } from '../auth/auth.plugin';
import { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.ctx);

  app.get(
    apiRoutes.currentUser,
    {
      onRequest: app.authenticate,
      config: { passwordChangeAllowed: true },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: envelopeOf(currentUserSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await service.current(requireActor(req), languageOf(req.headers['accept-language'])),
      ),
  );

  app.put(
    apiRoutes.changePassword,
    {
      onRequest: app.authenticate,
      config: { passwordChangeAllowed: true },
      schema: {
        tags: ['users'],
        summary: 'Change the own password; every session of the account ends',
        description:
          'Wrong old passwords are throttled like sign-ins (decision 0013): past the budget the ' +
          'answer is HTTP 429 with `users.password_throttled` and `Retry-After`.',
        body: changePasswordSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await service.changePassword(requireActor(req), req.body, {
        ip: req.ip,
        throttle: app.loginThrottle,
      });
      return reply.ok(null, 'users.password_changed');
    },
  );

  app.post(
    apiRoutes.loginLog,
    {
      onRequest: app.authenticate,
      config: { passwordChangeAllowed: true },
      schema: {
        tags: ['users'],
        summary: 'Record a sign-in seen by the client',
        body: loginLogSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req, reply) => {
      await service.recordLogin(requireActor(req), req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return reply.ok(null);
    },
  );

  app.post(
    apiRoutes.usersSave,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Update the own user record (my info); answers the current user',
        body: userRecordSaveSchema,
        response: { 200: envelopeOf(currentUserSchema) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await service.saveOwnRecord(
          requireActor(req),
          req.body,
          languageOf(req.headers['accept-language']),
        ),
      ),
  );
};
