import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  pathOf,
  type MenuAdminNode,
  type MenuNode,
  type RoleListItem,
  menusApi,
  rolesApi,
} from '@platform/contract';
import { menus, roles } from '../../db/schema';
import { callerOn, createSchool, createUser, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import type { Actor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';

let h: Harness;
type User = Awaited<ReturnType<typeof signedIn>>;
let operator: User;
let developer: User;
let teacher: User;
let manager: User;
let student: User;
let schoolId: string;
const web = 'platform-web';

beforeAll(async () => {
  h = await createHarness();
  schoolId = (await createSchool(h.ctx)).id;
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  developer = await signedIn(h.app, h.ctx, { roles: ['case-developer'] });
  teacher = await signedIn(h.app, h.ctx, { schoolId, roles: ['teacher'] });
  manager = await signedIn(h.app, h.ctx, { schoolId, roles: ['school-manager'] });
  student = await signedIn(h.app, h.ctx, { schoolId, roles: ['student'] });
});
afterAll(() => h.close());

const call = callerOn(() => h.app);

async function roleOf(code: string) {
  const role = await h.ctx.db.query.roles.findFirst({
    where: and(eq(roles.tenantId, web), eq(roles.code, code)),
  });
  return role!;
}

const grantsOf = async (roleId: string, user: User = operator) =>
  (await call<string[]>(user, 'GET', pathOf(rolesApi.menus.path, { id: roleId }))).data;
const grant = (roleId: string, menuIds: string[], user: User = operator, lang = 'en') =>
  call<string[]>(user, 'POST', rolesApi.grant.path, { roleId, menuIds }, lang);
const permissionsOf = async (user: User) =>
  (await call<string[]>(user, 'GET', pathOf(menusApi.permissions.path, { appid: web }))).data;
const menuOf = async (user: User) =>
  (await call<MenuNode[]>(user, 'GET', pathOf(menusApi.all.path, { appid: web }), undefined, 'zh'))
    .data;
const names = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...names(n.children)]);

async function adminEntry(name: string): Promise<MenuAdminNode> {
  const tree = (
    await call<MenuAdminNode[]>(operator, 'GET', pathOf(menusApi.adminTree.path, { appid: web }))
  ).data;
  const walk = (nodes: MenuAdminNode[]): MenuAdminNode | undefined =>
    nodes.map((n) => (n.name === name ? n : walk(n.children))).find(Boolean);
  const hit = walk(tree);
  if (!hit) throw new Error(`no entry ${name}`);
  return hit;
}

describe('role list', () => {
  it("answers the web application's roles in the caller's language with account counts", async () => {
    const before = (await call<RoleListItem[]>(operator, 'GET', rolesApi.list.path)).data;
    await createUser(h.ctx, { schoolId, roles: ['teacher'] });
    const res = await call<RoleListItem[]>(operator, 'GET', rolesApi.list.path);
    expect(res.code).toBe(200);
    expect(res.data.map((r) => r.code).sort()).toEqual(
      [
        'admin',
        'aiot-product-manager',
        'case-developer',
        'operator',
        'school-manager',
        'student',
        'teacher',
      ].sort(),
    );
    const teacherRow = res.data.find((r) => r.code === 'teacher')!;
    expect(teacherRow.name).toBe('Teacher');
    expect(teacherRow.userCount).toBe(before.find((r) => r.code === 'teacher')!.userCount + 1);
    expect(teacherRow.userCount).toBeGreaterThanOrEqual(2);
    const zh = await call<RoleListItem[]>(operator, 'GET', rolesApi.list.path, undefined, 'zh');
    expect(zh.data.find((r) => r.code === 'teacher')!.name).toBe('教师');
  });

  it('is for platform staff only', async () => {
    expect((await call(teacher, 'GET', rolesApi.list.path)).status).toBe(403);
    expect((await call(developer, 'GET', rolesApi.list.path)).status).toBe(200);
    const role = await roleOf('teacher');
    expect((await call(teacher, 'GET', pathOf(rolesApi.menus.path, { id: role.id }))).status).toBe(
      403,
    );
  });
});

