import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi as api } from '@platform/contract';
import { serve } from '../../lib/serve';
import { deviceCookieSecret } from './auth.service';
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

  serve(app, api.token, async (req, reply) => {
    const { data, deviceCookie } = await service.token(
      parseBasicAuth(req.headers.authorization),
      req.body,
      { ip: req.ip, userAgent: req.headers['user-agent'], cookie: req.headers.cookie },
    );
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    if (deviceCookie) reply.header('Set-Cookie', deviceCookie);
    return reply.ok(data);
  });
  serve(app, api.logout, async (req, reply) => {
    await service.logout(parseBearer(req.headers.authorization));
    return reply.ok(null, 'auth.logged_out');
  });

  // One process clears what has expired: sessions, and sign-in counters that no longer count.
  app.scheduler.every({
    name: 'auth.cleanup',
    everyMs: 3_600_000,
    on: 'leader',
    run: () => Promise.all([service.cleanupExpired(), app.loginThrottle.prune()]),
  });
};
