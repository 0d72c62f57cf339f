import { describe, expect, it } from 'vitest';
import type { Actor } from './auth.plugin';
import { SessionCache } from './session-cache';

const actor = (sessionId: string, userId: string): Actor => ({
  userId,
  username: userId,
  schoolId: null,
  sessionId,
  clientId: 'web',
  mustChangePassword: false,
  roles: [],
});

describe('session cache', () => {
  it('answers within its time to live and before the token expires, then forgets', () => {
    const cache = new SessionCache(1_000, 10);
    cache.set('a', actor('s1', 'u1'), 5_000, 0);
    expect(cache.get('a', 999)?.sessionId).toBe('s1');
    expect(cache.get('a', 1_000)).toBeNull();
    cache.set('b', actor('s2', 'u1'), 500, 0);
    expect(cache.get('b', 500)).toBeNull();
  });

  it('forgets a revoked session or every session of a user at once', () => {
    const cache = new SessionCache(60_000, 10);
    cache.set('a', actor('s1', 'u1'), 1e12, 0);
    cache.set('b', actor('s2', 'u1'), 1e12, 0);
    cache.set('c', actor('s3', 'u2'), 1e12, 0);
    cache.forgetSession('s1');
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).not.toBeNull();
    cache.forgetUser('u1');
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('c', 1)?.userId).toBe('u2');
  });

  it('keeps at most its maximum, dropping the oldest', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('a', actor('s1', 'u1'), 1e12, 0);
    cache.set('b', actor('s2', 'u2'), 1e12, 0);
    cache.set('c', actor('s3', 'u3'), 1e12, 0);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
  });
});
