import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsApi, pathOf, type FileEntry } from '@platform/contract';
import { studentTasks, teachingTasks } from '../../db/schema';
import { createEnvironment, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let schoolId: string;

beforeAll(async () => {
  h = await createHarness({ config: { labMaxStarting: 4 } });
  schoolId = (await createSchool(h.ctx)).id;
});
afterAll(() => h.close());

const student = () => signedIn(h.app, h.ctx, { roles: ['student'], schoolId });
type Who = Awaited<ReturnType<typeof student>>;

async function start(who: Who, envId: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers: who.headers,
    payload: { expEnvId: envId },
  });
  return res.json<{ code: number; data: string[] }>();
}
async function state(who: Who, id: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: pathOf(labsApi.checkState.path, { id }),
    headers: who.headers,
  });
  return res.json<{ data: { state: string } }>().data.state;
}
const stop = (who: Who, envId: string) =>
  h.app.inject({ method: 'GET', url: `${labsApi.stop.path}?envId=${envId}`, headers: who.headers });

describe('warm pools', () => {
  it('gives a first start a prepared lab, running at once with its own home, and fills up again', async () => {
    const env = await createEnvironment(h.ctx, { warmPool: 2 });
    const pool = h.app.labs.runtime.pool;
    await pool.tick();
    await pool.settle();
    expect(pool.ready(env.id)).toBe(2);

    const a = await student();
    const t0 = performance.now();
    const [id] = (await start(a, env.id)).data;
    const claimMs = performance.now() - t0;
    expect(await state(a, id!)).toBe('Running');
    expect(claimMs).toBeLessThan(2_000);
    expect(pool.ready(env.id)).toBe(1);
    const files = await h.app.inject({
      method: 'GET',
      url: `${labsApi.listFiles.path}?containerId=${id}&path=`,
      headers: a.headers,
    });
    expect(files.json<{ data: FileEntry[] }>().data.map((f) => f.name)).toEqual(['README.txt']);
    // The student's terminal is the lab's own shell, in the student's home.
    const shell = h.app.labs.runtime.driver.terminal(id!);
    const marker = `pool${Date.now()}`;
    const seen = new Promise<string>((resolve) => {
      let out = '';
      const off = shell.onData((d) => {
        out += d;
        if (out.includes(`${marker}-hello lab`)) {
          off();
          resolve(out);
        }
      });
    });
    shell.write(`echo ${marker}-$(cat README.txt)\r`);
    await seen;

    await pool.settle();
    await pool.tick();
    await pool.settle();
    expect(pool.ready(env.id)).toBe(2);

    // A second start of the same student is the student's own lab again, not another warm one.
    await stop(a, env.id);
    await h.app.labs.runtime.settle();
    const [again] = (await start(a, env.id)).data;
    expect(again).toBe(id);
    expect(pool.ready(env.id)).toBe(2);
    await h.app.labs.runtime.settle();
    await stop(a, env.id);
  });

  it('prepares labs for the students of a teaching task about to start, and keeps them past its start', async () => {
    const env = await createEnvironment(h.ctx);
    const pool = h.app.labs.runtime.pool;
    const teacher = await signedIn(h.app, h.ctx, { roles: ['teacher'], schoolId });
    const students = [await student(), await student(), await student()];
    const taskId = h.ctx.ids.next();
    await h.ctx.db.insert(teachingTasks).values({
      id: taskId,
      schoolId,
      teacherId: teacher.id,
      name: 'Shell at eight',
      startAt: new Date(h.ctx.now().getTime() + 10 * 60_000),
      envIds: [env.id],
    });
    await h.ctx.db
      .insert(studentTasks)
      .values(students.map((s) => ({ id: h.ctx.ids.next(), schoolId, taskId, studentId: s.id })));
    await pool.tick();
    await pool.settle();
    expect(pool.ready(env.id)).toBe(3);

    // Two of them start at once: both get a prepared lab, and the pool keeps one for the third.
    const started = await Promise.all(students.slice(0, 2).map((s) => start(s, env.id)));
    for (const [i, s] of students.slice(0, 2).entries())
      expect(await state(s, started[i]!.data[0]!)).toBe('Running');
    await pool.tick();
    await pool.settle();
    expect(pool.ready(env.id)).toBe(1);
    await h.app.labs.runtime.settle();
    for (const s of students.slice(0, 2)) await stop(s, env.id);
  });

  it('does not pool combinations or labs that need the broker, nor claim for other resources', async () => {
    const sim = await createEnvironment(h.ctx, { resourceKind: 'SIMULATION', warmPool: 2 });
    const jupyter = await createEnvironment(h.ctx, {
      resourceKind: 'JUPYTER',
      warmPool: 1,
      maxCpuCore: 2,
    });
    const pool = h.app.labs.runtime.pool;
    await pool.tick();
    await pool.settle();
    expect(pool.ready(sim.id)).toBe(0);
    expect(pool.ready(jupyter.id)).toBe(1);
    const a = await student();
    const res = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: a.headers,
      payload: { expEnvId: jupyter.id, cpuCore: 2 },
    });
    expect(res.json<{ code: number }>().code).toBe(200);
    expect(pool.ready(jupyter.id)).toBe(1);
    await h.app.labs.runtime.settle();
    await stop(a, jupyter.id);
  });
});
