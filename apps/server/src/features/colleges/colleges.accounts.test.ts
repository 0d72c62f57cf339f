import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserKind, type CollegeAdmin, collegesApi, usersApi } from '@platform/contract';
import { users } from '../../db/schema';
import { collegesSuite } from '../../test/colleges-fixture';
import { bearer, createUser, passwordGrant, signIn } from '../../test/factories';

const suite = collegesSuite();
const { call, addCollege } = suite;

describe('disabling and deleting a school', () => {
  it("ends its accounts' sessions and refuses their sign-in", async () => {
    const college = await addCollege();
    const member = await createUser(suite.h.ctx, { schoolId: college.id, roles: ['teacher'] });
    const token = (await signIn(suite.h.app, member.username, member.password)).access_token;
    const me = () =>
      suite.h.app.inject({ method: 'GET', url: usersApi.current.path, headers: bearer(token) });
    expect((await me()).json().code).toBe(200);
    await call('POST', collegesApi.enable.path, { id: college.id, enabled: false });
    expect((await me()).json().code).toBe(401);
    const refused = await passwordGrant(suite.h.app, member.username, member.password);
    expect(refused.json()).toMatchObject({ errorKey: 'auth.school_disabled' });

    await call('POST', collegesApi.enable.path, { id: college.id, enabled: true });
    const again = (await signIn(suite.h.app, member.username, member.password)).access_token;
    await call('POST', `${collegesApi.delete.path}?id=${college.id}`);
    const after = await suite.h.app.inject({
      method: 'GET',
      url: usersApi.current.path,
      headers: bearer(again),
    });
    expect(after.json().code).toBe(401);
  });
});

describe('school administrators', () => {
  it('adds an administrator who signs in with the phone and belongs to the school', async () => {
    const college = await addCollege();
    const other = await addCollege();
    const phone = `137${String(Date.now()).slice(-8)}`;
    const added = await call<CollegeAdmin>('POST', collegesApi.admins.path, {
      collegeId: college.id,
      name: 'Admin Li',
      phone,
    });
    expect(added.data).toMatchObject({ username: phone, name: 'Admin Li', phone, enabled: true });

    // No password given: the default one.
    const { access_token } = await signIn(suite.h.app, phone, suite.h.ctx.config.defaultPassword);
    const me = await call<{ collegeId: string; kind: number; roles: { code: string }[] }>(
      'GET',
      usersApi.current.path,
      undefined,
      { headers: bearer(access_token) },
    );
    expect(me.data).toMatchObject({ collegeId: college.id, kind: UserKind.SCHOOL_ADMIN });
    expect(me.data.roles.map((r) => r.code)).toEqual(['school-manager']);

    const withPassword = await call<CollegeAdmin>('POST', collegesApi.admins.path, {
      collegeId: college.id,
      name: 'Admin Wang',
      phone: `136${String(Date.now()).slice(-8)}`,
      password: 'Own_pass#1',
    });
    await signIn(suite.h.app, withPassword.data.username, 'Own_pass#1');

    // Teachers of the school and administrators of other schools are not listed.
    await createUser(suite.h.ctx, { schoolId: college.id, roles: ['teacher'] });
    await createUser(suite.h.ctx, { schoolId: other.id, roles: ['school-manager'] });
    const listed = await call<CollegeAdmin[]>(
      'GET',
      `${collegesApi.admins.path}?collegeId=${college.id}`,
    );
    expect(listed.data.map((a) => a.id)).toEqual([added.data.id, withPassword.data.id]);

    const taken = await call('POST', collegesApi.admins.path, {
      collegeId: other.id,
      name: 'Someone',
      phone,
    });
    expect(taken).toMatchObject({
      status: 409,
      message: 'Failed to add: This phone number is already registered',
      fields: { phone: 'invalid_value' },
    });
    const bad = await call('POST', collegesApi.admins.path, {
      collegeId: college.id,
      name: 'A',
      phone: '12345',
      password: 'short',
    });
    expect(bad.fields).toEqual({
      name: 'too_short',
      phone: 'invalid_format',
      password: 'too_short',
    });
  });

  it('answers a deleted or unknown school as not found', async () => {
    const college = await addCollege();
    await call('POST', `${collegesApi.delete.path}?id=${college.id}`);
    for (const id of [college.id, '123456789']) {
      const list = await call('GET', `${collegesApi.admins.path}?collegeId=${id}`);
      expect(list).toMatchObject({ status: 404, errorKey: 'schools.not_found' });
      const add = await call('POST', collegesApi.admins.path, {
        collegeId: id,
        name: 'Nobody',
        phone: '13500000001',
      });
      expect(add.status).toBe(404);
      const limit = await suite.h.app.inject({
        method: 'POST',
        url: collegesApi.updateTotalUser.path,
        headers: {
          ...suite.w.operator.headers,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `collegeId=${id}&totalUser=5`,
      });
      expect(limit.statusCode).toBe(404);
    }
    const users_ = await suite.h.ctx.db.select().from(users).where(eq(users.phone, '13500000001'));
    expect(users_).toEqual([]);
  });
});
