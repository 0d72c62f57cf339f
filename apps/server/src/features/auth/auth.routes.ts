import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, envelopeOf, tokenRequestSchema, tokenResponseSchema } from '@platform/contract';
import { z } from 'zod';
import { deviceCookieSecret } from './auth.repo';
import { AuthService, parseBasicAuth, parseBearer } from './auth.service';
import { DeviceCookies } from './device-cookie';

const DEVICE_TRUST_MS = 180 * 86_400_000;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const devices = new DeviceCookies({
    secret: config.deviceCookieSecret ?? (await deviceCookieSecret(db)),
    maxAgeMs: DEVICE_TRUST_MS,
    secure: config.publicUrl.startsWith('https:'),
  });
  const service = new AuthService(app.ctx, app.loginThrottle, devices);

  app.post(
    apiRoutes.oauthToken,
    {
      schema: {
        tags: ['auth'],
        summary:
          'OAuth 2 token endpoint: password and refresh_token grants, client basic authentication',
        description:
          'A successful password grant sets the HttpOnly device cookie `platform_device`; sending it back ' +
          'with later sign-ins of the same account spares them the throttling of unknown devices. ' +
          'A throttled attempt answers HTTP 429 with `auth.throttled` and `Retry-After`.',
        security: [{ client: [] }],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: envelopeOf(tokenResponseSchema) },
      },
    },
    async (req, reply) => {
      const { data, deviceCookie } = await service.token(
        parseBasicAuth(req.headers.authorization),
        req.body,
        { ip: req.ip, userAgent: req.headers['user-agent'], cookie: req.headers.cookie },
      );
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      if (deviceCookie) reply.header('Set-Cookie', deviceCookie);
      return reply.ok(data);
    },
  );

  app.post(
    apiRoutes.oauthLogout,
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the bearer token (access and refresh token)',
        security: [{ bearer: [] }, {}],
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
