import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { MenuType } from '@platform/contract';
import type { Db } from '../../db/client';
import { menus, roleMenus } from '../../db/schema';

export type MenuRow = typeof menus.$inferSelect;

/** Type-1 entries with an index, granted to any of the roles, in one application. */
export async function menusOfRoles(
  db: Db,
  tenantId: string,
  roleIds: string[],
): Promise<MenuRow[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectDistinct({ menu: menus })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .where(
      and(
        eq(menus.tenantId, tenantId),
        inArray(roleMenus.roleId, roleIds),
        eq(menus.type, MenuType.MENU),
        isNotNull(menus.menuIndex),
      ),
    )
    .orderBy(asc(menus.sort), asc(menus.id))
    .then((rows) => rows.map((r) => r.menu));
}