describe('granting menus to a role', () => {
  it('needs the role.grant permission', async () => {
    const role = await roleOf('teacher');
    const res = await grant(role.id, [], developer);
    expect(res).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
    expect((await grant(role.id, [], teacher)).status).toBe(403);
  });

  it('replaces the grants: a school manager loses class.delete at once, in the API too', async () => {
    const role = await roleOf('school-manager');
    const del = await adminEntry('删除班级');
    const before = await grantsOf(role.id);
    expect(before).toContain(del.id);
    expect(await permissionsOf(manager)).toContain('class.delete');
    const actor: Actor = {
      userId: manager.id,
      username: manager.username,
      schoolId,
      sessionId: '1',
      clientId: web,
      roles: [{ id: role.id, tenantId: web, code: 'school-manager' }],
      mustChangePassword: false,
    };
    await expect(requirePermission(h.ctx.db, actor, 'class.delete')).resolves.toBeUndefined();

    const res = await grant(
      role.id,
      before.filter((id) => id !== del.id),
    );
    expect(res.code).toBe(200);
    expect(res.data).toEqual(before.filter((id) => id !== del.id).sort());
    expect(await grantsOf(role.id)).not.toContain(del.id);
    const keys = await permissionsOf(manager);
    expect(keys).not.toContain('class.delete');
    expect(keys).toContain('class.edit');
    await expect(requirePermission(h.ctx.db, actor, 'class.delete')).rejects.toMatchObject({
      errorKey: 'permissions.denied',
    });
    expect(names(await menuOf(manager))).toContain('班级管理');
  });

  it("grants the ancestors of a granted entry, so it shows in the user's tree", async () => {
    const role = await roleOf('student');
    const before = await grantsOf(role.id);
    expect(names(await menuOf(student))).not.toContain('学校管理');
    const button = await adminEntry('新增班级');
    const page = await adminEntry('班级管理');
    const top = await adminEntry('学校管理');
    const res = await grant(role.id, [...before, button.id]);
    expect(res.data).toEqual(expect.arrayContaining([button.id, page.id, top.id]));
    expect(names(await menuOf(student))).toEqual(expect.arrayContaining(['学校管理', '班级管理']));
    expect(await permissionsOf(student)).toEqual(['class.add']);
    await grant(role.id, before);
    expect(names(await menuOf(student))).not.toContain('学校管理');
    expect(await permissionsOf(student)).toEqual([]);
  });

  it('refuses entries of another application and unknown roles', async () => {
    const role = await roleOf('teacher');
    const before = await grantsOf(role.id);
    const other = h.ctx.ids.next();
    await h.ctx.db.insert(menus).values({ id: other, tenantId: 'other-app', name: 'x', url: 'x' });
    const res = await grant(role.id, [...before, other], operator, 'zh');
    expect(res).toMatchObject({
      status: 400,
      errorKey: 'roles.menu_invalid',
      fields: { menuIds: 'invalid_value' },
      message: '所选菜单不存在或不属于该角色的应用',
    });
    expect((await grant(role.id, ['12345'])).errorKey).toBe('roles.menu_invalid');
    expect(await grantsOf(role.id)).toEqual(before);
    expect((await grant('424242', [])).status).toBe(404);
    expect(
      (await call(operator, 'GET', pathOf(rolesApi.menus.path, { id: '424242' }))).status,
    ).toBe(404);
    expect((await grant(role.id, ['abc'])).fields).toEqual({ 'menuIds.0': 'invalid_format' });
  });

  it("refuses to take the caller's own menu or role administration away, leaving grants as they were", async () => {
    const role = await roleOf('operator');
    const before = await grantsOf(role.id);
    const menuPage = await adminEntry('菜单管理');
    const roleButton = (await adminEntry('角色权限')).children[0]!;
    for (const removed of [[menuPage.id, ...menuPage.children.map((c) => c.id)], [roleButton.id]]) {
      const res = await grant(
        role.id,
        before.filter((id) => !removed.includes(id)),
      );
      expect(res).toMatchObject({
        status: 409,
        errorKey: 'menus.self_lockout',
        message: 'Refused: this change would remove your own access to menu or role administration',
      });
    }
    expect(await grantsOf(role.id)).toEqual(before);

    // Someone who keeps the administration through another role may change the operator role.
    const both = await signedIn(h.app, h.ctx, { roles: ['operator', 'admin'] });
    const trimmed = before.filter((id) => id !== roleButton.id);
    expect((await grant(role.id, trimmed, both)).code).toBe(200);
    expect(await permissionsOf(operator)).not.toContain('role.grant');
    expect((await grant(role.id, before, both)).code).toBe(200);
    expect(await permissionsOf(operator)).toContain('role.grant');
  });
});
