import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type College, collegesApi } from '@platform/contract';
import { menus, roleMenus, roles, schools } from '../../db/schema';
import { collegesSuite } from '../../test/colleges-fixture';

const suite = collegesSuite();
const { call, newCollege, addCollege, multipart } = suite;

describe('who may operate schools', () => {
  /** Every colleges route with a valid request. */
  async function everyRoute(college: College) {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const file = multipart('s.csv', Buffer.from('name,url,type,province\n'), 'text/csv');
    return [
      { method: 'GET', url: `${collegesApi.page.path}?pageNum=1` },
      { method: 'POST', url: `${collegesApi.get.path}?id=${college.id}` },
      { method: 'POST', url: collegesApi.save.path, payload: newCollege() },
      { method: 'POST', url: collegesApi.save.path, payload: { ...newCollege(), id: college.id } },
      { method: 'POST', url: `${collegesApi.delete.path}?id=${college.id}` },
      {
        method: 'POST',
        url: collegesApi.enable.path,
        payload: { id: college.id, enabled: false },
      },
      { method: 'GET', url: `${collegesApi.options.path}?name=a` },
      { method: 'GET', url: `${collegesApi.admins.path}?collegeId=${college.id}` },
      {
        method: 'POST',
        url: collegesApi.admins.path,
        payload: { collegeId: college.id, name: 'Admin', phone: '13800000009' },
      },
      {
        method: 'POST',
        url: collegesApi.updateTotalUser.path,
        payload: `collegeId=${college.id}&totalUser=9`,
        headers: form,
      },
      {
        method: 'POST',
        url: collegesApi.import.path,
        payload: file.payload,
        headers: { 'content-type': file.contentType },
      },
      { method: 'GET', url: collegesApi.importTemplate.path },
    ] as {
      method: 'GET' | 'POST';
      url: string;
      payload?: object | string | Buffer;
      headers?: Record<string, string>;
    }[];
  }

  it('refuses school administrators and teachers on every route, even for their own school', async () => {
    const own = await call<College>('POST', `${collegesApi.get.path}?id=${suite.w.ownSchool.id}`);
    for (const user of [suite.w.manager, suite.w.teacher]) {
      for (const r of await everyRoute(own.data)) {
        const res = await suite.h.app.inject({
          method: r.method,
          url: r.url,
          headers: { ...user.headers, ...r.headers },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(res.json(), r.url).toMatchObject({ code: 9000 });
        expect(res.body).not.toContain(suite.w.ownSchool.name);
      }
    }
    // Refused before the input is looked at.
    for (const user of [suite.w.manager, suite.w.teacher]) {
      const res = await call('POST', collegesApi.save.path, {}, { headers: user.headers });
      expect(res).toMatchObject({ status: 403, errorKey: 'common.forbidden' });
    }
    const row = await suite.h.ctx.db.query.schools.findFirst({
      where: eq(schools.id, suite.w.ownSchool.id),
    });
    expect(row).toMatchObject({ enabled: true, deletedAt: null, maxStudents: 0 });
  });

  it('refuses staff without the grants of the school screens both reading and changing', async () => {
    const college = await addCollege();
    const read = await call(
      'GET',
      `${collegesApi.page.path}?name=${encodeURIComponent(college.name)}`,
      undefined,
      {
        headers: suite.w.caseDeveloper.headers,
      },
    );
    expect(read).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
    expect(JSON.stringify(read)).not.toContain(college.name);
    const write = await call('POST', collegesApi.save.path, newCollege(), {
      headers: suite.w.caseDeveloper.headers,
    });
    expect(write).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
  });

  it('refuses an operator whose role lost the grant of an action', async () => {
    const college = await addCollege();
    const [role] = await suite.h.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, suite.h.ctx.config.webClientId), eq(roles.code, 'operator')));
    const grants = await suite.h.ctx.db
      .select({ menuId: menus.id, customFields: menus.customFields })
      .from(menus)
      .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
      .where(eq(roleMenus.roleId, role!.id));
    const grantOf = (key: string) => grants.find((g) => g.customFields === `perm:${key}`)!.menuId;
    const revoked = [grantOf('college.delete'), grantOf('college.enable')];
    await suite.h.ctx.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, role!.id), inArray(roleMenus.menuId, revoked)));
    try {
      const del = await call('POST', `${collegesApi.delete.path}?id=${college.id}`);
      expect(del).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
      const enable = await call('POST', collegesApi.enable.path, {
        id: college.id,
        enabled: false,
      });
      expect(enable.status).toBe(403);
      // Changing the state through an edit needs the same grant; other edits do not.
      const viaEdit = await call('POST', collegesApi.save.path, {
        ...newCollege(),
        id: college.id,
        enabled: false,
      });
      expect(viaEdit.status).toBe(403);
      const edit = await call('POST', collegesApi.save.path, {
        ...newCollege(),
        id: college.id,
        enabled: true,
      });
      expect(edit.code).toBe(200);
      const row = await suite.h.ctx.db.query.schools.findFirst({
        where: eq(schools.id, college.id),
      });
      expect(row).toMatchObject({ enabled: true, deletedAt: null });
    } finally {
      await suite.h.ctx.db
        .insert(roleMenus)
        .values(revoked.map((menuId) => ({ roleId: role!.id, menuId })));
    }
  });
});
