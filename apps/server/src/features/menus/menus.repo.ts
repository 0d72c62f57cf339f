import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { MenuType } from '@platform/contract';
import type { Db } from '../../db/client';
import { menus, roleMenus, roles } from '../../db/schema';

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

export type MenuInsert = typeof menus.$inferInsert;

/** Every entry of an application, menus and buttons, hidden ones too. */
export function menusOfApp(db: Db, tenantId: string): Promise<MenuRow[]> {
  return db
    .select()
    .from(menus)
    .where(eq(menus.tenantId, tenantId))
    .orderBy(asc(menus.sort), asc(menus.id));
}

export async function findMenu(db: Db, id: string): Promise<MenuRow | undefined> {
  const rows = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
  return rows[0];
}

/** Grants of the entries of an application to roles of the same application. */
export function grantsOfApp(
  db: Db,
  tenantId: string,
): Promise<{ roleId: string; menuId: string }[]> {
  return db
    .select({ roleId: roleMenus.roleId, menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(eq(menus.tenantId, tenantId), eq(roles.tenantId, tenantId)))
    .orderBy(asc(roleMenus.roleId));
}

export async function countChildren(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
  return Number(row?.n ?? 0);
}

export async function insertMenu(db: Db, row: MenuInsert): Promise<MenuRow> {
  const [created] = await db.insert(menus).values(row).returning();
  return created!;
}

export async function updateMenu(
  db: Db,
  id: string,
  set: Partial<MenuInsert>,
): Promise<MenuRow | undefined> {
  const [updated] = await db.update(menus).set(set).where(eq(menus.id, id)).returning();
  return updated;
}

export async function setMenuIndex(db: Db, id: string, menuIndex: string | null, now: Date) {
  await db.update(menus).set({ menuIndex, updatedAt: now }).where(eq(menus.id, id));
}

/** Deletes an entry; its grants go with it (role_menus cascade). */
export async function deleteMenu(db: Db, id: string): Promise<void> {
  await db.delete(menus).where(eq(menus.id, id));
}

/** The customFields of the button entries granted to any of the roles, in one application. */
export async function buttonsOfRoles(
  db: Db,
  tenantId: string,
  roleIds: string[],
): Promise<{ customFields: string | null }[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectDistinct({ customFields: menus.customFields })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .where(
      and(
        eq(menus.tenantId, tenantId),
        eq(menus.type, MenuType.BUTTON),
        inArray(roleMenus.roleId, roleIds),
      ),
    );
}
