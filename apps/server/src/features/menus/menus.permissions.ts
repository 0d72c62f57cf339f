import { permissionOf, type PermissionKey } from '@platform/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import * as repo from './menus.repo';

/** Permission keys of the button entries granted to any of the roles, in one application. */
export async function permissionsOfRoles(
  db: Db,
  tenantId: string,
  roleIds: string[],
): Promise<Set<string>> {
  const rows = await repo.buttonsOfRoles(db, tenantId, roleIds);
  const keys = new Set<string>();
  for (const r of rows) {
    const key = permissionOf(r.customFields);
    if (key) keys.add(key);
  }
  return keys;
}

/** The actor's button-level permissions in the application the request came through. */
export function permissionsOf(db: Db, actor: Actor): Promise<Set<string>> {
  const roleIds = actor.roles.filter((r) => r.tenantId === actor.clientId).map((r) => r.id);
  return permissionsOfRoles(db, actor.clientId, roleIds);
}

/** Refuses with 403 unless a role of the actor holds the button-level permission. */
export async function requirePermission(db: Db, actor: Actor, key: PermissionKey): Promise<void> {
  const held = await permissionsOf(db, actor);
  if (!held.has(key)) throw new AppError('permissions.denied', { status: 403 });
}
