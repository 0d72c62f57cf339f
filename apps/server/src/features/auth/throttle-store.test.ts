import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { defaultThrottleOptions, LoginThrottle } from './login-throttle';
import { DbThrottleStore } from './throttle-store';

const DAY = 86_400_000;
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('sign-in counters in the database', () => {
  it('are removed once untouched for longer than any of them counts, and not before', async () => {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const store = new DbThrottleStore(h.ctx.db);
    const throttle = new LoginThrottle(defaultThrottleOptions, () => clock.now, store);
    const attempt = { login: 'prune-me', device: null, address: '203.0.113.9' };
    await throttle.admit(attempt);
    await throttle.failed(attempt, { trusted: false });
    await throttle.succeeded(attempt);
    const keys = async () =>
      (await h.ctx.db.select({ key: authThrottle.key }).from(authThrottle))
        .map((r) => r.key)
        .filter((key) => key.includes('prune-me') || key.startsWith('a:203.0.113.9'))
        .sort();
    const written = await keys();
    expect(written).toEqual(['a:203.0.113.9', 'n:prune-me:203.0.113.9', 'u:prune-me']);

    // The network stays known for 90 days: a day before that, nothing goes.
    clock.now += 89 * DAY;
    await throttle.prune();
    expect(await keys()).toEqual(written);
    expect(await store.countEvents('n:prune-me:203.0.113.9', 90 * DAY, clock.now)).toBe(1);

    clock.now += 2 * DAY;
    await throttle.prune();
    expect(await keys()).toEqual([]);
  });
});
