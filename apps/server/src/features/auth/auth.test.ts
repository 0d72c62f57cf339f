import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, usersApi } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { customers, oauthClients, loginLogs, schools, users } from '../../db/schema';
import { sha256 } from '../../lib/passwords';
import { revokeSchoolSessions } from './auth.repo';
import { UsersService } from '../users/users.service';
import { bearer, createSchool, createUser, passwordGrant, signIn } from '../../test/factories';
import { createHarness, TEST_PASSWORD, WEB_BASIC, type Harness } from '../../test/harness';

let h: Harness;
let schoolId: string;

beforeAll(async () => {
  h = await createHarness();
  schoolId = (await createSchool(h.ctx)).id;
});
afterAll(() => h.close());

const current = (token: string, scheme = 'Bearer') =>
  h.app.inject({
    method: 'GET',
    url: usersApi.current.path,
    headers: { authorization: `${scheme} ${token}` },
  });

const refresh = (refreshToken: string, authorization = WEB_BASIC) =>
  h.app.inject({
    method: 'POST',
    url: authApi.token.path,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
  });

describe('password grant', () => {
  it('issues tokens that work on users/current, with a form or a JSON body', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const res = await passwordGrant(h.app, u.username, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ token_type: 'bearer', expires_in: 7200, user_id: u.id });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.refresh_token).not.toBe(body.data.access_token);
    const me = await current(body.data.access_token);
    expect(me.json().data.userName).toBe(u.username);

    const json = await h.app.inject({
      method: 'POST',
      url: authApi.token.path,
      headers: { authorization: WEB_BASIC },
      payload: { grant_type: 'password', username: u.username.toUpperCase(), password: u.password },
    });
    expect(json.json().code).toBe(200);
  });

  it('reads the Authorization schemes case-insensitively', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const basicLower = `basic ${WEB_BASIC.slice(6)}`;
    const { access_token } = (
      await passwordGrant(h.app, u.username, u.password, { authorization: basicLower })
    ).json().data;
    for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
      expect((await current(access_token, scheme)).json().code).toBe(200);
    }
    expect((await current(access_token, 'Token')).json().code).toBe(401);
  });

  it('refuses a wrong password or unknown user with the same translated message, and logs it', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const zh = await passwordGrant(h.app, u.username, 'Wrong_pass1', {
      lang: 'zh-CN,zh;q=0.9',
      ip: '10.0.0.1',
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 9000,
      errorKey: 'auth.bad_credentials',
      message: '用户名或密码错误',
    });
    expect(zh.json().requestId).toBeTruthy();
    const en = await passwordGrant(h.app, 'nobody_here', 'Wrong_pass1', {
      lang: 'en-US',
      ip: '10.0.0.2',
    });
    expect(en.json()).toMatchObject({ code: 9000, message: 'Incorrect user name or password' });
    const logs = await h.ctx.db.select().from(loginLogs).where(eq(loginLogs.username, u.username));
    expect(
      logs.some((l) => !l.success && l.reason === 'bad_credentials' && l.userId === u.id),
    ).toBe(true);
  });

  it('answers field errors for a missing user name or password', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: authApi.token.path,
      headers: {
        authorization: WEB_BASIC,
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en',
      },
      payload: 'grant_type=password&username=',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 9000,
      fields: { username: 'required', password: 'required' },
    });
  });

  it('answers 401 for a missing, unknown or wrongly authenticated client', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const cases = [
      `Basic ${Buffer.from('platform-web:wrong').toString('base64')}`,
      `Basic ${Buffer.from('no-such-client:platform-web-secret').toString('base64')}`,
      'Basic !!!',
      'Bearer abc',
      '',
    ];
    for (const authorization of cases) {
      const res = await passwordGrant(h.app, u.username, u.password, { authorization, lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 401,
        errorKey: 'auth.invalid_client',
        message: 'Client authentication failed',
      });
      expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    }
  });

  it('refuses grants a client is not allowed, and the password grant for clients that are not first-party', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    await h.ctx.db.insert(oauthClients).values([
      {
        id: 'third-party',
        name: 't',
        secretHash: sha256('third-secret'),
        grantTypes: ['password', 'refresh_token'],
        accessTokenSeconds: 60,
        refreshTokenSeconds: 120,
        firstParty: false,
      },
      {
        id: 'refresh-only',
        name: 'r',
        secretHash: sha256('refresh-secret'),
        grantTypes: ['refresh_token'],
        accessTokenSeconds: 60,
        refreshTokenSeconds: 120,
        firstParty: true,
      },
    ]);
    for (const [id, secret] of [
      ['third-party', 'third-secret'],
      ['refresh-only', 'refresh-secret'],
    ]) {
      const res = await passwordGrant(h.app, u.username, u.password, {
        authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      });
      expect(res.json()).toMatchObject({ code: 9000, errorKey: 'auth.unauthorized_grant' });
    }
    const unsupported = await h.app.inject({
      method: 'POST',
      url: authApi.token.path,
      headers: { authorization: WEB_BASIC },
      payload: { grant_type: 'client_credentials' },
    });
    expect(unsupported.json()).toMatchObject({
      code: 9000,
      errorKey: 'auth.unsupported_grant_type',
    });
  });

  it('answers a disabled account, or one of a closed or expired school, the same whether the password is right or wrong', async () => {
    const closed = await createSchool(h.ctx, { enabled: false });
    const ended = await createSchool(h.ctx);
    const now = h.ctx.now().getTime();
    await h.ctx.db.insert(customers).values({
      id: h.ctx.ids.next(),
      schoolId: ended.id,
      name: 'Ended customer',
      kind: 2,
      serviceStart: new Date(now - 10 * 86_400_000),
      serviceEnd: new Date(now - 86_400_000),
    });
    const cases = [
      {
        user: await createUser(h.ctx, { schoolId, roles: ['teacher'], enabled: false }),
        key: 'auth.account_disabled',
      },
      {
        user: await createUser(h.ctx, { schoolId: closed.id, roles: ['student'] }),
        key: 'auth.school_disabled',
      },
      {
        user: await createUser(h.ctx, { schoolId: ended.id, roles: ['student'] }),
        key: 'auth.account_expired',
      },
    ];
    let attempt = 0;
    const answer = async (username: string, password: string, lang: string) => {
      h.advance(60_000);
      const ip = `10.0.1.${attempt++}`;
      const started = performance.now();
      const res = await passwordGrant(h.app, username, password, { lang, ip });
      const { requestId: _, ...body } = res.json();
      return { status: res.statusCode, body, ms: performance.now() - started };
    };
    for (const { user, key } of cases) {
      for (const lang of ['zh', 'en']) {
        const right = await answer(user.username, user.password, lang);
        const wrong = await answer(user.username, 'Wrong_pass1', lang);
        expect(right.body.errorKey).toBe(key);
        expect(wrong.status).toBe(right.status);
        expect(wrong.body).toEqual(right.body);
      }
      const times = { right: [] as number[], wrong: [] as number[] };
      for (let i = 0; i < 5; i++) {
        times.right.push((await answer(user.username, user.password, 'en')).ms);
        times.wrong.push((await answer(user.username, 'Wrong_pass1', 'en')).ms);
      }
      const median = (v: number[]) => v.sort((a, b) => a - b)[2]!;
      expect(median(times.wrong)).toBeGreaterThan(median(times.right) / 3);
      expect(median(times.right)).toBeGreaterThan(median(times.wrong) / 3);
    }
    const disabled = await passwordGrant(h.app, cases[0]!.user.username, 'Wrong_pass1', {
      lang: 'zh',
    });
    expect(disabled.json().message).toContain('账号已停用');
  });

  it('refuses accounts of a disabled or deleted school, and ends their sessions', async () => {
    const school = await createSchool(h.ctx);
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    const { access_token } = await signIn(h.app, u.username);
    await h.ctx.db.update(schools).set({ enabled: false }).where(eq(schools.id, school.id));
    await revokeSchoolSessions(h.ctx.db, school.id, 'school_disabled', h.ctx.now());
    expect((await current(access_token)).json().code).toBe(401);
    const res = await passwordGrant(h.app, u.username, u.password, { lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorKey: 'auth.school_disabled' });
    await h.ctx.db
      .update(schools)
      .set({ enabled: true, deletedAt: h.ctx.now() })
      .where(eq(schools.id, school.id));
    expect((await passwordGrant(h.app, u.username, u.password)).json().errorKey).toBe(
      'auth.school_disabled',
    );
  });

  it("refuses accounts whose school's service time has ended (expired)", async () => {
    const school = await createSchool(h.ctx);
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['teacher'] });
    const now = h.ctx.now().getTime();
    const id = h.ctx.ids.next();
    await h.ctx.db.insert(customers).values({
      id,
      schoolId: school.id,
      name: 'Customer',
      kind: 2,
      serviceStart: new Date(now - 10 * 86_400_000),
      serviceEnd: new Date(now + 3_600_000),
    });
    expect((await passwordGrant(h.app, u.username, u.password)).json().code).toBe(200);
    h.advance(3_600_000);
    const res = await passwordGrant(h.app, u.username, u.password, { lang: 'zh' });
    expect(res.json()).toMatchObject({ errorKey: 'auth.account_expired' });
    expect(res.json().message).toContain('服务时间已结束');
  });

  it('treats a deleted account as unknown, and its token stops working', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const { access_token } = await signIn(h.app, u.username);
    h.advance(6_000);
    await h.ctx.db.update(users).set({ deletedAt: h.ctx.now() }).where(eq(users.id, u.id));
    expect((await current(access_token)).json().code).toBe(401);
    expect((await passwordGrant(h.app, u.username, u.password)).json().errorKey).toBe(
      'auth.bad_credentials',
    );
  });

  it('expires access tokens after their validity', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const { access_token } = await signIn(h.app, u.username);
    h.advance(7199_000);
    expect((await current(access_token)).json().code).toBe(200);
    h.advance(2_000);
    expect((await current(access_token)).json().code).toBe(401);
  });
});

