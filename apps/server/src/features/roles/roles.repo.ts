import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menus, roleMenus, roles, userRoles, users } from '../../db/schema';

export type RoleRow = typeof roles.$inferSelect;

/** Roles of an application with the number of live accounts holding each. */
export async function rolesOfApp(db: Db, tenantId: string) {
  const rows = await db
    .select({ role: roles, userCount: count(users.id) })
    .from(roles)
    .leftJoin(userRoles, eq(userRoles.roleId, roles.id))
    .leftJoin(users, and(eq(users.id, userRoles.userId), isNull(users.deletedAt)))
    .where(eq(roles.tenantId, tenantId))
    .groupBy(roles.id)
    .orderBy(asc(roles.createdAt), asc(roles.id));
  return rows.map((r) => ({ ...r.role, userCount: Number(r.userCount) }));
}

export async function findRole(db: Db, id: string): Promise<RoleRow | undefined> {
  const rows = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return rows[0];
}

/** Ids of the entries of the role's own application granted to it. */
export async function menuIdsOfRole(db: Db, role: RoleRow): Promise<string[]> {
  const rows = await db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roleMenus.roleId, role.id), eq(menus.tenantId, role.tenantId)))
    .orderBy(asc(roleMenus.menuId));
  return rows.map((r) => r.id);
}

/** The role's grants become exactly these entries. */
export async function replaceGrants(db: Db, roleId: string, menuIds: string[]): Promise<void> {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) {
    await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  }
}
