import { adminViews, LinkType, menuViewOf, parseMenuUrl, type MenuNode } from '@platform/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { permissionsOfRoles } from './menus.permissions';
import * as repo from './menus.repo';
import { buildMenuTree } from './menus.service';

const adminPermissions = ['menu.edit', 'role.grant'] as const;
const adminViewNames: readonly string[] = Object.values(adminViews);

/**
 * What the actor holds of the menu and role administration, in the application the request came
 * through: the pages (reachable in the menu tree the web app builds its routes from) and the
 * permissions to change them.
 */
export async function adminAccessOf(db: Db, actor: Actor): Promise<Set<string>> {
  const tenant = actor.clientId;
  const roleIds = actor.roles.filter((r) => r.tenantId === tenant).map((r) => r.id);
  const held = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      const external =
        (node.linkType === LinkType.EXTERNAL && Boolean(node.linkValue)) ||
        parseMenuUrl(node.url).external;
      const view = menuViewOf(node.url, node.customFields);
      if (!external && view && adminViewNames.includes(view)) held.add(`view:${view}`);
      walk(node.children);
    }
  };
  walk(buildMenuTree(await repo.menusOfRoles(db, tenant, roleIds), 'zh'));
  const keys = await permissionsOfRoles(db, tenant, roleIds);
  for (const key of adminPermissions) if (keys.has(key)) held.add(`perm:${key}`);
  return held;
}

/**
 * Runs a change of menus or grants in one transaction and refuses it (rolling it back) when it
 * would take from the actor any part of the menu or role administration they held before.
 */
export async function withoutSelfLockout<T>(
  db: Db,
  actor: Actor,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const before = await adminAccessOf(tx, actor);
    const result = await change(tx);
    const after = await adminAccessOf(tx, actor);
    if ([...before].some((part) => !after.has(part))) {
      throw new AppError('menus.self_lockout', { status: 409 });
    }
    return result;
  });
}
