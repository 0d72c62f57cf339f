import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pathOf, type MenuAdminNode, type MenuNode, menusApi } from '@platform/contract';
import { menus, roleMenus, roles } from '../../db/schema';
import { callerOn, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
type User = Awaited<ReturnType<typeof signedIn>>;
let operator: User;
let developer: User;
let teacher: User;
let student: User;
let manager: User;
const web = 'platform-web';

beforeAll(async () => {
  h = await createHarness();
  const school = await createSchool(h.ctx);
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  developer = await signedIn(h.app, h.ctx, { roles: ['case-developer'] });
  teacher = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['teacher'] });
  student = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] });
  manager = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['school-manager'] });
});
afterAll(() => h.close());

const call = callerOn(() => h.app);

const adminTree = async (user: User = operator) =>
  (await call<MenuAdminNode[]>(user, 'GET', pathOf(menusApi.adminTree.path, { appid: web }))).data;
const save = (payload: Record<string, unknown>, user: User = operator) =>
  call<MenuAdminNode>(user, 'POST', menusApi.save.path, payload);
const remove = (id: string, user: User = operator, lang = 'en') =>
  call(user, 'POST', pathOf(menusApi.delete.path, { id }), undefined, lang);

function find(tree: MenuAdminNode[], name: string): MenuAdminNode {
  for (const node of tree) {
    if (node.name === name) return node;
    const hit = node.children.length ? findOrNull(node.children, name) : null;
    if (hit) return hit;
  }
  throw new Error(`no entry ${name}`);
}
function findOrNull(tree: MenuAdminNode[], name: string): MenuAdminNode | null {
  try {
    return find(tree, name);
  } catch {
    return null;
  }
}

const menuOf = (user: User, lang = 'zh') =>
  call<MenuNode[]>(user, 'GET', pathOf(menusApi.all.path, { appid: web }), undefined, lang);
const permissionsOf = async (user: User) =>
  (await call<string[]>(user, 'GET', pathOf(menusApi.permissions.path, { appid: web }))).data;
const titles = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...titles(n.children)]);

const entry = (over: Record<string, unknown> = {}) => ({
  appId: web,
  parentId: null,
  name: '测试菜单',
  nameEn: 'Test menu',
  url: 'path:test/menu,component:TestView',
  sort: 70,
  hidden: false,
  icon: 'AppstoreOutlined',
  customFields: 'keepAlive:true',
  linkType: 1,
  linkValue: '',
  type: 1,
  ...over,
});

async function roleId(code: string) {
  const role = await h.ctx.db.query.roles.findFirst({
    where: and(eq(roles.tenantId, web), eq(roles.code, code)),
  });
  return role!.id;
}

describe('menu administration tree', () => {
  it('answers every entry of the application, buttons and hidden ones, sorted, with grants', async () => {
    const tree = await adminTree(developer);
    expect(tree.map((n) => n.sort)).toEqual([...tree.map((n) => n.sort)].sort((a, b) => a - b));
    const classes = find(tree, '班级管理');
    expect(classes).toMatchObject({
      type: 1,
      url: 'path:school/classes,component:ClassManagement',
      menuIndex: '6-3',
      permission: null,
    });
    expect(classes.children.map((b) => [b.type, b.permission])).toEqual([
      [2, 'class.add'],
      [2, 'class.edit'],
      [2, 'class.delete'],
      [2, 'class.archive'],
    ]);
    const del = classes.children[2]!;
    expect(del.roleIds).toEqual([await roleId('school-manager')]);
    expect(del.customFields).toBe('perm:class.delete');
    expect(find(tree, '学生详情')).toMatchObject({ hidden: true, nameEn: 'Student detail' });
    expect(find(tree, '接口文档')).toMatchObject({ linkType: 2, linkValue: '/api/docs' });
  });

  it('is for platform staff only and for known applications', async () => {
    const res = await call(teacher, 'GET', pathOf(menusApi.adminTree.path, { appid: web }));
    expect(res.status).toBe(403);
    const unknown = await call(operator, 'GET', pathOf(menusApi.adminTree.path, { appid: 'x' }));
    expect(unknown).toMatchObject({ status: 404, errorKey: 'menus.unknown_app' });
  });
});

