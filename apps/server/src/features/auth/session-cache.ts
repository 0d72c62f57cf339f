import type { Actor } from './actor';

interface Cached {
  actor: Actor;
  accessExpiresAt: number;
  cachedAt: number;
}

/**
 * Access-token digests recently seen, so frequent calls (lab heartbeats and polls) do not each
 * read the session. Every revocation and role change forgets the session at once, in every
 * process (revocation.ts).
 */
export class SessionCache {
  private readonly entries = new Map<string, Cached>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(digest: string, now: number): Actor | null {
    const hit = this.entries.get(digest);
    if (!hit) return null;
    if (hit.cachedAt + this.ttlMs <= now || hit.accessExpiresAt <= now) {
      this.entries.delete(digest);
      return null;
    }
    return hit.actor;
  }

  set(digest: string, actor: Actor, accessExpiresAt: number, now: number): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(digest, { actor, accessExpiresAt, cachedAt: now });
  }

  forgetSession(sessionId: string): void {
    for (const [digest, c] of this.entries)
      if (c.actor.sessionId === sessionId) this.entries.delete(digest);
  }

  forgetSchool(schoolId: string): void {
    for (const [digest, c] of this.entries)
      if (c.actor.schoolId === schoolId) this.entries.delete(digest);
  }

  clear(): void {
    this.entries.clear();
  }

  forgetUser(userId: string): void {
    for (const [digest, c] of this.entries)
      if (c.actor.userId === userId) this.entries.delete(digest);
  }
}

export const sessionCache = new SessionCache(5_000, 100_000);
