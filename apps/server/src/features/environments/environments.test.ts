import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type Environment, environmentsApi } from '@platform/contract';
import { createEnvironment, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let operator: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  student = await signedIn(h.app, h.ctx, { roles: ['student'] });
});
afterAll(() => h.close());

const base = {
  code: 'iot-terminal',
  name: 'IoT terminal',
  type: 2,
  state: 1,
  hidden: 0,
  openWith: 1,
  accessMode: 1,
  experimentKind: '2',
  resourceKind: 'TERMINAL',
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...operator.headers, 'accept-language': 'en' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return res.json<{
    code: number;
    message: string;
    data: unknown;
    fields?: Record<string, string>;
  }>();
}

describe('environment configuration', () => {
  it('adds with runtime defaults, reads, updates, configures, copies and removes', async () => {
    const added = await call('POST', environmentsApi.add.path, {
      ...base,
      labels: ['iot', 'linux'],
    });
    expect(added.code).toBe(200);
    const env = added.data as Environment;
    expect(env).toMatchObject({
      code: 'iot-terminal',
      cpuCore: 1,
      memorySize: 2,
      diskSize: 10,
      restartLimit: 0,
      idleTimeout: 1800,
      runnable: true,
      createdBy: operator.id,
    });

    const updated = await call('PUT', environmentsApi.update.path, {
      ...base,
      id: env.id,
      name: 'IoT terminal 2',
      state: 2,
      manual: 'Step 1: open the terminal',
    });
    expect(updated.data).toMatchObject({
      name: 'IoT terminal 2',
      state: 2,
      manual: 'Step 1: open the terminal',
    });

    const configured = await call('PUT', environmentsApi.config.path, {
      id: env.id,
      cpuCore: 0.5,
      memorySize: 1,
      diskSize: 20,
      restartLimit: 3,
      idleTimeout: 120,
      initialFiles: [{ path: 'docs/start.md', content: '# Start' }],
    });
    expect(configured.data).toMatchObject({
      cpuCore: 0.5,
      diskSize: 20,
      restartLimit: 3,
      idleTimeout: 120,
    });

    const belowOwn = await call('PUT', environmentsApi.config.path, {
      id: env.id,
      cpuCore: 2,
      memorySize: 4,
      diskSize: 20,
      maxCpuCore: 1,
      maxMemorySize: 2,
      maxDiskSize: 10,
      restartLimit: 3,
      idleTimeout: 120,
    });
    expect(belowOwn).toMatchObject({
      code: 9000,
      fields: {
        maxCpuCore: 'invalid_value',
        maxMemorySize: 'invalid_value',
        maxDiskSize: 'invalid_value',
      },
    });
    const limited = await call('PUT', environmentsApi.config.path, {
      id: env.id,
      cpuCore: 0.5,
      memorySize: 1,
      diskSize: 20,
      maxCpuCore: 2,
      maxMemorySize: 4,
      maxGpuCount: 1,
      restartLimit: 3,
      idleTimeout: 120,
      initialFiles: [{ path: 'docs/start.md', content: '# Start' }],
    });
    expect(limited.data).toMatchObject({
      maxCpuCore: 2,
      maxMemorySize: 4,
      maxDiskSize: null,
      maxGpuCount: 1,
    });

    const got = await call('GET', pathOf(environmentsApi.get.path, { id: env.id }));
    expect((got.data as Environment).initialFiles).toEqual([
      { path: 'docs/start.md', content: '# Start' },
    ]);

    const copy = (await call('POST', pathOf(environmentsApi.copy.path, { id: env.id })))
      .data as Environment;
    expect(copy).toMatchObject({
      code: 'iot-terminal-copy',
      name: 'IoT terminal 2 (copy)',
      state: 2,
      restartLimit: 3,
    });
    expect(copy.id).not.toBe(env.id);

    expect((await call('DELETE', pathOf(environmentsApi.remove.path, { id: copy.id }))).code).toBe(
      200,
    );
    const gone = await call('GET', pathOf(environmentsApi.get.path, { id: copy.id }));
    expect(gone).toMatchObject({ code: 9000, message: 'Environment not found' });
  });

  it('pages on the server with filters, and mine=true keeps the caller’s own', async () => {
    for (let i = 0; i < 3; i++) {
      await createEnvironment(h.ctx, {
        name: `Filter me ${i}`,
        experimentKind: '3',
        resourceKind: 'JUPYTER',
      });
    }
    await createEnvironment(h.ctx, { name: 'Filter me archived', state: 3, labels: ['ai'] });
    const page = await call(
      'GET',
      `${environmentsApi.page.path}?name=filter%20me&experimentKind=3&pageSize=2&pageNum=2`,
    );
    expect(page.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect((page.data as { records: unknown[] }).records).toHaveLength(1);
    const byLabel = await call('GET', `${environmentsApi.page.path}?label=ai`);
    expect((byLabel.data as { records: Environment[] }).records.map((r) => r.name)).toEqual([
      'Filter me archived',
    ]);
    const mine = await call('GET', `${environmentsApi.page.path}?mine=true&pageSize=100`);
    expect(
      (mine.data as { records: Environment[] }).records.every((r) => r.createdBy === operator.id),
    ).toBe(true);
  });

  it('validates from the contract and refuses bad combinations and taken codes', async () => {
    const bad = await call('POST', environmentsApi.add.path, {
      ...base,
      code: 'has space',
      cpuCore: 0.4,
    });
    expect(bad.code).toBe(9000);
    expect(bad.fields).toMatchObject({ code: 'invalid_format', cpuCore: 'invalid_value' });

    await call('POST', environmentsApi.add.path, { ...base, code: 'taken-code' });
    const taken = await call('POST', environmentsApi.add.path, { ...base, code: 'TAKEN-code' });
    expect(taken).toMatchObject({ code: 9000, fields: { code: 'invalid_value' } });

    const part = await createEnvironment(h.ctx);
    const oneOnly = await call('POST', environmentsApi.add.path, {
      ...base,
      code: 'combo1',
      type: 4,
      parts: [part.id],
    });
    expect(oneOnly.message).toBe('A combination environment needs at least two parts');

    const combo = await createEnvironment(h.ctx, { type: 4, parts: [part.id, part.id] });
    const nested = await call('POST', environmentsApi.add.path, {
      ...base,
      code: 'combo2',
      type: 4,
      parts: [part.id, combo.id],
    });
    expect(nested.message).toBe('A part does not exist or is itself a combination');

    const sim = await createEnvironment(h.ctx, { experimentKind: '1', resourceKind: 'SIMULATION' });
    const ok = await call('POST', environmentsApi.add.path, {
      ...base,
      code: 'combo3',
      type: 4,
      parts: [sim.id, part.id],
    });
    expect(ok.data).toMatchObject({ type: 4, parts: [sim.id, part.id], runnable: true });

    const used = await call('DELETE', pathOf(environmentsApi.remove.path, { id: part.id }));
    expect(used.message).toBe('This environment has running labs; stop them first');
  });

  it('marks kinds that need images or a hypervisor as not runnable here', async () => {
    const tb = await call('POST', environmentsApi.add.path, {
      ...base,
      code: 'thingsboard',
      type: 1,
      experimentKind: '4',
      resourceKind: 'THINGSBOARD',
      image: 'thingsboard/tb-postgres:3.6',
    });
    expect(tb.data).toMatchObject({ runnable: false, image: 'thingsboard/tb-postgres:3.6' });
  });

  it('keeps experiment scripts with labels', async () => {
    const env = await createEnvironment(h.ctx);
    const saved = await call('POST', environmentsApi.saveScript.path, {
      envId: env.id,
      name: 'Read a sensor',
      label: 'sensor',
      instructions: '1. Start the lab',
    });
    expect(saved.data).toMatchObject({ envId: env.id, envName: env.name, label: 'sensor' });
    const id = (saved.data as { id: string }).id;
    await call('POST', environmentsApi.saveScript.path, {
      id,
      envId: env.id,
      name: 'Read two sensors',
      label: 'sensor',
    });
    const list = await call('GET', `${environmentsApi.scripts.path}?envId=${env.id}`);
    expect(list.data).toMatchObject({ total: 1, records: [{ id, name: 'Read two sensors' }] });
    const byLabel = await call(
      'GET',
      pathOf(environmentsApi.scriptsByLabel.path, { label: 'sensor' }),
    );
    expect((byLabel.data as { id: string }[]).map((s) => s.id)).toContain(id);
    const labels = await call('GET', environmentsApi.labels.path);
    expect(labels.data).toEqual(expect.arrayContaining(['sensor']));
    expect((await call('DELETE', pathOf(environmentsApi.removeScript.path, { id }))).code).toBe(
      200,
    );
    expect((await call('DELETE', pathOf(environmentsApi.removeScript.path, { id }))).code).toBe(
      9000,
    );
  });

  it('is for platform staff only', async () => {
    for (const [method, url] of [
      ['GET', environmentsApi.page.path],
      ['GET', environmentsApi.list.path],
      ['POST', environmentsApi.add.path],
      ['GET', environmentsApi.scripts.path],
    ] as const) {
      const res = await h.app.inject({
        method,
        url,
        headers: student.headers,
        ...(method === 'POST' ? { payload: base } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().data ?? null).toBeNull();
    }
  });
});
