import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingApi, labsApi, type Order } from '@platform/contract';
import {
  billingLedger,
  billingPrices,
  billingUsageDetails,
  billingUsageProgress,
  labContainers,
  labUsage,
  schools,
} from '../../db/schema';
import { callerOn, createEnvironment, schoolWithStaff, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { openPostgres } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { queryRows } from '../../lib/sql';
import { reconcile } from './billing.ledger';
import { chargeSchool } from './billing.metering';

/*
 * Issue 14: 200 lab starts and 200 usage charges of one school at once, against a balance that
 * covers half of them: half of the hours the starts hold (a start holds an hour of every running
 * lab of the school, its own included) and half of what the records cost. On PGlite the
 * transactions take turns on one connection; on PostgreSQL they race for the school's row.
 */

const N = 200;
const hour = 3_600_000;
/** One core of a simulation lab for an hour: what a start holds per running lab. */
const fenPerHour = 200;
/** Each usage record is half an hour of such a lab. */
const recordFen = fenPerHour / 2;
const balanceFen = (N / 2) * fenPerHour + (N / 2) * recordFen;
const giftFen = 5_000;
const rechargeFen = balanceFen - giftFen;

let h: Harness;
const call = callerOn(() => h.app);

beforeAll(async () => {
  h = await createHarness({
    // The tick would charge the running labs meanwhile; this test charges by hand.
    config: { labMaxStarting: 1000, billingTickMs: 3_600_000 },
  });
});
afterAll(() => h.close());

/**
 * Where the charges run: on PostgreSQL a pool of its own, as another server process would, so that
 * they meet the starts at the school's row rather than in the line for the app's connections.
 */
async function chargingContext(): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  if (h.database.kind !== 'postgres') return { ctx: h.ctx, close: async () => {} };
  const rows = await queryRows<{ name: string }>(h.ctx.db, sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const database = await openPostgres(url.toString());
  return { ctx: { ...h.ctx, db: database.db }, close: () => database.close() };
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

describe('a balance for half of 200 starts and 200 charges at once', () => {
  it('admits what the balance holds, charges each record once, and the ledger sums to the balance', async () => {
    const s = await schoolWithStaff(h.app, h.ctx, 'Crowd');
    const env = await createEnvironment(h.ctx, {
      experimentKind: '1',
      resourceKind: 'SIMULATION',
      type: 1,
      cpuCore: 1,
      memorySize: 1,
      diskSize: 10,
    });
    const t = h.ctx.now().getTime();
    // Set a week ago, so the records of the last hours are priced by it.
    await h.ctx.db.insert(billingPrices).values({
      id: h.ctx.ids.next(),
      item: 'cpu_hour',
      envKind: 'SIMULATION',
      unitFen: fenPerHour,
      effectiveFrom: new Date(t - 7 * 24 * hour),
    });
    const placed = await call<Order>(s.operator, 'POST', billingApi.orderAdd.path, {
      idempotencyKey: randomUUID().replace(/-/g, ''),
      schoolId: s.schoolId,
      type: 'amount',
      rechargeFen,
      giftFen,
      effectiveAt: new Date(t - 24 * hour).toISOString(),
      expiresAt: new Date(t + 365 * 24 * hour).toISOString(),
    });
    expect(placed.status, JSON.stringify(placed)).toBe(200);

    const students = await inBatches(
      Array.from({ length: N }, (_, i) => i),
      8,
      () => signedIn(h.app, h.ctx, { schoolId: s.schoolId, roles: ['student'] }),
    );
    // Closed records of half an hour from a whole hour: none crosses a billing day.
    const hourStart = Math.floor(t / hour) * hour - 3 * hour;
    const usageIds = students.map(() => h.ctx.ids.next());
    await h.ctx.db.insert(labUsage).values(
      students.map((st, i) => ({
        id: usageIds[i]!,
        containerId: h.ctx.ids.next(),
        userId: st.id,
        schoolId: s.schoolId,
        envId: env.id,
        envName: env.name,
        resourceKind: 'SIMULATION',
        resources: { cpuCore: 1, memorySize: 1, diskSize: 10, gpuCount: 0 },
        startedAt: new Date(hourStart),
        stoppedAt: new Date(hourStart + hour / 2),
        stopReason: 'user',
      })),
    );

    // Charge i sets off when the i-th start reaches its admission. Sent together, the charges
    // would all take the school's row before any start got there (a start reads its session and
    // environment first), or all after; this way the two kinds take turns with the row.
    const gate = h.app.labs.runtime.admission;
    const admit = gate.admit.bind(gate);
    const arrivals = usageIds.map(() => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    });
    let admissions = 0;
    const heard = vi.spyOn(gate, 'admit').mockImplementation((tx, req) => {
      arrivals[admissions++]?.resolve();
      return admit(tx, req);
    });
    const starts = students.map(
      (st) => () => call<string[]>(st, 'POST', labsApi.start.path, { expEnvId: env.id }),
    );
    const charging = await chargingContext();
    const charges = usageIds.map((usageId, i) => async () => {
      await arrivals[i]!.promise;
      return chargeSchool(charging.ctx, s.schoolId, { usageId });
    });
    // PGlite serves its callers first come, first served: 200 starts sent at once would all
    // queue their transactions before the first charge, so there the starts go in waves of 20.
    const wave = h.database.kind === 'pglite' ? 20 : N;
    const results = await inBatches(
      starts.map((start, i) => [start, charges[i]!] as const),
      wave,
      async ([start, charge]) => Promise.all([start(), charge()]),
    ).then((pairs) => pairs.flat());
    heard.mockRestore();
    await charging.close();
    await h.app.labs.runtime.settle();
    const answers = results.filter((_, i) => i % 2 === 0) as Awaited<
      ReturnType<(typeof starts)[number]>
    >[];

    const admitted = students.filter((_, i) => answers[i]!.status === 200);
    const refused = students.filter((_, i) => answers[i]!.status !== 200);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status, JSON.stringify(a)).toBe(402);
      expect(a.errorKey).toBe('billing.exhausted');
    }
    // The balance holds an hour of at most 150 labs; the charges leave at least 50 hours of it.
    const most = balanceFen / fenPerHour;
    const least = (balanceFen - N * recordFen) / fenPerHour;
    expect(admitted.length).toBeLessThanOrEqual(most);
    expect(admitted.length).toBeGreaterThanOrEqual(least);
    expect(refused.length).toBe(N - admitted.length);

    const containers = await h.ctx.db
      .select({ id: labContainers.id, userId: labContainers.userId })
      .from(labContainers)
      .where(and(eq(labContainers.schoolId, s.schoolId), eq(labContainers.desiredState, 1)));
    expect(containers).toHaveLength(admitted.length);
    expect(new Set(containers.map((c) => c.userId))).toEqual(new Set(admitted.map((a) => a.id)));
    const leftBehind = await h.ctx.db
      .select({ id: labContainers.id })
      .from(labContainers)
      .where(
        inArray(
          labContainers.userId,
          refused.map((r) => r.id),
        ),
      );
    expect(leftBehind).toEqual([]);
    expect(refused.flatMap((r) => h.app.labs.runtime.entriesOf(r.id, env.id))).toEqual([]);

    // Replays the school's turns in the order they held its row: ids are taken under the lock,
    // from one generator. Each admission had an hour of every lab then running, its own included.
    const ledger = await h.ctx.db
      .select()
      .from(billingLedger)
      .where(eq(billingLedger.schoolId, s.schoolId));
    const turns = [
      ...ledger.map((e) => ({ id: BigInt(e.id), balance: e.giftAfter + e.rechargeAfter })),
      ...containers.map((c) => ({ id: BigInt(c.id), balance: null })),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    let balance = 0;
    let running = 0;
    for (const turn of turns) {
      if (turn.balance === null) {
        running += 1;
        expect(balance).toBeGreaterThanOrEqual(running * fenPerHour);
      } else balance = turn.balance;
    }
    // And the two kinds did take turns: some charge came between the first and last admission.
    const admittedAt = turns.filter((t) => t.balance === null).map((t) => t.id);
    expect(
      ledger.some(
        (e) =>
          e.reason === 'usage' &&
          BigInt(e.id) > admittedAt[0]! &&
          BigInt(e.id) < admittedAt.at(-1)!,
      ),
    ).toBe(true);

    const [school] = await h.ctx.db
      .select({ recharge: schools.rechargeBalance, gift: schools.giftBalance })
      .from(schools)
      .where(eq(schools.id, s.schoolId));
    expect(Number(school!.recharge)).toBeGreaterThanOrEqual(0);
    expect(Number(school!.gift)).toBeGreaterThanOrEqual(0);
    const left = Number(school!.recharge) + Number(school!.gift);
    // A refusal saw at least what is left now, and fewer labs than were admitted in the end.
    expect(left).toBeLessThan((admitted.length + 1) * fenPerHour);

    // Every record charged in one run, in full: paid and owed make its cost.
    const details = await h.ctx.db
      .select({
        usageId: billingUsageDetails.usageId,
        runs: sql<number>`count(distinct ${billingUsageDetails.runId})::int`,
        cost: sql<number>`sum(${billingUsageDetails.costFen})::int`,
        paid: sql<number>`sum(${billingUsageDetails.giftFen} + ${billingUsageDetails.rechargeFen})::int`,
        gift: sql<number>`sum(${billingUsageDetails.giftFen})::int`,
        owed: sql<number>`sum(${billingUsageDetails.owedFen})::int`,
      })
      .from(billingUsageDetails)
      .where(inArray(billingUsageDetails.usageId, usageIds))
      .groupBy(billingUsageDetails.usageId);
    expect(details).toHaveLength(N);
    for (const d of details) {
      expect(d.runs).toBe(1);
      expect(d.cost).toBe(recordFen);
      expect(d.paid + d.owed).toBe(d.cost);
    }
    const progress = await h.ctx.db
      .select({ done: billingUsageProgress.done })
      .from(billingUsageProgress)
      .where(inArray(billingUsageProgress.usageId, usageIds));
    expect(progress).toHaveLength(N);
    expect(progress.every((p) => p.done)).toBe(true);
    const paid = details.reduce((sum, d) => sum + d.paid, 0);
    const gift = details.reduce((sum, d) => sum + d.gift, 0);
    const owed = details.reduce((sum, d) => sum + d.owed, 0);
    expect(paid + owed).toBe(N * recordFen);
    expect(paid).toBe(balanceFen - left);
    // Gift first: no recharge was taken while gift was left.
    expect(gift).toBe(giftFen - Number(school!.gift));
    if (paid > giftFen) expect(Number(school!.gift)).toBe(0);
    const usageEntries = ledger.filter((e) => e.reason === 'usage');
    expect(usageEntries.reduce((sum, e) => sum - e.giftFen - e.rechargeFen, 0)).toBe(paid);
    expect(await reconcile(h.ctx.db)).toEqual([]);

    // The labs stop; their own use is charged as each closes.
    await inBatches(admitted, 20, (st) =>
      h.app.inject({
        method: 'GET',
        url: `${labsApi.stop.path}?envId=${env.id}`,
        headers: st.headers,
      }),
    );
    await h.app.labs.runtime.settle();
    const open = async () => {
      const [row] = await h.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(labUsage)
        .leftJoin(billingUsageProgress, eq(billingUsageProgress.usageId, labUsage.id))
        .where(
          and(eq(labUsage.schoolId, s.schoolId), sql`${billingUsageProgress.done} is not true`),
        );
      return row!.n;
    };
    for (let tries = 0; tries < 200 && (await open()) > 0; tries++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await open()).toBe(0);
    expect(await reconcile(h.ctx.db)).toEqual([]);
  }, 180_000);
});