describe('saving menu entries', () => {
  it('needs platform staff with the menu.edit permission', async () => {
    expect((await save(entry(), teacher)).status).toBe(403);
    const res = await save(entry(), developer);
    expect(res).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
  });

  it('gives new menus the next free index: top level, then parent index and number', async () => {
    const top = await save(entry());
    expect(top.code).toBe(200);
    expect(top.data).toMatchObject({ menuIndex: '13', parentId: null, type: 1, roleIds: [] });
    const first = await save(entry({ parentId: top.data.id, name: '子一', url: 'test/one' }));
    const second = await save(entry({ parentId: top.data.id, name: '子二', url: 'test/two' }));
    expect(first.data.menuIndex).toBe('13-1');
    expect(second.data.menuIndex).toBe('13-2');
    const button = await save(
      entry({
        parentId: first.data.id,
        name: '按钮',
        url: '',
        type: 2,
        customFields: 'perm:class.add',
      }),
    );
    expect(button.data).toMatchObject({ menuIndex: null, permission: 'class.add', type: 2 });
    const tree = await adminTree();
    expect(find(tree, '测试菜单').children.map((c) => c.name)).toEqual(['子一', '子二']);
    expect(find(tree, '子一').children.map((c) => c.name)).toEqual(['按钮']);
  });

  it('validates fields with field error codes', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'x'.repeat(31) }, { name: 'too_long' }],
      [{ name: '' }, { name: 'required' }],
      [{ url: 'path:test/menu' }, { url: 'invalid_format' }],
      [{ url: '' }, { url: 'required' }],
      [{ customFields: 'icon|keepAlive:true' }, { customFields: 'invalid_format' }],
      [{ linkType: 2, linkValue: '' }, { linkValue: 'required' }],
      [{ sort: 1.5 }, { sort: 'invalid_format' }],
      [
        { type: 2, url: '', parentId: '1', customFields: 'icon:x' },
        { customFields: 'invalid_value' },
      ],
      [{ type: 2, url: '', parentId: '1', customFields: '' }, { customFields: 'required' }],
      [
        { type: 2, url: 'x', parentId: '1', customFields: 'perm:class.add' },
        { url: 'invalid_value' },
      ],
      [{ type: 2, url: '', customFields: 'perm:class.add' }, { parentId: 'required' }],
    ];
    for (const [over, fields] of cases) {
      const res = await save(entry(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.fields, JSON.stringify(over)).toEqual(fields);
    }
  });

  it('refuses a parent of another application, the entry itself, a descendant or a button', async () => {
    const other = h.ctx.ids.next();
    await h.ctx.db.insert(menus).values({ id: other, tenantId: 'other-app', name: 'x', url: 'x' });
    const top = (await save(entry({ name: '父' }))).data;
    const child = (await save(entry({ name: '子', parentId: top.id, url: 'p/c' }))).data;
    const button = (
      await save(
        entry({ name: '钮', parentId: child.id, url: '', type: 2, customFields: 'perm:org.edit' }),
      )
    ).data;
    for (const parentId of [other, top.id, child.id, button.id, '123456']) {
      const res = await save(entry({ id: top.id, name: '父', parentId }));
      expect(res, parentId).toMatchObject({
        status: 400,
        errorKey: 'menus.parent_invalid',
        fields: { parentId: 'invalid_value' },
      });
    }
    const becomeButton = await save(
      entry({ id: child.id, parentId: top.id, type: 2, url: '', customFields: 'perm:org.edit' }),
    );
    expect(becomeButton).toMatchObject({ status: 400, errorKey: 'menus.button_with_children' });
    expect((await save(entry({ id: '999999', name: 'n' }))).status).toBe(404);
  });

  it('moves an entry with its descendants to the new parent index', async () => {
    const a = (await save(entry({ name: 'A' }))).data;
    const b = (await save(entry({ name: 'B' }))).data;
    const child = (await save(entry({ name: 'A1', parentId: a.id, url: 'a/one' }))).data;
    const grandchild = (await save(entry({ name: 'A11', parentId: child.id, url: 'a/one/x' })))
      .data;
    expect(grandchild.menuIndex).toBe(`${a.menuIndex}-1-1`);
    const moved = await save(entry({ id: child.id, name: 'A1', parentId: b.id, url: 'a/one' }));
    expect(moved.data.menuIndex).toBe(`${b.menuIndex}-1`);
    const tree = await adminTree();
    expect(find(tree, 'A11').menuIndex).toBe(`${b.menuIndex}-1-1`);
    expect(find(tree, 'B').children.map((c) => c.name)).toEqual(['A1']);
    expect(find(tree, 'A').children).toEqual([]);
  });

  it('reaches users at once: a renamed entry shows its new name, a hidden one stays routable', async () => {
    const info = find(await adminTree(), '我的信息');
    expect(titles((await menuOf(student)).data)).toContain('我的信息');
    const res = await save({
      ...entry(),
      id: info.id,
      parentId: info.parentId,
      name: '我的资料',
      nameEn: 'My profile',
      url: info.url,
      sort: info.sort,
      icon: info.icon,
      customFields: info.customFields,
      hidden: true,
    });
    expect(res.code).toBe(200);
    expect(res.data.roleIds.length).toBe(7);
    const zh = (await menuOf(student)).data;
    expect(titles(zh)).toContain('我的资料');
    expect(titles(zh)).not.toContain('我的信息');
    expect(titles((await menuOf(student, 'en')).data)).toContain('My profile');
    const personal = zh.find((n) => n.url === 'personal')!;
    expect(personal.children.find((c) => c.name === '我的资料')).toMatchObject({
      hidden: true,
      index: '2-1',
      path: 'personal/info',
    });
  });
});

