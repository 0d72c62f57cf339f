import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  platformRoleCodes,
  rolesForApp,
  type Access,
  type PermissionKey,
  type PermissionRule,
} from '@platform/contract';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import type { Db } from '../../db/client';
import type { Actor } from './actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The actor's button permissions, loaded at most once per request. */
    heldPermissions: Promise<Set<string>> | null;
  }
}

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** Role codes of the actor in the application the request came through. */
export function roleCodesOf(actor: Actor): string[] {
  return rolesForApp(actor.roles, actor.clientId).map((r) => r.code);
}

export function isPlatformStaff(actor: Actor): boolean {
  return roleCodesOf(actor).some((c) => (platformRoleCodes as readonly string[]).includes(c));
}

/** The school the actor acts for; platform accounts without a school are refused. */
export function requireSchoolOf(actor: Actor): string {
  if (!actor.schoolId) throw forbidden();
  return actor.schoolId;
}

export function requireRole(actor: Actor, ...codes: string[]): void {
  if (!roleCodesOf(actor).some((c) => codes.includes(c))) throw forbidden();
}

export type PermissionsOf = (db: Db, actor: Actor) => Promise<Set<string>>;

/** The actor's button-level permissions, loaded once per request. */
export function heldPermissions(app: FastifyInstance, req: FastifyRequest): Promise<Set<string>> {
  req.heldPermissions ??= app.permissionsOf(app.ctx.db, requireActor(req));
  return req.heldPermissions;
}

/** Refuses with 403 unless a role of the actor holds the button-level permission. */
export async function requireHeld(
  app: FastifyInstance,
  req: FastifyRequest,
  key: PermissionKey,
): Promise<void> {
  const held = await heldPermissions(app, req);
  if (!held.has(key)) throw new AppError('permissions.denied', { status: 403 });
}

function permissionFor(rule: PermissionRule, body: unknown): PermissionKey {
  return typeof rule === 'string' ? rule : rule.pick(body as never);
}

/**
 * The hooks that enforce a route's declared access: sign-in (and the staff check, for staff routes
 * and routes of platform roles only) before the request is validated, so accounts without the
 * right learn nothing about the input; the role and the button permission after it, since a
 * permission may depend on the body.
 */
export function accessHooks(app: FastifyInstance, access: Access) {
  if (access.who === 'public') return {};
  const who = access.who;
  const staffOnly =
    who === 'staff' ||
    (Array.isArray(who) && who.every((c) => (platformRoleCodes as readonly string[]).includes(c)));
  const onRequest = staffOnly ? app.authenticateStaff : app.authenticate;
  const permission = who === 'account' ? undefined : access.permission;
  if (who !== 'account' && who !== 'staff' && !permission)
    return {
      onRequest,
      preHandler: async (req: FastifyRequest) => requireRole(requireActor(req), ...who),
    };
  if (!permission) return { onRequest };
  return {
    onRequest,
    preHandler: async (req: FastifyRequest) => {
      const actor = requireActor(req);
      await requireHeld(app, req, permissionFor(permission, req.body));
      if (who === 'staff') {
        if (!isPlatformStaff(actor)) throw forbidden();
      } else requireRole(actor, ...who);
    },
  };
}
