import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '@platform/contract';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { sha256 } from '../../lib/passwords';
import * as repo from './auth.repo';
import { parseBearer } from './auth.service';
import { LoginThrottle, defaultThrottleOptions, type ThrottleOptions } from './login-throttle';
import { isSharedDatabase } from '../../db/client';
import { DbThrottleStore, MemoryThrottleStore } from './throttle-store';
import { listenForRevocations } from './revocation';
import { sessionCache } from './session-cache';
import { accessHooks, isPlatformStaff, requireActor, type PermissionsOf } from './access';

export type { Actor } from './actor';
export { isPlatformStaff, requireActor, requireRole, requireSchoolOf, roleCodesOf } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An account that must change its password may call this route (decision 0015). */
    passwordChangeAllowed?: boolean;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: a live access token is required; sets `request.actor`. An account that
     * must change its password is refused (HTTP 403) unless the route allows it.
     */
    authenticate: (req: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook for platform-staff routes: authenticates, then refuses every other account
     * before the request is even validated, so school accounts learn nothing about the route.
     */
    authenticateStaff: (req: FastifyRequest) => Promise<void>;
    /** Counts the attempts to prove a password: sign-ins and password changes (decision 0013). */
    loginThrottle: LoginThrottle;
    /** The actor's button-level permissions (the menus feature keeps them). */
    permissionsOf: PermissionsOf;
  }
}

const sessionChecks = new WeakSet<object>();

/** Whether an onRequest hook is `authenticate` or `authenticateStaff`: the route needs an access token. */
export function checksSession(hook: unknown): boolean {
  return typeof hook === 'function' && sessionChecks.has(hook);
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { throttle?: ThrottleOptions | undefined; permissionsOf: PermissionsOf },
  ) => {
    app.decorate('permissionsOf', opts.permissionsOf);
    const stopListening = await listenForRevocations(app.ctx.bus);
    app.addHook('onClose', stopListening);
    app.decorateRequest('actor', null);
    app.decorateRequest('heldPermissions', null);
    app.decorate('accessHooks', (access: Access) => accessHooks(app, access));
    app.decorate(
      'loginThrottle',
      new LoginThrottle(
        opts.throttle ?? defaultThrottleOptions,
        () => app.ctx.now().getTime(),
        // The embedded database has one process: its counters stay in memory, where they cost least.
        isSharedDatabase(app.ctx.db)
          ? new DbThrottleStore(app.ctx.db)
          : new MemoryThrottleStore((opts.throttle ?? defaultThrottleOptions).maxEntries),
      ),
    );
    app.decorate('authenticate', async (req: FastifyRequest) => {
      const token = parseBearer(req.headers.authorization);
      if (!token) throw unauthorized();
      const { db, now } = app.ctx;
      const digest = sha256(token);
      const at = now();
      let actor = sessionCache.get(digest, at.getTime());
      if (!actor) {
        const session = await repo.findActiveSessionByAccess(db, digest, at);
        if (!session || !session.enabled) throw unauthorized();
        const roles = await repo.rolesOfUser(db, session.userId);
        actor = {
          userId: session.userId,
          username: session.username,
          schoolId: session.schoolId,
          sessionId: session.sessionId,
          clientId: session.clientId,
          roles: roles.map((r) => ({ id: r.id, tenantId: r.tenantId, code: r.code })),
          mustChangePassword: session.mustChangePassword,
        };
        sessionCache.set(digest, actor, session.accessExpiresAt.getTime(), at.getTime());
      }
      req.actor = actor;
      if (actor.mustChangePassword && !req.routeOptions.config.passwordChangeAllowed)
        throw new AppError('auth.password_change_required', { status: 403 });
    });
    app.decorate('authenticateStaff', async (req: FastifyRequest) => {
      await app.authenticate(req);
      if (!isPlatformStaff(requireActor(req))) throw forbidden();
    });
    sessionChecks.add(app.authenticate).add(app.authenticateStaff);
  },
);
