import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rootRegionId, usersApi } from '@platform/contract';
import { regions, users } from '../../db/schema';
import {
  bearer,
  createSchool,
  createUser,
  passwordGrant,
  signIn,
  signedIn,
} from '../../test/factories';
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
    url: usersApi.changePassword.path,
    headers: { ...bearer(token), 'accept-language': lang },
    payload: payload as Record<string, unknown>,
  });

describe('GET users/current', () => {
  it('answers the user record of spec §3 with school and roles, ids as strings', async () => {
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['teacher'] });
    const t = await signIn(h.app, u.username);
    const res = await h.app.inject({
      method: 'GET',
      url: usersApi.current.path,
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
      url: usersApi.current.path,
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
            url: usersApi.current.path,
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

  it('throttles wrong old passwords like sign-ins, and the right one works past the wait', async () => {
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const t = await signIn(h.app, u.username);
    const guess = (oldPwd: string, lang = 'en') =>
      changePassword(t.access_token, { userId: u.id, oldPwd, newPwd: 'Brand_new#9' }, lang);
    let wrong = 0;
    let refused = await guess('Not_mine_0');
    while (refused.statusCode !== 429 && wrong < 100) {
      expect(refused.json()).toMatchObject({ fields: { oldPwd: 'wrong' } });
      refused = await guess(`Not_mine_${++wrong}`);
    }
    // The session's own 10, the 5 of the network it signed in from, the 9 its sign-in left.
    expect(wrong).toBe(10 + 5 + 9);
    expect(refused.json()).toMatchObject({ code: 9000, errorKey: 'users.password_throttled' });
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(45);
    expect(refused.json().message).toBe(
      `Too many wrong old passwords, please try again in ${seconds} s`,
    );
    expect((await guess(TEST_PASSWORD, 'zh')).json().message).toMatch(/秒后再试/);
    expect(
      (await passwordGrant(h.app, u.username, TEST_PASSWORD, { ip: '10.9.0.2' })).statusCode,
    ).toBe(429);

    h.advance(seconds * 1000);
    expect((await guess(TEST_PASSWORD)).json().code).toBe(200);
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
      url: usersApi.loginLog.path,
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

describe('POST users/saveOrUpdate (my info)', () => {
  // Codes outside the real dictionary, so that they never meet its rows.
  const provinceA = '990000';
  const cityA = '990100';
  const provinceB = '980000';
  const cityB = '980100';

  beforeAll(async () => {
    await h.ctx.db
      .insert(regions)
      .values([
        { id: provinceA, pid: rootRegionId, name: '测试省', nameEn: 'Test province' },
        { id: cityA, pid: provinceA, name: '测试市', nameEn: 'Test city' },
        { id: provinceB, pid: rootRegionId, name: '另一省', nameEn: 'Other province' },
        { id: cityB, pid: provinceB, name: '另一市', nameEn: 'Other city' },
      ])
      .onConflictDoNothing();
  });

  const save = (headers: Record<string, string>, payload: Record<string, unknown>, lang = 'en') =>
    h.app.inject({
      method: 'POST',
      url: usersApi.save.path,
      headers: { ...headers, 'accept-language': lang },
      payload,
    });

  const record = {
    name: '李明',
    sex: 1,
    birthday: '2001-09-01',
    province: provinceA,
    city: cityA,
    address: '学府路 1 号',
    contactName: '王芳',
    contactPhone: '13800000001',
    email: 'li.ming@example.edu',
  };

  it("updates the caller's own record and answers the current user", async () => {
    const me = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] });
    await h.ctx.db.update(users).set({ stuNo: 'S001', kind: 1 }).where(eq(users.id, me.id));
    const res = await save(me.headers, {
      ...record,
      id: me.id,
      userName: 'hijack',
      stuNo: 'S999',
      kind: 4,
      collegeId: '1',
      roles: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ...record,
      id: me.id,
      userName: me.username,
      stuNo: 'S001',
      kind: 1,
      collegeId: school.id,
      collegeName: '测试学院',
    });
    expect(res.json().data.roles.map((r: { code: string }) => r.code)).toEqual(['student']);
    const current = await h.app.inject({
      method: 'GET',
      url: usersApi.current.path,
      headers: me.headers,
    });
    expect(current.json().data).toMatchObject(record);
  });

  it('takes the caller as the user when there is no id, and clears optional fields', async () => {
    const me = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['teacher'] });
    expect((await save(me.headers, record)).json().code).toBe(200);
    const cleared = await save(me.headers, {
      name: '李明',
      sex: 2,
      birthday: '',
      province: '',
      city: '',
      address: '',
      contactName: '',
      contactPhone: '',
      email: '',
    });
    expect(cleared.json().data).toMatchObject({
      sex: 2,
      birthday: null,
      province: null,
      city: null,
      address: null,
      contactName: null,
      contactPhone: null,
      email: null,
    });
  });

  it("never updates another user's record: another id is not found", async () => {
    const me = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] });
    const other = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const res = await save(me.headers, { ...record, id: other.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 9000, errorKey: 'users.not_found' });
    const row = await h.ctx.db.query.users.findFirst({ where: eq(users.id, other.id) });
    expect(row).toMatchObject({ name: `Name ${other.username}`, address: null });
    const mine = await h.ctx.db.query.users.findFirst({ where: eq(users.id, me.id) });
    expect(mine?.address).toBeNull();
  });

  const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const rules: [string, () => Record<string, unknown>, Record<string, string>][] = [
    [
      'a missing name and sex',
      () => ({ name: undefined, sex: undefined }),
      { name: 'required', sex: 'required' },
    ],
    ['a name of 1 character', () => ({ name: '李' }), { name: 'too_short' }],
    ['a name of 31 characters', () => ({ name: '名'.repeat(31) }), { name: 'too_long' }],
    [
      'a birthday that is no date',
      () => ({ birthday: '2001-02-30' }),
      { birthday: 'invalid_format' },
    ],
    ['a birthday in the future', () => ({ birthday: tomorrow() }), { birthday: 'invalid_value' }],
    ['an address of 2 characters', () => ({ address: '1号' }), { address: 'too_short' }],
    ['an address of 51 characters', () => ({ address: '路'.repeat(51) }), { address: 'too_long' }],
    ['a contact name of 1 character', () => ({ contactName: '王' }), { contactName: 'too_short' }],
    ['a bad contact phone', () => ({ contactPhone: '12345' }), { contactPhone: 'invalid_format' }],
    ['a bad e-mail', () => ({ email: 'li@' }), { email: 'invalid_format' }],
    ['a city without province', () => ({ province: '' }), { province: 'required' }],
    ['a city of another province', () => ({ city: cityB }), { city: 'invalid_value' }],
    [
      'an unknown province',
      () => ({ province: '970000', city: '' }),
      { province: 'invalid_value' },
    ],
    [
      'a city given as province',
      () => ({ province: cityA, city: '' }),
      { province: 'invalid_value' },
    ],
  ];
  for (const [name, over, fields] of rules) {
    it(`refuses ${name}`, async () => {
      const me = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] });
      const res = await save(me.headers, { ...record, ...over() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 9000, fields });
      const row = await h.ctx.db.query.users.findFirst({ where: eq(users.id, me.id) });
      expect(row?.address).toBeNull();
    });
  }

  it('answers the region refusal in the caller language', async () => {
    const me = await signedIn(h.app, h.ctx, { schoolId: school.id, roles: ['student'] });
    const res = await save(me.headers, { ...record, city: cityB }, 'zh');
    expect(res.json()).toMatchObject({
      errorKey: 'users.region_invalid',
      message: '省份或城市无效：城市须属于所选省份',
    });
  });

  it('needs a token', async () => {
    const res = await save({}, record);
    expect(res.statusCode).toBe(401);
  });
});
