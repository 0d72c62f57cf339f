import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, envelopeOf, tokenRequestSchema, tokenResponseSchema } from '@platform/contract';
import { z } from 'zod';
import { AuthService, parseBasicAuth, parseBearer } from './auth.service';
import { LoginThrottle, type ThrottleOptions } from './login-throttle';

export function authRoutes(throttleOptions?: ThrottleOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new AuthService(app.ctx, new LoginThrottle(throttleOptions));

    app.post(
      apiRoutes.oauthToken,
      {
        schema: {
          tags: ['auth'],
          summary:
            'OAuth 2 token endpoint: password and refresh_token grants, client basic authentication',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: tokenRequestSchema,
          response: { 200: envelopeOf(tokenResponseSchema) },
        },
      },
      async (req, reply) => {
        const data = await service.token(parseBasicAuth(req.headers.authorization), req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
        return reply.ok(data);
      },
    );

    app.post(
      apiRoutes.oauthLogout,
      {
        schema: {
          tags: ['auth'],
          summary: 'Ends the session of the bearer token (access and refresh token)',
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (req, reply) => {
        await service.logout(parseBearer(req.headers.authorization));
        return reply.ok(null, 'auth.logged_out');
      },
    );

    const cleanup = setInterval(() => {
      service
        .cleanupExpired()
        .catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed'));
    }, 3_600_000);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));
  };
}
