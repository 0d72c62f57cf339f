import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHarness, type Harness } from '../../test/harness';
import {
  enqueueJob,
  findJob,
  JobWorker,
  type JobKind,
  type RunningJob,
  type WorkerOptions,
} from './jobs.service';

let h: Harness;
const workers: JobWorker[] = [];

beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.halt()));
});
afterAll(() => h.close());

const quiet = { error: () => {}, warn: () => {} };

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let kindCount = 0;
/** A kind no other test uses, so its jobs reach only this test's workers. */
const newKind = () => `test.kind${kindCount++}.${Date.now().toString(36)}`;

async function worker(kinds: JobKind[], opts: WorkerOptions = {}) {
  const w = new JobWorker(h.ctx.db, h.ctx.bus, kinds, quiet, { pollMs: 50, ...opts });
  workers.push(w);
  await w.start();
  return w;
}

function add(
  kind: string,
  groupKey: string,
  payload: Record<string, unknown> = {},
  maxAttempts = 3,
) {
  const id = h.ctx.ids.next();
  return h.ctx.db
    .transaction((tx) => enqueueJob(tx, { id, kind, groupKey, payload, maxAttempts }))
    .then((added) => (added ? id : null));
}

const statusOf = async (id: string) => (await findJob(h.ctx.db, id))?.status;

