import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@platform/contract';
import { bearer, createSchool, createUser, passwordGrant, signIn } from '../../test/factories';
import { createHarness, TEST_PASSWORD, type Harness } from '../../test/harness';

let h: Harness;
let school: Awaited<ReturnType<typeof createSchool>>;
beforeAll(async () => {
  h = await createHarness();
  school = await createSchool(h.ctx, { name: '测试学院', type: 3 });
});
afterAll(() => h.close());

const changePassword = (token: string, payload: unknown, lang = 'zh') =>
  h.app.inject({
    method: 'PUT',
    url: apiRoutes.changePassword,
    headers: { ...bearer(token), 'accept-language': lang },
    payload: payload as Record<string, unknown>,
  });

describe('GET users/current', () => {
  it('answers the user record of spec §3 with school and roles, ids as strings', async () => {
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['teacher'] });
    const t = await signIn(h.app, u.username);
    const res = await h.app.inject({
      method: 'GET',
      url: apiRoutes.currentUser,
      headers: { ...bearer(t.access_token), 'accept-language': 'en' },
    });
    const data = res.json().data;
    expect(data).toMatchObject({
      id: u.id,
      userId: u.id,
      userName: u.username,
      collegeId: school.id,
      collegeName: '测试学院',
      collegeKind: 3,
      enabled: true,
    });
    expect(typeof data.id).toBe('string');
    expect(data.roles).toEqual([
      { id: expect.any(String), tenantId: 'platform-web', code: 'teacher', name: 'Teacher' },
    ]);
    expect(data).not.toHaveProperty('passwordHash');
  });

  it('needs a token', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: apiRoutes.currentUser,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 401,
      message: 'Login is invalid, please log in again',
    });
  });
});

describe('PUT users/password', () => {
  it('changes the password: the old one stops working, the new one signs in', async () => {
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const t = await signIn(h.app, u.username);
    const res = await changePassword(t.access_token, {
      userId: u.id,
      oldPwd: TEST_PASSWORD,
      newPwd: 'Brand_new#9',
    });
    expect(res.json()).toEqual({ code: 200, message: '密码修改成功，请重新登录', data: null });
    expect(
      (await passwordGrant(h.app, u.username, TEST_PASSWORD, { ip: '10.9.0.1' })).json().code,
    ).toBe(9000);
    expect((await passwordGrant(h.app, u.username, 'Brand_new#9')).json().code).toBe(200);
  });

  it('answers the English success text', async () => {
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const t = await signIn(h.app, u.username);
    const res = await changePassword(
      t.access_token,
      { userId: u.id, oldPwd: TEST_PASSWORD, newPwd: 'Brand_new#9' },
      'en',
    );
    expect(res.json().message).toBe('Password changed successfully, please log in again');
  });

  const rules: [string, Record<string, unknown>, Record<string, string>][] = [
    ['missing fields', {}, { oldPwd: 'required', newPwd: 'required' }],
    ['new password too short', { oldPwd: TEST_PASSWORD, newPwd: 'a_1' }, { newPwd: 'too_short' }],
    [
      'new password too long',
      { oldPwd: TEST_PASSWORD, newPwd: 'a'.repeat(21) },
      { newPwd: 'too_long' },
    ],
    [
      'characters outside letters, digits, _ and #',
      { oldPwd: TEST_PASSWORD, newPwd: 'abc-123!' },
      { newPwd: 'invalid_format' },
    ],
    ['spaces', { oldPwd: TEST_PASSWORD, newPwd: 'abc 1234' }, { newPwd: 'invalid_format' }],
    [
      'non-ASCII letters',
      { oldPwd: TEST_PASSWORD, newPwd: '密码密码密码' },
      { newPwd: 'invalid_format' },
    ],
    ['old password malformed', { oldPwd: 'x', newPwd: 'Good_pass1' }, { oldPwd: 'too_short' }],
    [
      'same as the old one',
      { oldPwd: TEST_PASSWORD, newPwd: TEST_PASSWORD },
      { newPwd: 'same_as_old' },
    ],
    ['wrong old password', { oldPwd: 'Not_mine_1', newPwd: 'Good_pass1' }, { oldPwd: 'wrong' }],
  ];
  for (const [name, body, fields] of rules) {
    it(`refuses ${name}`, async () => {
      const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
      const t = await signIn(h.app, u.username);
      const res = await changePassword(t.access_token, { userId: u.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 9000, fields });
      expect(
        (
          await h.app.inject({
            method: 'GET',
            url: apiRoutes.currentUser,
            headers: bearer(t.access_token),
          })
        ).json().code,
      ).toBe(200);
    });
  }

  it('accepts the boundaries: 6 and 20 characters, _ and #', async () => {
    for (const pwd of ['a_#123', 'A'.repeat(18) + '_#']) {
      const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
      const t = await signIn(h.app, u.username);
      expect(
        (
          await changePassword(t.access_token, { userId: u.id, oldPwd: TEST_PASSWORD, newPwd: pwd })
        ).json().code,
      ).toBe(200);
    }
  });

  it("refuses to change another user's password", async () => {
    const a = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const b = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const t = await signIn(h.app, a.username);
    const res = await changePassword(
      t.access_token,
      { userId: b.id, oldPwd: TEST_PASSWORD, newPwd: 'Good_pass1' },
      'en',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 9000, errorKey: 'users.not_self' });
    expect((await passwordGrant(h.app, b.username, TEST_PASSWORD)).json().code).toBe(200);
  });
});

describe('POST login log', () => {
  it('records the sign-in seen by the client', async () => {
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const t = await signIn(h.app, u.username);
    const res = await h.app.inject({
      method: 'POST',
      url: apiRoutes.loginLog,
      headers: { ...bearer(t.access_token), 'user-agent': 'test-agent' },
      payload: { clientId: 'platform-web', loginType: 'password', language: 'zh-CN' },
    });
    expect(res.json().code).toBe(200);
    const logs = await h.ctx.db.query.loginLogs.findMany({
      where: (l, { eq, and }) => and(eq(l.userId, u.id), eq(l.source, 'client')),
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userAgent: 'test-agent', schoolId: school.id, success: true });
  });
});