describe('deleting menu entries', () => {
  it('refuses while the entry has children, with a translated message', async () => {
    const classes = find(await adminTree(), '班级管理');
    const zh = await remove(classes.id, operator, 'zh');
    expect(zh).toMatchObject({
      status: 409,
      errorKey: 'menus.has_children',
      message: '该菜单下还有子菜单或按钮，请先删除它们',
    });
    const en = await remove(classes.id);
    expect(en.message).toBe('This entry still has child entries or buttons; delete them first');
    expect(findOrNull(await adminTree(), '班级管理')).not.toBeNull();
  });

  it('deletes a button with its grants: the permission is gone at once, on the server too', async () => {
    expect(await permissionsOf(manager)).toContain('class.archive');
    const button = find(await adminTree(), '归档班级');
    expect((await remove(button.id, developer)).status).toBe(403);
    const res = await remove(button.id);
    expect(res.code).toBe(200);
    expect(await permissionsOf(manager)).not.toContain('class.archive');
    expect(findOrNull(await adminTree(), '归档班级')).toBeNull();
    const grants = await h.ctx.db.select().from(roleMenus).where(eq(roleMenus.menuId, button.id));
    expect(grants).toEqual([]);
    expect((await remove(button.id)).status).toBe(404);
  });
});

describe('an operator cannot lock themselves out', () => {
  it('refuses to delete the menu.edit button or break the menu page of their own roles', async () => {
    const tree = await adminTree();
    const page = find(tree, '菜单管理');
    const editButton = page.children[0]!;
    expect(editButton.permission).toBe('menu.edit');
    const del = await remove(editButton.id);
    expect(del).toMatchObject({ status: 409, errorKey: 'menus.self_lockout' });
    const retarget = await save({
      ...entry(),
      id: page.id,
      parentId: page.parentId,
      name: page.name,
      url: 'path:system/menus,component:SomethingElse',
    });
    expect(retarget).toMatchObject({
      status: 409,
      errorKey: 'menus.self_lockout',
      message: 'Refused: this change would remove your own access to menu or role administration',
    });
    const after = find(await adminTree(), '菜单管理');
    expect(after.url).toBe('path:system/menus,component:MenuManagement');
    expect(after.children.map((c) => c.id)).toContain(editButton.id);
    expect(await permissionsOf(operator)).toEqual(expect.arrayContaining(['menu.edit']));
  });
});
