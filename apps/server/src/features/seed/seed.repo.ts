import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { UserKind } from '@platform/contract';
import type { Db } from '../../db/client';
import {
  classes,
  menus,
  oauthClients,
  roleMenus,
  roles,
  schools,
  siteConfigs,
  systemSettings,
  userRoles,
  users,
} from '../../db/schema';

export async function readMarker(db: Db, key: string): Promise<number> {
  const row = await db.query.systemSettings.findFirst({ where: eq(systemSettings.key, key) });
  return typeof row?.value === 'number' ? row.value : 0;
}

export async function writeMarker(db: Db, key: string, version: number) {
  await db
    .insert(systemSettings)
    .values({ key, value: version })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: version, updatedAt: new Date() },
    });
}

export async function upsertClient(db: Db, client: typeof oauthClients.$inferInsert) {
  await db
    .insert(oauthClients)
    .values(client)
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { secretHash: client.secretHash, updatedAt: new Date() },
    });
}

export async function insertSiteConfig(db: Db, row: typeof siteConfigs.$inferInsert) {
  await db.insert(siteConfigs).values(row).onConflictDoNothing();
}

export async function ensureRole(db: Db, role: typeof roles.$inferInsert): Promise<string> {
  const found = await db.query.roles.findFirst({
    where: and(eq(roles.tenantId, role.tenantId), eq(roles.code, role.code)),
  });
  if (found) return found.id;
  await db.insert(roles).values(role);
  return role.id;
}

export async function insertMenu(db: Db, menu: typeof menus.$inferInsert, roleIds: string[]) {
  await db.insert(menus).values(menu);
  if (roleIds.length)
    await db.insert(roleMenus).values(roleIds.map((roleId) => ({ roleId, menuId: menu.id })));
}

/** The id of a top-level menu entry of an application by its index. */
export async function findTopMenuId(db: Db, tenantId: string, menuIndex: string) {
  const row = await db.query.menus.findFirst({
    where: and(
      eq(menus.tenantId, tenantId),
      eq(menus.menuIndex, menuIndex),
      isNull(menus.parentId),
    ),
  });
  return row?.id;
}

/** A page of the menu tree by its index, wherever it sits. */
export async function findMenuId(db: Db, tenantId: string, menuIndex: string) {
  const row = await db.query.menus.findFirst({
    where: and(eq(menus.tenantId, tenantId), eq(menus.menuIndex, menuIndex)),
  });
  return row?.id ?? null;
}

/**
 * Gives the school's accounts that hold the student role and no kind the student kind, which
 * every count and gate goes by.
 */
export async function markStudents(db: Db, schoolId: string, studentRoleId: string) {
  await db
    .update(users)
    .set({ kind: UserKind.STUDENT })
    .where(
      and(
        eq(users.schoolId, schoolId),
        isNull(users.kind),
        inArray(
          users.id,
          db
            .select({ id: userRoles.userId })
            .from(userRoles)
            .where(eq(userRoles.roleId, studentRoleId)),
        ),
      ),
    );
}

export async function roleIdOf(db: Db, tenantId: string, code: string) {
  const row = await db.query.roles.findFirst({
    where: and(eq(roles.tenantId, tenantId), eq(roles.code, code)),
  });
  return row?.id ?? null;
}

export async function hasButton(db: Db, pageId: string, customFields: string) {
  const row = await db.query.menus.findFirst({
    where: and(eq(menus.parentId, pageId), eq(menus.customFields, customFields)),
  });
  return row !== undefined;
}

export async function findSchoolByUrl(db: Db, url: string) {
  return db.query.schools.findFirst({ where: eq(schools.url, url) });
}

export async function insertSchool(db: Db, school: typeof schools.$inferInsert) {
  await db.insert(schools).values(school);
}

export async function firstClassOf(db: Db, schoolId: string): Promise<string | undefined> {
  const row = await db.query.classes.findFirst({ where: eq(classes.schoolId, schoolId) });
  return row?.id;
}

export async function insertClass(db: Db, row: typeof classes.$inferInsert) {
  await db.insert(classes).values(row);
}

export async function userIdOf(db: Db, username: string): Promise<string | undefined> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return rows[0]?.id;
}

export async function userExists(db: Db, username: string) {
  const row = await db.query.users.findFirst({
    where: sql`lower(${users.username}) = lower(${username})`,
  });
  return Boolean(row);
}

export async function insertUser(db: Db, user: typeof users.$inferInsert, roleIds: string[]) {
  await db.insert(users).values(user);
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
}