describe('refresh grant', () => {
  it('rotates both tokens; the old access token stops working', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const first = await signIn(h.app, u.username);
    const res = await refresh(first.refresh_token);
    expect(res.json().code).toBe(200);
    const second = res.json().data;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await current(second.access_token)).json().code).toBe(200);
    expect((await current(first.access_token)).json().code).toBe(401);
  });

  it('treats a replayed refresh token as theft and ends the session', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const first = await signIn(h.app, u.username);
    const second = (await refresh(first.refresh_token)).json().data;
    const replay = await refresh(first.refresh_token);
    expect(replay.json()).toMatchObject({ code: 401, errorKey: 'auth.invalid_refresh_token' });
    expect((await current(second.access_token)).json().code).toBe(401);
    expect((await refresh(second.refresh_token)).json().code).toBe(401);
  });

  it('refuses unknown, foreign-client and expired refresh tokens', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    expect((await refresh('not-a-token')).json().code).toBe(401);
    await h.ctx.db.insert(oauthClients).values({
      id: 'other-app',
      name: 'o',
      secretHash: sha256('other-secret'),
      grantTypes: ['password', 'refresh_token'],
      accessTokenSeconds: 60,
      refreshTokenSeconds: 120,
      firstParty: true,
    });
    const mine = await signIn(h.app, u.username);
    const foreign = await refresh(
      mine.refresh_token,
      `Basic ${Buffer.from('other-app:other-secret').toString('base64')}`,
    );
    expect(foreign.json().code).toBe(401);
    h.advance(7 * 86_400_000 + 1_000);
    expect((await refresh(mine.refresh_token)).json().code).toBe(401);
  });
});

