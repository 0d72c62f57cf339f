import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSchool, createUser, passwordGrant } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { defaultThrottleOptions, LoginThrottle, type ThrottleOptions } from './login-throttle';

const opts: ThrottleOptions = {
  ...defaultThrottleOptions,
  pairFreeFailures: 3,
  ipFreeFailures: 6,
  accountFreeFailures: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  accountMaxSlowdownMs: 300,
};

describe('LoginThrottle', () => {
  it('makes one IP wait longer and longer after repeated failures of one account', () => {
    let now = 0;
    const t = new LoginThrottle(opts, () => now);
    for (let i = 0; i < 3; i++) {
      expect(t.check('1.1.1.1', 'alice')).toEqual({ allowed: true, slowdownMs: 0 });
      t.recordFailure('1.1.1.1', 'alice');
    }
    expect(t.check('1.1.1.1', 'Alice')).toEqual({ allowed: false, retryAfterMs: 1_000 });
    now = 1_000;
    expect(t.check('1.1.1.1', 'alice').allowed).toBe(true);
    t.recordFailure('1.1.1.1', 'alice');
    expect(t.check('1.1.1.1', 'alice')).toEqual({ allowed: false, retryAfterMs: 2_000 });
    now = 3_000;
    t.recordFailure('1.1.1.1', 'alice');
    expect(t.check('1.1.1.1', 'alice')).toEqual({ allowed: false, retryAfterMs: 4_000 });
  });

  it('caps the delay and forgets old failures', () => {
    let now = 0;
    const t = new LoginThrottle({ ...opts, forgetAfterMs: 120_000 }, () => now);
    for (let i = 0; i < 20; i++) t.recordFailure('1.1.1.1', 'bob');
    const v = t.check('1.1.1.1', 'bob');
    expect(v.allowed).toBe(false);
    if (!v.allowed) expect(v.retryAfterMs).toBe(60_000);
    now = 200_000;
    expect(t.check('1.1.1.1', 'bob')).toEqual({ allowed: true, slowdownMs: 0 });
  });

  it('never refuses an account from other IPs: it only slows its answers', () => {
    const now = 0;
    const t = new LoginThrottle(opts, () => now);
    for (let i = 0; i < 30; i++) t.recordFailure(`9.9.${i}.1`, 'carol');
    const v = t.check('2.2.2.2', 'carol');
    expect(v).toEqual({ allowed: true, slowdownMs: 300 });
  });

  it('slows an IP that tries many accounts', () => {
    const now = 0;
    const t = new LoginThrottle(opts, () => now);
    for (let i = 0; i < 6; i++) t.recordFailure('3.3.3.3', `user${i}`);
    expect(t.check('3.3.3.3', 'someone-new').allowed).toBe(false);
    expect(t.check('4.4.4.4', 'someone-new').allowed).toBe(true);
  });

  it('a success clears the account and the pair, not the IP', () => {
    const now = 0;
    const t = new LoginThrottle(opts, () => now);
    for (let i = 0; i < 2; i++) t.recordFailure('5.5.5.5', 'dave');
    t.recordSuccess('5.5.5.5', 'dave');
    t.recordFailure('5.5.5.5', 'dave');
    expect(t.check('5.5.5.5', 'dave').allowed).toBe(true);
  });

  it('keeps its memory bounded', () => {
    const t = new LoginThrottle({ ...opts, maxEntries: 50 });
    for (let i = 0; i < 1000; i++) t.recordFailure(`10.0.${i >> 8}.${i & 255}`, `u${i}`);
    expect((t as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(
      50,
    );
  });
});

describe('sign-in throttling over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ throttle: { ...opts, baseDelayMs: 400 } });
  });
  afterAll(() => h.close());

  it('refuses further tries from the failing IP with 429 and Retry-After, while other IPs still sign in', async () => {
    const school = await createSchool(h.ctx);
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    for (let i = 0; i < 3; i++) {
      const bad = await passwordGrant(h.app, u.username, 'Wrong_pass1', { ip: '7.7.7.7' });
      expect(bad.json().errorKey).toBe('auth.bad_credentials');
    }
    const blocked = await passwordGrant(h.app, u.username, u.password, {
      ip: '7.7.7.7',
      lang: 'en',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 9000, errorKey: 'auth.throttled' });
    expect(blocked.json().message).toMatch(/try again in 1 s/);
    expect(blocked.headers['retry-after']).toBe('1');
    const zh = await passwordGrant(h.app, u.username, u.password, { ip: '7.7.7.7', lang: 'zh' });
    expect(zh.json().message).toMatch(/秒后再试/);

    const elsewhere = await passwordGrant(h.app, u.username, u.password, { ip: '8.8.8.8' });
    expect(elsewhere.json().code).toBe(200);
    const token = elsewhere.json().data.access_token;
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api-user/users/current',
          headers: bearer(token),
        })
      ).json().code,
    ).toBe(200);

    await new Promise((r) => setTimeout(r, 450));
    const later = await passwordGrant(h.app, u.username, u.password, { ip: '7.7.7.7' });
    expect(later.json().code).toBe(200);
  });

  it('slows the answers for an account attacked from many IPs, yet lets its owner in', async () => {
    const school = await createSchool(h.ctx);
    const u = await createUser(h.ctx, { schoolId: school.id, roles: ['student'] });
    for (let i = 0; i < 6; i++)
      await passwordGrant(h.app, u.username, 'Wrong_pass1', { ip: `6.6.6.${i}` });
    const started = Date.now();
    const owner = await passwordGrant(h.app, u.username, u.password, { ip: '5.4.3.2' });
    expect(owner.json().code).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
