/**
 * Lab start to ready on the local driver, through the API: the time from `POST containers/start`
 * until `container/check/state` answers Running. Terminal and Jupyter one at a time, then 20
 * terminal labs started at once by 20 students.
 * Usage: npm run bench:lab-start  (PGlite in memory; set DATABASE_URL to use PostgreSQL)
 */
import os from 'node:os';
import { pathOf, labsApi } from '@platform/contract';
import { createEnvironment, signedIn } from '../apps/server/src/test/factories';
import { createHarness, type Harness } from '../apps/server/src/test/harness';
import { summary as stats } from './stats';

const runs = {
  terminal: Number(process.env.RUNS ?? 30),
  jupyter: Number(process.env.JUPYTER_RUNS ?? 10),
};

async function startToReady(
  h: Harness,
  headers: Record<string, string>,
  envId: string,
): Promise<number> {
  const t0 = performance.now();
  const res = await h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers,
    payload: { expEnvId: envId },
  });
  const ids = res.json().data as string[];
  if (!ids) throw new Error(`start failed: ${res.body}`);
  for (;;) {
    const states = await Promise.all(
      ids.map(async (id) => {
        const r = await h.app.inject({
          method: 'POST',
          url: pathOf(labsApi.checkState.path, { id }),
          headers,
        });
        return r.json().data.state as string;
      }),
    );
    if (states.every((s) => s === 'Running')) return performance.now() - t0;
    if (states.includes('Failed')) throw new Error('lab failed to start');
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function stop(h: Harness, headers: Record<string, string>, envId: string) {
  await h.app.inject({ method: 'GET', url: `${labsApi.stop.path}?envId=${envId}`, headers });
}

const summary = (label: string, ms: number[]) => stats(label, ms, 32, 0);

const h = await createHarness({ config: { labMaxStarting: 64 } });
try {
  const student = await signedIn(h.app, h.ctx, { roles: ['student'] });
  const terminal = await createEnvironment(h.ctx);
  const jupyter = await createEnvironment(h.ctx, { experimentKind: '3', resourceKind: 'JUPYTER' });

  await startToReady(h, student.headers, terminal.id);
  await stop(h, student.headers, terminal.id);

  const terminalMs: number[] = [];
  for (let i = 0; i < runs.terminal; i++) {
    terminalMs.push(await startToReady(h, student.headers, terminal.id));
    await stop(h, student.headers, terminal.id);
  }
  const jupyterMs: number[] = [];
  for (let i = 0; i < runs.jupyter; i++) {
    jupyterMs.push(await startToReady(h, student.headers, jupyter.id));
    await stop(h, student.headers, jupyter.id);
  }

  const students = await Promise.all(
    Array.from({ length: 20 }, () => signedIn(h.app, h.ctx, { roles: ['student'] })),
  );
  const t0 = performance.now();
  const concurrentMs = await Promise.all(
    students.map((s) => startToReady(h, s.headers, terminal.id)),
  );
  const allReady = performance.now() - t0;
  await Promise.all(students.map((s) => stop(h, s.headers, terminal.id)));

  const host = `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${h.database.kind}`;
  console.log(`\nLab start to ready (${host})`);
  console.log(summary('terminal, one at a time', terminalMs));
  console.log(summary('Jupyter, one at a time', jupyterMs));
  console.log(summary('terminal, 20 at once (each)', concurrentMs));
  console.log(`${'terminal, 20 at once (all ready)'.padEnd(32)} ${allReady.toFixed(0)} ms`);
} finally {
  await h.close();
}
