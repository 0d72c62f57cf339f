import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type MenuNode, type RoleCode, menusApi } from '@platform/contract';
import { menus, roleMenus, roles, userRoles } from '../../db/schema';
import { bearer, createSchool, createUser, signIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function role(tenantId: string, code: string) {
  const id = h.ctx.ids.next();
  await h.ctx.db.insert(roles).values({ id, tenantId, code, name: code });
  return id;
}

async function menu(
  tenantId: string,
  roleIds: string[],
  m: Partial<typeof menus.$inferInsert> & { name: string },
) {
  const id = h.ctx.ids.next();
  await h.ctx.db
    .insert(menus)
    .values({ id, tenantId, url: m.name.toLowerCase(), menuIndex: '9', ...m });
  if (roleIds.length)
    await h.ctx.db.insert(roleMenus).values(roleIds.map((roleId) => ({ roleId, menuId: id })));
  return id;
}

const names = (tree: MenuNode[]): unknown[] =>
  tree.map((n) => (n.children.length ? [n.name, names(n.children)] : n.name));

describe('GET menus/all/{appid}', () => {
  let token: string;
  let roleA: string;
  let roleA2: string;

  beforeAll(async () => {
    roleA = await role('app-a', 'r1');
    roleA2 = await role('app-a', 'r2');
    const roleB = await role('app-b', 'r1');
    const school = await createSchool(h.ctx);
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    await h.ctx.db
      .insert(userRoles)
      .values([roleA, roleA2, roleB].map((roleId) => ({ userId: u.id, roleId })));

    const top = await menu('app-a', [roleA], {
      name: 'Top',
      nameEn: 'Top EN',
      sort: 2,
      menuIndex: '2',
    });
    await menu('app-a', [roleA], { name: 'Second', parentId: top, sort: 2, menuIndex: '2-2' });
    await menu('app-a', [roleA], {
      name: 'First',
      parentId: top,
      sort: 1,
      menuIndex: '2-1',
      url: 'path:x/y,component:ViewY',
    });
    await menu('app-a', [roleA], { name: 'HiddenLeaf', parentId: top, sort: 3, hidden: true });
    const hiddenTop = await menu('app-a', [roleA], { name: 'HiddenTop', sort: 0, hidden: true });
    await menu('app-a', [roleA], { name: 'UnderHidden', parentId: hiddenTop });
    await menu('app-a', [roleA], { name: 'Button', parentId: top, type: 2 });
    await menu('app-a', [roleA], { name: 'NoIndex', menuIndex: null });
    await menu('app-a', [roleA2], { name: 'OtherRole', sort: 1, menuIndex: '1' });
    await menu('app-a', [], { name: 'Ungranted' });
    await menu('app-b', [roleB], { name: 'OtherApp' });
    await menu('app-a', [roleB], { name: 'WrongTenantRole' });
    token = (await signIn(h.app, u.username)).access_token;
  });

  const get = (appid: string, query = '', lang = 'zh') =>
    h.app.inject({
      method: 'GET',
      url: pathOf(menusApi.all.path, { appid }) + query,
      headers: { ...bearer(token), 'accept-language': lang },
    });

  it("answers the sorted tree of the user's roles of that application, hidden entries flagged, buttons left out", async () => {
    const res = await get('app-a');
    expect(res.json().code).toBe(200);
    expect(names(res.json().data)).toEqual([
      ['HiddenTop', ['UnderHidden']],
      'OtherRole',
      ['Top', ['First', 'Second', 'HiddenLeaf']],
    ]);
    expect(res.json().data[0].hidden).toBe(true);
    const first = res.json().data[2].children[0];
    expect(first).toMatchObject({
      path: 'x/y',
      url: 'path:x/y,component:ViewY',
      index: '2-1',
      meta: { title: 'First' },
    });
  });

  it('names entries in the caller language', async () => {
    const res = await get('app-a', '', 'en');
    expect(res.json().data[2].name).toBe('Top EN');
    expect(res.json().data[2].meta.title).toBe('Top EN');
  });

  it('narrows to the given role ids, never widens', async () => {
    expect(names((await get('app-a', `?roleIds=${roleA2}`)).json().data)).toEqual(['OtherRole']);
    const foreign = await role('app-a', 'not-mine');
    await menu('app-a', [foreign], { name: 'NotMine' });
    expect(names((await get('app-a', `?roleIds=${foreign}`)).json().data)).toEqual([]);
    expect((await get('app-a', '?roleIds=abc')).json()).toMatchObject({
      code: 9000,
      fields: { roleIds: 'invalid_format' },
    });
  });

  it('answers only the roles whose tenant id equals the application id', async () => {
    expect(names((await get('app-b')).json().data)).toEqual(['OtherApp']);
    expect((await get('unknown-app')).json().data).toEqual([]);
  });

  it('seeds a working tree per demo role in the web application', async () => {
    const school = await createSchool(h.ctx);
    const student = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const admin = await createUser(h.ctx, { roles: ['admin'] });
    const treeOf = async (username: string) => {
      const t = (await signIn(h.app, username)).access_token;
      const res = await h.app.inject({
        method: 'GET',
        url: pathOf(menusApi.all.path, { appid: 'platform-web' }),
        headers: { ...bearer(t), 'accept-language': 'en' },
      });
      return names(res.json().data);
    };
    expect(await treeOf(student.username)).toEqual([
      'Workbench',
      ['Study', ['Course hall', 'My study', 'Self culture', 'Course info', 'Study']],
      ['My tasks', ['Tasks', 'My reports', 'Task info', 'Task', 'Exam', 'Report info']],
      [
        'Lab environments',
        [
          'Environment centre',
          'Environment detail',
          'Experiment',
          'Terminal',
          'Workspace',
          'Operating manual',
        ],
      ],
      ['Personal centre', ['My info', 'Change password']],
    ]);
    expect(await treeOf(admin.username)).toEqual([
      'Workbench',
      [
        'Lab environments',
        [
          'Environment centre',
          'Environment detail',
          'Experiment',
          'Terminal',
          'Workspace',
          'Operating manual',
        ],
      ],
      [
        'Environment management',
        [
          'Environment configurations',
          'Experiment scripts',
          'My experiment environments',
          'AI environment configuration',
          'Environment details',
        ],
      ],
      [
        'Operation management',
        [
          'Colleges',
          'Customers',
          'Service management',
          'History of added time',
          'Trial applications',
          'SMS outbox',
          'Packages',
          'Billing costs',
          'Orders',
          'Usage details',
          'Accounts',
          'Account detail',
        ],
      ],
      [
        'Portal management',
        [
          'Catalogues',
          'Articles',
          'Notices',
          'Templates',
          'Attributes',
          'System announcement',
          'Footer',
        ],
      ],
      ['System', ['Menus', 'Roles']],
      ['Personal centre', ['My info', 'Change password']],
      'API docs',
    ]);
  });

  it('answers the button-level permissions of the roles, which differ by role', async () => {
    const school = await createSchool(h.ctx);
    const keysOf = async (roles: RoleCode[]) => {
      const u = await createUser(h.ctx, { schoolId: school.id, roles });
      const t = (await signIn(h.app, u.username)).access_token;
      const res = await h.app.inject({
        method: 'GET',
        url: pathOf(menusApi.permissions.path, { appid: 'platform-web' }),
        headers: bearer(t),
      });
      expect(res.json().code).toBe(200);
      return res.json().data as string[];
    };
    const manager = await keysOf(['school-manager']);
    const teacher = await keysOf(['teacher']);
    expect(manager).toContain('class.delete');
    expect(manager).toContain('teacher.enable');
    expect(teacher).toContain('class.add');
    expect(teacher).not.toContain('class.delete');
    expect(teacher).not.toContain('teacher.add');
    for (const key of ['task.add', 'task.edit', 'task.delete', 'task.score', 'task.archive']) {
      expect(teacher).toContain(key);
      expect(manager).toContain(key);
    }
    expect(await keysOf(['student'])).toEqual([]);
  });
});
