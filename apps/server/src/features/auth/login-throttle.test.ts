import { describe, expect, it } from 'vitest';
import {
  defaultThrottleOptions,
  hourlyMaximum,
  LoginThrottle,
  networkOf,
  type Attempt,
} from './login-throttle';
import { MemoryThrottleStore } from './throttle-store';

const HOUR = 3_600_000;

function throttle() {
  const clock = { now: 0 };
  const t = new LoginThrottle(defaultThrottleOptions, () => clock.now);
  return { t, clock };
}

const from = (address: string, device: string | null = null): Attempt => ({
  login: 'Alice',
  device,
  address,
});

/** Tries until refused; answers how many were let through. */
async function drain(t: LoginThrottle, attempt: () => Attempt): Promise<number> {
  let allowed = 0;
  while ((await t.admit(attempt())).allowed) {
    await t.failed(attempt(), { trusted: false });
    allowed++;
  }
  return allowed;
}

describe('LoginThrottle', () => {
  it('lets at most 100 attempts an hour through for devices an account does not trust', async () => {
    const o = defaultThrottleOptions;
    expect(hourlyMaximum(o.unknownDevices) + hourlyMaximum(o.knownNetworks)).toBe(100);
  });

  it('gives unknown devices a burst of 10, then one attempt every 45 s, whatever the address', async () => {
    const { t, clock } = throttle();
    let n = 0;
    expect(await drain(t, () => from(`203.0.113.${n++ % 250}`))).toBe(10);
    const refused = await t.admit(from('198.51.100.1'));
    expect(refused).toEqual({ allowed: false, retryAfterMs: 45_000 });
    clock.now += 44_999;
    expect((await t.admit(from('198.51.100.1'))).allowed).toBe(false);
    clock.now += 1;
    expect(await t.admit(from('198.51.100.1'))).toEqual({
      allowed: true,
      trusted: false,
      slowdownMs: 0,
    });
    expect((await t.admit({ ...from('198.51.100.1'), login: 'ALICE ' })).allowed).toBe(false);
    expect((await t.admit({ ...from('198.51.100.1'), login: 'bob' })).allowed).toBe(true);
  });

  it('keeps a budget for networks the account signed in from', async () => {
    const { t, clock } = throttle();
    await t.succeeded(from('198.51.100.7'));
    await drain(t, () => from('203.0.113.9'));
    expect((await t.admit(from('203.0.113.10'))).allowed).toBe(false);
    expect(await drain(t, () => from('198.51.100.7'))).toBe(5);
    const v = await t.admit(from('198.51.100.7'));
    expect(v).toEqual({ allowed: false, retryAfterMs: 45_000 });
    clock.now += 91 * 86_400_000;
    await t.admit(from('203.0.113.9'));
    expect(await drain(t, () => from('203.0.113.9'))).toBe(9);
    expect((await t.admit(from('198.51.100.7'))).allowed).toBe(false);
  });

  it('trusts a proven device until it fails 10 times within an hour', async () => {
    const { t, clock } = throttle();
    await drain(t, () => from('203.0.113.9'));
    for (let i = 0; i < 10; i++) {
      const v = await t.admit(from('203.0.113.9', 'dev1'));
      expect(v).toEqual({ allowed: true, trusted: true, slowdownMs: 0 });
      await t.failed(from('203.0.113.9', 'dev1'), { trusted: true });
      clock.now += 60_000;
    }
    expect(await t.admit(from('203.0.113.9', 'dev1'))).toEqual({
      allowed: true,
      trusted: false,
      slowdownMs: 0,
    });
    clock.now += HOUR - 10 * 60_000 + 1;
    expect(await t.admit(from('203.0.113.9', 'dev1'))).toMatchObject({ trusted: true });
  });

  it('forgives a device its failures when it proves the password', async () => {
    const { t } = throttle();
    for (let i = 0; i < 9; i++) await t.failed(from('203.0.113.9', 'dev1'), { trusted: true });
    await t.succeeded(from('203.0.113.9', 'dev1'));
    for (let i = 0; i < 9; i++) await t.failed(from('203.0.113.9', 'dev1'), { trusted: true });
    expect(await t.admit(from('203.0.113.9', 'dev1'))).toMatchObject({ trusted: true });
  });

  it('only slows an address that fails often, never refuses it, and forgets it after 15 minutes', async () => {
    const { t, clock } = throttle();
    for (let i = 0; i < 20; i++)
      await t.failed({ ...from('100.64.0.1'), login: `u${i}` }, { trusted: false });
    expect(await t.admit({ ...from('100.64.0.1'), login: 'teacher' })).toMatchObject({
      allowed: true,
      slowdownMs: 0,
    });
    for (let i = 0; i < 100; i++)
      await t.failed({ ...from('100.64.0.1'), login: `v${i}` }, { trusted: false });
    expect(await t.admit({ ...from('100.64.0.1'), login: 'teacher' })).toMatchObject({
      allowed: true,
      slowdownMs: 2_000,
    });
    expect(await t.admit({ ...from('100.64.0.1', 'dev'), login: 'teacher' })).toMatchObject({
      slowdownMs: 0,
    });
    clock.now += 15 * 60_000 + 1;
    expect(await t.admit({ ...from('100.64.0.1'), login: 'teacher' })).toMatchObject({
      slowdownMs: 0,
    });
  });

  it('counts IPv6 addresses by their /64 network', async () => {
    expect(networkOf('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(networkOf('192.0.2.1')).toBe('192.0.2.1');
  });

  it('keeps its memory bounded', async () => {
    const store = new MemoryThrottleStore(1_000);
    const t = new LoginThrottle(defaultThrottleOptions, () => 0, store);
    for (let i = 0; i < 20_000; i++) {
      const a = {
        login: `u${i}`,
        device: `d${i}`,
        address: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
      };
      await t.admit(a);
      await t.failed(a, { trusted: true });
      await t.succeeded(a);
    }
    expect(store.size).toBeLessThanOrEqual(1_000);
  });
});
