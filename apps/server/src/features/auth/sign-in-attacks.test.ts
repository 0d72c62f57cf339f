import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { authApi } from '@platform/contract';
import { buildApp } from '../../app';
import { createSchool, createUser } from '../../test/factories';
import { createHarness, WEB_BASIC, type Harness } from '../../test/harness';

/**
 * The attacks of issue 9 against the token endpoint, with the addresses a proxy reports
 * (TRUST_PROXY and X-Forwarded-For, as the probe used) and the harness clock.
 */
let h: Harness;
let schoolId: string;

beforeAll(async () => {
  h = await createHarness({ config: { trustProxy: true } });
  schoolId = (await createSchool(h.ctx)).id;
});
afterAll(() => h.close());

const HOUR = 3_600_000;

async function grant(
  username: string,
  password: string,
  opts: { ip: string; cookie?: string | undefined },
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: authApi.token.path,
    headers: {
      authorization: WEB_BASIC,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': opts.ip,
      'accept-language': 'en',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
}

/** The device cookie a sign-in set, as a browser sends it back. */
function deviceCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  return first?.split(';')[0];
}

let attackerCount = 0;
/** Every guess of the attacker comes from an address it has not used before. */
const attackerIp = () => {
  const n = attackerCount++;
  return `203.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * Guesses one account's password for `minutes` simulated minutes, `perMinute` guesses a minute
 * sent at once, each from a new address. Answers when each evaluated guess was made (every
 * answer other than 429 means the password was verified) and how many were refused.
 */
async function attack(username: string, minutes: number, perMinute = 20) {
  const evaluatedAt: number[] = [];
  let refused = 0;
  for (let m = 0; m < minutes; m++) {
    h.advance(60_000);
    const at = h.ctx.now().getTime();
    const answers = await Promise.all(
      Array.from({ length: perMinute }, (_, i) =>
        grant(username, `Guess_${m}_${i}`, { ip: attackerIp() }),
      ),
    );
    for (const a of answers) {
      if (a.statusCode === 429) refused++;
      else evaluatedAt.push(at);
    }
  }
  return { evaluatedAt, refused };
}

/** The most evaluated guesses within any 60 minutes. */
function busiestHour(times: number[]): number {
  let most = 0;
  for (let i = 0; i < times.length; i++) {
    const inHour = times.filter((t) => t >= times[i]! && t < times[i]! + HOUR).length;
    most = Math.max(most, inHour);
  }
  return most;
}

const victim = () => createUser(h.ctx, { schoolId, roles: ['teacher'] });

describe('an account attacked from many addresses', () => {
  it('has at most 100 of its passwords verified in any hour for unknown devices', async () => {
    const u = await victim();
    const began = performance.now();
    const { evaluatedAt, refused } = await attack(u.username, 120);
    // The harness clock also runs in real time: the attack's own duration may add a token.
    const drift = Math.ceil((performance.now() - began) / 45_000);
    expect(evaluatedAt.length + refused).toBe(2400);
    expect(busiestHour(evaluatedAt)).toBeLessThanOrEqual(100);
    expect(busiestHour(evaluatedAt)).toBeGreaterThanOrEqual(88);
    const expected = 10 + Math.floor((119 * 60) / 45);
    expect(evaluatedAt.length).toBeGreaterThanOrEqual(expected);
    expect(evaluatedAt.length).toBeLessThanOrEqual(expected + drift);
  });

  it('answers a refused guess 429 with the seconds to wait, without verifying the password', async () => {
    const u = await victim();
    await attack(u.username, 1, 30);
    const res = await grant(u.username, u.password, { ip: attackerIp() });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 9000, errorKey: 'auth.throttled' });
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(45);
    expect(res.json().message).toContain(`try again in ${seconds} s`);
  });

  it('lets the owner in at once from a device that signed in before', async () => {
    const u = await victim();
    const first = await grant(u.username, u.password, { ip: '192.0.2.10' });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(first.headers['set-cookie']).toMatch(
      /HttpOnly; SameSite=Strict; Path=\/api-uaa\/oauth; Max-Age=\d+/,
    );
    await attack(u.username, 30);
    expect((await grant(u.username, u.password, { ip: attackerIp() })).statusCode).toBe(429);
    const owner = await grant(u.username, u.password, { ip: '192.0.2.99', cookie });
    expect(owner.statusCode).toBe(200);
  });

  it('lets the owner in at once on a new device in a network they signed in from before', async () => {
    const u = await victim();
    expect((await grant(u.username, u.password, { ip: '198.51.100.7' })).statusCode).toBe(200);
    await attack(u.username, 30);
    expect((await grant(u.username, u.password, { ip: attackerIp() })).statusCode).toBe(429);
    const owner = await grant(u.username, u.password, { ip: '198.51.100.7' });
    expect(owner.statusCode).toBe(200);
  });

  it('lets the owner in on a new device elsewhere after at most 45 s', async () => {
    const u = await victim();
    await attack(u.username, 30);
    let waited = 0;
    let res = await grant(u.username, u.password, { ip: '192.0.2.77' });
    if (res.statusCode === 429) {
      waited = Number(res.headers['retry-after']);
      h.advance(waited * 1000);
      res = await grant(u.username, u.password, { ip: '192.0.2.77' });
    }
    expect(res.statusCode).toBe(200);
    expect(waited).toBeLessThanOrEqual(45);
  });

  it('stops trusting a device cookie that failed 10 times within an hour', async () => {
    const u = await victim();
    const cookie = deviceCookieOf(await grant(u.username, u.password, { ip: '192.0.2.20' }));
    await attack(u.username, 30);
    for (let i = 0; i < 10; i++) {
      const typo = await grant(u.username, `Typo_pass${i}`, { ip: '192.0.2.21', cookie });
      expect(typo.json().errorKey).toBe('auth.bad_credentials');
    }
    expect((await grant(u.username, u.password, { ip: '192.0.2.21', cookie })).statusCode).toBe(
      429,
    );
    h.advance(HOUR);
    expect((await grant(u.username, u.password, { ip: '192.0.2.21', cookie })).statusCode).toBe(
      200,
    );
  });

  it('trusts a device cookie only for the account it was set for, and only as it was set', async () => {
    const other = await victim();
    const u = await victim();
    const cookie = deviceCookieOf(
      await grant(other.username, other.password, { ip: '192.0.2.30' }),
    );
    const own = deviceCookieOf(await grant(u.username, u.password, { ip: '192.0.2.31' }));
    await attack(u.username, 30);
    expect((await grant(u.username, u.password, { ip: '192.0.2.32', cookie })).statusCode).toBe(
      429,
    );
    const tampered = own!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(
      (await grant(u.username, u.password, { ip: '192.0.2.32', cookie: tampered })).statusCode,
    ).toBe(429);
  });
});

describe('device cookies', () => {
  it('stay trusted after a restart: the secret is kept in the database', async () => {
    const u = await victim();
    const cookie = deviceCookieOf(await grant(u.username, u.password, { ip: '192.0.2.40' }));
    const restarted = await buildApp(h.ctx, { logger: false, serveWeb: false });
    try {
      const signIn = (ip: string, password: string, withCookie?: string) =>
        restarted.inject({
          method: 'POST',
          url: authApi.token.path,
          remoteAddress: ip,
          headers: {
            authorization: WEB_BASIC,
            'content-type': 'application/x-www-form-urlencoded',
            ...(withCookie ? { cookie: withCookie } : {}),
          },
          payload: new URLSearchParams({
            grant_type: 'password',
            username: u.username,
            password,
          }).toString(),
        });
      let refused = 0;
      for (let i = 0; i < 11; i++)
        if ((await signIn(`203.0.114.${i}`, `Guess_${i}x`)).statusCode === 429) refused++;
      // On PostgreSQL the counters are in the database and outlive the restart: the first
      // sign-in took a token too.
      expect(refused).toBe(h.database.kind === 'postgres' ? 2 : 1);
      expect((await signIn('192.0.2.41', u.password, cookie)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('the owner and others behind one address', () => {
  it('still signs in after 25 failures with random names from the same address', async () => {
    const u = await victim();
    for (let i = 0; i < 25; i++) {
      const res = await grant(`nobody_${i}_${Date.now()}`, 'Wrong_pass1', { ip: '100.64.0.1' });
      expect(res.json().errorKey).toBe('auth.bad_credentials');
    }
    const started = performance.now();
    const owner = await grant(u.username, u.password, { ip: '100.64.0.1' });
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('costs the owner at most seconds for four typos, on a new device or a known one', async () => {
    const u = await victim();
    const started = performance.now();
    for (let i = 0; i < 4; i++) {
      const typo = await grant(u.username, `Typo_pass${i}`, { ip: '100.64.0.2' });
      expect(typo.json().errorKey).toBe('auth.bad_credentials');
    }
    const owner = await grant(u.username, u.password, { ip: '100.64.0.2' });
    expect(owner.statusCode).toBe(200);
    const cookie = deviceCookieOf(owner);
    for (let i = 0; i < 4; i++)
      await grant(u.username, `Typo_again${i}`, { ip: '100.64.0.3', cookie });
    expect((await grant(u.username, u.password, { ip: '100.64.0.3', cookie })).statusCode).toBe(
      200,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
