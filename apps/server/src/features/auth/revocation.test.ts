import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersApi } from '@platform/contract';
import { authSessions } from '../../db/schema';
import { callerOn, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { REVOCATION_CHANNEL } from './revocation';

let h: Harness;
const call = callerOn(() => h.app);

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function refusedWithin(who: { headers: Record<string, string> }, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const res = await call(who, 'GET', usersApi.current.path);
    if (res.status === 401) return;
    if (Date.now() > end) throw new Error(`still answered ${res.status} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Another process ends a session: the row changes in the database, and the process announces it
 * on the bus. This process's cache still holds the session until the announcement arrives.
 */
async function revokedElsewhere(where: ReturnType<typeof sql>, payload: object) {
  await h.ctx.db.transaction(async (tx) => {
    await tx.update(authSessions).set({ revokedAt: new Date(), revokeReason: 'test' }).where(where);
    await tx.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(payload)})`);
  });
}

describe('revocations announced by other processes', () => {
  it('a session revoked without the announcement stays cached; the announcement ends it', async () => {
    const user = await signedIn(h.app, h.ctx);
    expect((await call(user, 'GET', usersApi.current.path)).status).toBe(200);
    const [session] = await h.ctx.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id));

    await h.ctx.db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokeReason: 'test' })
      .where(eq(authSessions.id, session!.id));
    // The cache answers: nothing told this process yet.
    expect((await call(user, 'GET', usersApi.current.path)).status).toBe(200);

    await h.ctx.bus.publish(REVOCATION_CHANNEL, JSON.stringify({ session: session!.id }));
    await refusedWithin(user, 1_000);
  });

  it('forgets every session of a user, and of a school, on their announcements', async () => {
    const schoolId = (await createSchool(h.ctx)).id;
    const alone = await signedIn(h.app, h.ctx);
    const inSchool = await signedIn(h.app, h.ctx, { schoolId });
    expect((await call(alone, 'GET', usersApi.current.path)).status).toBe(200);
    expect((await call(inSchool, 'GET', usersApi.current.path)).status).toBe(200);

    await revokedElsewhere(sql`${authSessions.userId} = ${alone.id}`, { user: alone.id });
    await refusedWithin(alone, 1_000);

    await revokedElsewhere(sql`${authSessions.userId} = ${inSchool.id}`, { school: schoolId });
    await refusedWithin(inSchool, 1_000);
  });

  it('ignores messages it does not understand', async () => {
    const user = await signedIn(h.app, h.ctx);
    await h.ctx.bus.publish(REVOCATION_CHANNEL, 'not json');
    await h.ctx.bus.publish(REVOCATION_CHANNEL, JSON.stringify({ other: user.id }));
    expect((await call(user, 'GET', usersApi.current.path)).status).toBe(200);
  });
});