describe('revocation', () => {
  it('logout ends the access and the refresh token at once', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const t = await signIn(h.app, u.username);
    const out = await h.app.inject({
      method: 'POST',
      url: authApi.logout.path,
      headers: bearer(t.access_token),
    });
    expect(out.json().code).toBe(200);
    expect((await current(t.access_token)).json()).toMatchObject({
      code: 401,
      errorKey: 'auth.unauthorized',
    });
    expect((await refresh(t.refresh_token)).json().code).toBe(401);
  });

  it('a password change ends every session of the account', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'] });
    const a = await signIn(h.app, u.username);
    const b = await signIn(h.app, u.username);
    const res = await h.app.inject({
      method: 'PUT',
      url: usersApi.changePassword.path,
      headers: bearer(a.access_token),
      payload: { userId: u.id, oldPwd: TEST_PASSWORD, newPwd: 'New_pass#2' },
    });
    expect(res.json().code).toBe(200);
    for (const t of [a, b]) {
      expect((await current(t.access_token)).json().code).toBe(401);
      expect((await refresh(t.refresh_token)).json().code).toBe(401);
    }
  });

  it('disabling the account ends its sessions at once', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['teacher'] });
    const t = await signIn(h.app, u.username);
    await new UsersService(h.ctx).setEnabled(u.id, false);
    expect((await current(t.access_token)).json().code).toBe(401);
    expect((await refresh(t.refresh_token)).json().code).toBe(401);
    await new UsersService(h.ctx).setEnabled(u.id, true);
    expect((await current(t.access_token)).json().code).toBe(401);
  });
});