/** A gate a test opens by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the job queue', () => {
  it('runs one job of a school at a time, in order, and other schools beside it', async () => {
    const kind = newKind();
    const log: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const k: JobKind = {
      kind,
      interruptedKey: 'imports.interrupted',
      errorKeyOf: () => 'common.server_error',
      async run(job) {
        const name = job.payload.name as string;
        log.push(`start ${name}`);
        await gates.get(name)!.opened;
        log.push(`end ${name}`);
      },
    };
    for (const name of ['a1', 'a2', 'b1']) gates.set(name, gate());
    await worker([k], { parallel: 3 });
    await worker([k], { parallel: 3 });
    const a1 = (await add(kind, 'school-a', { name: 'a1' }))!;
    const a2 = (await add(kind, 'school-a', { name: 'a2' }))!;
    const b1 = (await add(kind, 'school-b', { name: 'b1' }))!;

    await until('a1 and b1 run', () =>
      log.includes('start a1') && log.includes('start b1') ? true : null,
    );
    // Two workers with room for three each: a2 still waits for a1.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log).not.toContain('start a2');
    expect(await statusOf(a2)).toBe('waiting');

    gates.get('a1')!.open();
    await until('a2 runs', () => (log.includes('start a2') ? true : null));
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    gates.get('a2')!.open();
    gates.get('b1')!.open();
    for (const id of [a1, a2, b1])
      await until('done', async () => ((await statusOf(id)) === 'done' ? true : null));
  });

  it('refuses a job when as many as allowed wait already', async () => {
    const kind = newKind();
    const enqueue = (i: number) =>
      h.ctx.db.transaction((tx) =>
        enqueueJob(
          tx,
          { id: h.ctx.ids.next(), kind, groupKey: `s${i}`, payload: {} },
          { maxWaiting: 2 },
        ),
      );
    expect(await enqueue(1)).toBe(true);
    expect(await enqueue(2)).toBe(true);
    expect(await enqueue(3)).toBe(false);
  });

  it('adds nothing when the caller’s transaction rolls back', async () => {
    const kind = newKind();
    const id = h.ctx.ids.next();
    await expect(
      h.ctx.db.transaction(async (tx) => {
        await enqueueJob(tx, { id, kind, groupKey: 'g', payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await findJob(h.ctx.db, id)).toBeUndefined();
  });

  it('keeps the progress a job reports for anyone to read', async () => {
    const kind = newKind();
    const go = gate();
    await worker([
      {
        kind,
        interruptedKey: 'imports.interrupted',
        errorKeyOf: () => 'common.server_error',
        async run(job) {
          await job.progress({ processed: 5 });
          await go.opened;
        },
      },
    ]);
    const id = (await add(kind, 'g'))!;
    const seen = await until('progress', async () => {
      const row = await findJob(h.ctx.db, id);
      return row?.progress ? row : null;
    });
    expect(seen).toMatchObject({ status: 'running', attempts: 1, progress: { processed: 5 } });
    go.open();
    await until('done', async () => ((await statusOf(id)) === 'done' ? true : null));
  });

  it('removes its kinds of ended jobs once kept long enough, and nothing that waits or runs', async () => {
    const kind = newKind();
    const go = gate();
    const w = await worker(
      [
        {
          kind,
          interruptedKey: 'imports.interrupted',
          errorKeyOf: () => 'common.server_error',
          async run(job) {
            if (job.payload.wait) await go.opened;
          },
        },
      ],
      { keepFinishedMs: 60_000 },
    );
    const ended = (await add(kind, 'a'))!;
    await until('done', async () => ((await statusOf(ended)) === 'done' ? true : null));
    const running = (await add(kind, 'b', { wait: true }))!;
    await until('running', async () => ((await statusOf(running)) === 'running' ? true : null));
    const waiting = (await add(kind, 'b'))!;

    expect(await w.prune()).toBe(0);
    // An hour later by the database's clock.
    await h.ctx.db.execute(
      sql`update jobs set finished_at = finished_at - interval '1 hour' where id = ${ended}`,
    );
    expect(await w.prune()).toBe(1);
    expect(await findJob(h.ctx.db, ended)).toBeUndefined();
    expect(await statusOf(running)).toBe('running');
    expect(await statusOf(waiting)).toBe('waiting');
    go.open();
    await until('all done', async () => ((await statusOf(waiting)) === 'done' ? true : null));
  });

  it('takes over a job whose worker died once its lease runs out, and retries a job that threw', async () => {
    const kind = newKind();
    const runs: { worker: string; attempt: number }[] = [];
    const forever = new Promise<void>(() => {});
    let failNext = false;
    const kindOn = (name: string): JobKind => ({
      kind,
      interruptedKey: 'imports.interrupted',
      errorKeyOf: () => 'common.server_error',
      async run(job: RunningJob) {
        runs.push({ worker: name, attempt: job.attempt });
        if (name === 'dying') await forever;
        if (failNext) {
          failNext = false;
          throw new Error('a passing fault');
        }
      },
    });
    const dying = await worker([kindOn('dying')], { leaseMs: 300 });
    const id = (await add(kind, 'g'))!;
    await until('the first worker runs it', () => (runs.length === 1 ? true : null));
    await dying.halt();

    failNext = true;
    const started = Date.now();
    await worker([kindOn('other')], { leaseMs: 300, retryDelayMs: 50 });
    await until('done', async () => ((await statusOf(id)) === 'done' ? true : null));
    // Not before the lease ran out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(runs).toEqual([
      { worker: 'dying', attempt: 1 },
      { worker: 'other', attempt: 2 },
      { worker: 'other', attempt: 3 },
    ]);
    expect(await findJob(h.ctx.db, id)).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('fails a job for good after its attempts, with the kind’s error, and cleans up once', async () => {
    const kind = newKind();
    const failed: { id: string; errorKey: string }[] = [];
    const ended: string[] = [];
    const k = (crash: boolean): JobKind => ({
      kind,
      interruptedKey: 'imports.interrupted',
      errorKeyOf: () => 'common.server_error',
      async run(job) {
        if (crash || job.payload.crash) await new Promise<void>(() => {});
        throw new Error('always');
      },
      async failed(_tx, job, errorKey) {
        failed.push({ id: job.id, errorKey });
      },
      async ended(job) {
        ended.push(job.id);
      },
    });
    const first = await worker([k(false)], { retryDelayMs: 20 });
    const throwing = (await add(kind, 'g1', {}, 2))!;
    await until('failed', async () => ((await statusOf(throwing)) === 'failed' ? true : null));
    expect(await findJob(h.ctx.db, throwing)).toMatchObject({
      attempts: 2,
      errorKey: 'common.server_error',
    });
    await first.stop();

    // Every worker that runs this one dies: after two attempts it fails as interrupted.
    const crashing = (await add(kind, 'g2', { crash: true }, 2))!;
    for (let i = 0; i < 2; i++) {
      const w = await worker([k(true)], { leaseMs: 200 });
      await until('claimed', async () =>
        (await findJob(h.ctx.db, crashing))?.attempts === i + 1 ? true : null,
      );
      await w.halt();
    }
    await worker([k(false)], { leaseMs: 200 });
    await until('failed', async () => ((await statusOf(crashing)) === 'failed' ? true : null));
    expect(await findJob(h.ctx.db, crashing)).toMatchObject({
      attempts: 2,
      errorKey: 'imports.interrupted',
    });
    await until('cleaned up', () => (ended.length === 2 ? true : null));
    expect(failed).toEqual([
      { id: throwing, errorKey: 'common.server_error' },
      { id: crashing, errorKey: 'imports.interrupted' },
    ]);
    expect(ended).toEqual([throwing, crashing]);
  });
});
