import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { Turns } from './pglite-turns';
import { schools } from './schema';

const onPglite = process.env.TEST_DATABASE !== 'postgres';

describe('PGlite taken in turns', () => {
  it.runIf(onPglite)(
    'keeps the event loop turning while a hundred callers queue statements',
    async () => {
      const database = await openPglite(null);
      await database.db.insert(schools).values({ id: '1', name: 'One', url: 'sch_one' });
      let longestGap = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const until = performance.now() + 1_500;
      let statements = 0;
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          while (performance.now() < until) {
            await database.db
              .select()
              .from(schools)
              .where(sql`${schools.id} = '1'`);
            statements++;
          }
        }),
      );
      clearInterval(ticker);
      longestGap = Math.max(longestGap, performance.now() - last);
      await database.close();
      expect(statements).toBeGreaterThan(100);
      expect(longestGap).toBeLessThan(250);
    },
    30_000,
  );

  it('serves callers first come, first served, and goes round the event loop between slices', async () => {
    const turns = new Turns(5);
    const order: number[] = [];
    let immediates = 0;
    const counting = setInterval(() => void setImmediate(() => immediates++), 0);
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        turns.run(async () => {
          busy(2);
          order.push(i);
        }),
      ),
    );
    clearInterval(counting);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(immediates).toBeGreaterThan(3);
    expect(turns.queued).toBe(0);
  });
});
