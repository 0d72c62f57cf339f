/**
 * Warm pools on the local driver, through the API in process:
 * - claim: a student's first start of an environment whose pool holds a prepared lab, from
 *   `POST containers/start` until `check/state` answers Running (terminal and Jupyter);
 * - a class of 30 pressing Start together on a terminal environment prepared for them: the time
 *   until every lab runs;
 * - the same class without a pool, the host taking `LAB_MAX_STARTING` (8) starts at a time: the
 *   601 answers, each retried 5 s later as the page does, and whether any start failed.
 * Usage: npm run bench:lab-warm  (PGlite in memory; set DATABASE_URL to use PostgreSQL)
 */
import os from 'node:os';
import { labLimits, labsApi, pathOf } from '@platform/contract';
import { createEnvironment, createSchool, signedIn } from '../apps/server/src/test/factories';
import { createHarness, type Harness } from '../apps/server/src/test/harness';
import { summary } from './stats';

const runs = Number(process.env.RUNS ?? 20);
const classSize = 30;

type Who = Awaited<ReturnType<typeof signedIn>>;

/** Starts until admitted (retrying after 601 as the page does), then polls until Running. */
async function startToRunning(h: Harness, who: Who, envId: string) {
  const t0 = performance.now();
  let busy = 0;
  let ids: string[] | undefined;
  for (;;) {
    const res = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: who.headers,
      payload: { expEnvId: envId },
    });
    const body = res.json<{ code: number; data: string[] }>();
    if (body.code === 601) {
      busy += 1;
      await new Promise((r) => setTimeout(r, labLimits.startRetryMs));
      continue;
    }
    if (body.code !== 200) throw new Error(`start failed: ${res.body}`);
    ids = body.data;
    break;
  }
  for (;;) {
    const states = await Promise.all(
      ids.map(async (id) => {
        const r = await h.app.inject({
          method: 'POST',
          url: pathOf(labsApi.checkState.path, { id }),
          headers: who.headers,
        });
        return r.json<{ data: { state: string } }>().data.state;
      }),
    );
    if (states.every((s) => s === 'Running')) return { ms: performance.now() - t0, busy };
    if (states.includes('Failed')) throw new Error('lab failed to start');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function prepared(h: Harness, envId: string, count: number) {
  const pool = h.app.labs.runtime.pool;
  for (let i = 0; i < 600 && pool.ready(envId) < count; i++) {
    await pool.tick();
    await pool.settle();
    await new Promise((r) => setTimeout(r, 100));
  }
  if (pool.ready(envId) < count) throw new Error(`pool of ${envId} not ready`);
}

const h = await createHarness({ config: { labMaxStarting: 8 } });
try {
  const schoolId = (await createSchool(h.ctx)).id;
  const newStudent = () => signedIn(h.app, h.ctx, { roles: ['student'], schoolId });
  const terminal = await createEnvironment(h.ctx, { warmPool: 4 });
  const jupyter = await createEnvironment(h.ctx, {
    experimentKind: '3',
    resourceKind: 'JUPYTER',
    warmPool: 2,
  });

  const claims = { terminal: [] as number[], jupyter: [] as number[] };
  for (const [kind, env] of [
    ['terminal', terminal],
    ['jupyter', jupyter],
  ] as const) {
    for (let i = 0; i < (kind === 'jupyter' ? Math.ceil(runs / 2) : runs); i++) {
      await prepared(h, env.id, 1);
      claims[kind].push((await startToRunning(h, await newStudent(), env.id)).ms);
    }
  }

  const classEnv = await createEnvironment(h.ctx, { warmPool: classSize });
  const klass = await Promise.all(Array.from({ length: classSize }, newStudent));
  await prepared(h, classEnv.id, classSize);
  let t0 = performance.now();
  const warmClass = await Promise.all(klass.map((s) => startToRunning(h, s, classEnv.id)));
  const warmAll = performance.now() - t0;

  const coldEnv = await createEnvironment(h.ctx);
  const coldClass = await Promise.all(Array.from({ length: classSize }, newStudent));
  t0 = performance.now();
  const cold = await Promise.all(coldClass.map((s) => startToRunning(h, s, coldEnv.id)));
  const coldAll = performance.now() - t0;

  const host = `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${h.database.kind}`;
  console.log(`\nWarm pools (${host}), ${new Date().toISOString()}`);
  console.log(summary('claim, terminal', claims.terminal));
  console.log(summary('claim, Jupyter', claims.jupyter));
  console.log(
    summary(
      `class of ${classSize}, prepared (each)`,
      warmClass.map((r) => r.ms),
    ),
  );
  console.log(
    `${`class of ${classSize}, prepared (all running)`.padEnd(36)} ${warmAll.toFixed(0)} ms`,
  );
  console.log(
    summary(
      `class of ${classSize}, cold (each)`,
      cold.map((r) => r.ms),
    ),
  );
  console.log(
    `${`class of ${classSize}, cold (all running)`.padEnd(36)} ${coldAll.toFixed(0)} ms; ` +
      `601 answers ${cold.reduce((n, r) => n + r.busy, 0)}, failed starts 0`,
  );
} finally {
  await h.close();
}
