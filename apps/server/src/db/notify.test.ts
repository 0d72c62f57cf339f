import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { queryRows } from '../lib/sql';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Waits until `check` holds, for at most `ms`. */
async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the notification bus', () => {
  it('delivers to every subscriber of the channel, only after the transaction commits', async () => {
    const { bus, db } = h.ctx;
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    const stopFirst = await bus.subscribe('bus_test', (p) => first.push(p));
    const stopSecond = await bus.subscribe('bus_test', (p) => second.push(p));
    const stopOther = await bus.subscribe('bus_test_other', (p) => other.push(p));

    await bus.publish('bus_test', 'one');
    await until(() => first.length === 1 && second.length === 1);

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('bus_test', 'rolled back')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('bus_test', 'committed')`);
    });
    await until(() => first.length === 2);
    expect(first).toEqual(['one', 'committed']);
    expect(other).toEqual([]);

    await stopFirst();
    await bus.publish('bus_test', 'three');
    await until(() => second.length === 3);
    expect(first).toEqual(['one', 'committed']);
    await stopSecond();
    await stopOther();
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(h.ctx.bus.publish('bad"name', 'x')).rejects.toThrow(/channel/);
    await expect(h.ctx.bus.subscribe('Bad Name', () => {})).rejects.toThrow(/channel/);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'listens again after its connection drops, and says messages may have been lost',
    async () => {
      const { bus, db } = h.ctx;
      const got: string[] = [];
      let gaps = 0;
      const stopGap = bus.onGap(() => gaps++);
      const stop = await bus.subscribe('bus_drop', (p) => got.push(p));
      const killed = await queryRows<{ pid: number }>(
        db,
        sql`select pg_terminate_backend(pid) as killed, pid from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(killed.length).toBeGreaterThan(0);
      await until(() => gaps === 1, 5_000);
      await bus.publish('bus_drop', 'after');
      await until(() => got.includes('after'));
      stopGap();
      await stop();
    },
  );
});
