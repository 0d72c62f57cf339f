import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NotifyBus } from '../../db/notify';
import { sessionCache } from './session-cache';

/** The channel on which every server process hears of sessions it must forget. */
export const REVOCATION_CHANNEL = 'auth_revocation';

/** Sessions to forget: one session, every session of a user, or of a school's accounts. */
export type Revocation = { session: string } | { user: string } | { school: string };

const listeners = new Set<(r: Revocation) => void>();

function forget(r: Revocation): void {
  if ('session' in r) sessionCache.forgetSession(r.session);
  else if ('user' in r) sessionCache.forgetUser(r.user);
  else sessionCache.forgetSchool(r.school);
  for (const listener of listeners) listener(r);
}

/**
 * Calls `listener` when the session of `actor` is revoked, here or in another process (its
 * logout, its user's or school's sessions ended), until the returned function is called. For
 * what outlives a request, such as a stream.
 */
export function onRevoked(
  actor: { sessionId: string; userId: string; schoolId: string | null },
  listener: () => void,
): () => void {
  const check = (r: Revocation) => {
    if (
      ('session' in r && r.session === actor.sessionId) ||
      ('user' in r && r.user === actor.userId) ||
      ('school' in r && r.school === actor.schoolId)
    )
      listener();
  };
  listeners.add(check);
  return () => listeners.delete(check);
}

function parse(payload: string): Revocation | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    for (const key of ['session', 'user', 'school'] as const)
      if (typeof value[key] === 'string') return { [key]: value[key] } as Revocation;
  } catch {
    // Not ours: ignored.
  }
  return null;
}

/**
 * Forgets the sessions here at once, and in every process (this one again) when `db`'s
 * transaction commits, so a request that read the session before the commit cannot keep it.
 */
export async function announceRevocation(db: Db, r: Revocation): Promise<void> {
  forget(r);
  await db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(r)})`);
}

/**
 * Forgets what the other processes announce. When the bus lost messages, every cached session
 * is forgotten: the next request of each reads its session again.
 */
export async function listenForRevocations(bus: NotifyBus): Promise<() => Promise<void>> {
  const stopGap = bus.onGap(() => sessionCache.clear());
  const stop = await bus.subscribe(REVOCATION_CHANNEL, (payload) => {
    const r = parse(payload);
    if (r) forget(r);
  });
  return async () => {
    stopGap();
    await stop();
  };
}
