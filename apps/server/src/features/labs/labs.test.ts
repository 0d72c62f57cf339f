import fs from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, UserKind, type Container, classesApi, labsApi } from '@platform/contract';
import { fileChurnScript } from '@platform/labs/test-support';
import { classes, labContainers, labUsage, users } from '../../db/schema';
import { bearer, createEnvironment, createSchool, signedIn, signIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let student: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness({ config: { labMaxStarting: 1 } });
  const schoolA = await createSchool(h.ctx);
  const schoolB = await createSchool(h.ctx);
  student = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: schoolA.id });
  other = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: schoolB.id });
});
afterAll(() => h.close());

type Who = { headers: Record<string, string> };
async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...who.headers, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    ...res.json<{
      code: number;
      message: string;
      data: unknown;
      errorKey?: string;
      fields?: Record<string, string>;
    }>(),
  };
}

const start = (who: Who, expEnvId: string, extra: object = {}) =>
  call(who, 'POST', labsApi.start.path, { expEnvId, ...extra });
const state = async (who: Who, id: string) =>
  (await call(who, 'POST', pathOf(labsApi.checkState.path, { id }))).data as {
    state: string;
    message: string | null;
  };

describe('starting, polling, heartbeats and stopping a lab', () => {
  it('starts idempotently, reports the state from memory and records usage', async () => {
    const env = await createEnvironment(h.ctx, { name: 'Shell basics' });
    const first = await start(student, env.id);
    expect(first.code).toBe(200);
    const ids = first.data as string[];
    expect(ids).toHaveLength(1);
    expect((await start(student, env.id)).data).toEqual(ids);
    await h.app.labs.runtime.settle();
    expect((await state(student, ids[0]!)).state).toBe('Running');

    const detail = (await call(student, 'GET', pathOf(labsApi.detail.path, { id: ids[0]! })))
      .data as Container;
    expect(detail).toMatchObject({
      id: ids[0],
      envId: env.id,
      state: 'Running',
      serviceType: 'TERMINAL',
      url: `http://${ids[0]}.labs.localhost:8080`,
      subUrl: '/',
    });
    const host = await h.app.labs.runtime.driver.host();
    expect(detail.enforced.disk).toBe(host.enforced.disk);
    if (host.enforced.disk) expect(detail.notes.join(' ')).not.toMatch(/Disk use/);
    else expect(detail.notes.join(' ')).toMatch(/Disk use of the lab home is not capped/);

    const centre = await call(student, 'GET', pathOf(labsApi.centerDetail.path, { id: env.id }));
    expect(centre.data).toMatchObject({ runtimeState: 2, containerIds: ids });

    const beat = await call(student, 'PUT', `${labsApi.heartbeat.path}?envId=${env.id}`);
    expect(beat.data).toEqual({ alive: 1 });
    expect(await h.app.labs.runtime.flush()).toBe(1);

    const stopped = await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
    expect(stopped.code).toBe(200);
    expect((await state(student, ids[0]!)).state).toBe('Stopped');
    const [usage] = await h.ctx.db.select().from(labUsage).where(eq(labUsage.containerId, ids[0]!));
    expect(usage).toMatchObject({ userId: student.id, envId: env.id, stopReason: 'user' });
    expect(usage!.stoppedAt).not.toBeNull();
  });

  it('answers the container ids of a user of another school as not found', async () => {
    const env = await createEnvironment(h.ctx);
    const ids = (await start(student, env.id)).data as string[];
    await h.app.labs.runtime.settle();
    const id = ids[0]!;
    for (const [method, url] of [
      ['POST', pathOf(labsApi.checkState.path, { id })],
      ['GET', pathOf(labsApi.detail.path, { id })],
      ['POST', pathOf(labsApi.ticket.path, { id })],
      ['GET', `${labsApi.listFiles.path}?containerId=${id}`],
      ['GET', `${labsApi.downloadFile.path}?containerId=${id}&path=README.txt`],
      ['GET', `${labsApi.stop.path}?envId=${env.id}&containerId=${id}`],
    ] as const) {
      const res = await call(other, method, url);
      expect(res.status, url).toBe(404);
      expect(res.data ?? null).toBeNull();
    }
    expect((await state(student, id)).state).toBe('Running');
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  });

  it('stops a lab whose heartbeats stop after its idle timeout, and keeps one that beats', async () => {
    const idleEnv = await createEnvironment(h.ctx, { idleTimeout: 60 });
    const busyEnv = await createEnvironment(h.ctx, { idleTimeout: 60 });
    const [idle] = (await start(student, idleEnv.id)).data as string[];
    await h.app.labs.runtime.settle();
    const [busy] = (await start(student, busyEnv.id)).data as string[];
    await h.app.labs.runtime.settle();

    h.advance(40_000);
    await call(student, 'PUT', `${labsApi.heartbeat.path}?envId=${busyEnv.id}`);
    expect(await h.app.labs.runtime.sweep()).toEqual([]);
    h.advance(25_000);
    expect(await h.app.labs.runtime.sweep()).toEqual([idle]);
    expect(await state(student, idle!)).toMatchObject({
      state: 'Stopped',
      message: 'Task stopped because user did not operate for a long time',
      stopReason: 'idle',
    });
    expect(await state(student, busy!)).toMatchObject({ state: 'Running', stopReason: null });
    const [row] = await h.ctx.db.select().from(labContainers).where(eq(labContainers.id, idle!));
    expect(row).toMatchObject({ desiredState: 0, observedState: 0, stopReason: 'idle' });
    const [usage] = await h.ctx.db.select().from(labUsage).where(eq(labUsage.containerId, idle!));
    expect(usage?.stopReason).toBe('idle');
    await call(student, 'GET', `${labsApi.stop.path}?envId=${busyEnv.id}`);
  });

  it('enforces the restart limit over 24 hours', async () => {
    const env = await createEnvironment(h.ctx, { restartLimit: 1 });
    await start(student, env.id);
    await h.app.labs.runtime.settle();
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
    const limit = await call(student, 'GET', `${labsApi.restartLimit.path}?envId=${env.id}`);
    expect(limit.data).toEqual({ limit: 1, used: 1, remaining: 0 });
    const again = await start(student, env.id);
    expect(again).toMatchObject({
      code: 9999,
      message: 'Start limit reached for today (1 starts)',
    });
    h.advance(24 * 3600 * 1000 + 1000);
    student = { ...student, headers: bearer((await signIn(h.app, student.username)).access_token) };
    other = { ...other, headers: bearer((await signIn(h.app, other.username)).access_token) };
    const later = await start(student, env.id);
    expect(later.code).toBe(200);
    await h.app.labs.runtime.settle();
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  });

  it('answers 601 with Retry-After while the host is at its limit of starts', async () => {
    const slow = await createEnvironment(h.ctx, { experimentKind: '3', resourceKind: 'JUPYTER' });
    const quick = await createEnvironment(h.ctx);
    const first = await start(student, slow.id);
    expect(first.code).toBe(200);
    const busy = await start(other, quick.id);
    expect(busy).toMatchObject({ status: 503, code: 601 });
    expect(busy.headers['retry-after']).toBe('5');
    await h.app.labs.runtime.settle();
    expect((await start(other, quick.id)).code).toBe(200);
    await h.app.labs.runtime.settle();
    await call(student, 'GET', `${labsApi.stop.path}?envId=${slow.id}`);
    await call(other, 'GET', `${labsApi.stop.path}?envId=${quick.id}`);
  });

  it('refuses kinds this host cannot run, and disabled environments, with clear messages', async () => {
    const tb = await createEnvironment(h.ctx, {
      type: 1,
      experimentKind: '4',
      resourceKind: 'THINGSBOARD',
    });
    const refused = await start(student, tb.id);
    expect(refused).toMatchObject({ status: 422, code: 9999 });
    expect(refused.message).toBe(
      'This host cannot run this kind of lab (THINGSBOARD): it needs container images or a hypervisor. Please contact your administrator',
    );
    const zh = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: { ...student.headers, 'accept-language': 'zh-CN' },
      payload: { expEnvId: tb.id },
    });
    expect(zh.json().message).toContain('当前主机无法运行此类实验环境');
    const disabled = await createEnvironment(h.ctx, { state: 2 });
    expect((await start(student, disabled.id)).message).toBe('This environment is not enabled');
    const missing = await call(student, 'POST', labsApi.start.path, {});
    expect(missing).toMatchObject({ code: 9000, fields: { expEnvId: 'required' } });
  });
});

describe('files and reset', () => {
  it('uploads, lists and downloads inside the home, refuses paths that leave it, and resets', async () => {
    const env = await createEnvironment(h.ctx);
    const [id] = (await start(student, env.id)).data as string[];
    await h.app.labs.runtime.settle();

    const boundary = 'XBOUNDARY';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="containerId"\r\n\r\n${id}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\ndata\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="数据.csv"\r\nContent-Type: text/csv\r\n\r\nt,1\n\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const upload = await h.app.inject({
      method: 'POST',
      url: labsApi.uploadFile.path,
      headers: { ...student.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.json()).toMatchObject({ code: 200, data: { path: 'data/数据.csv', size: 4 } });

    const list = await call(
      student,
      'GET',
      `${labsApi.listFiles.path}?containerId=${id}&path=data`,
    );
    expect(list.data).toMatchObject([{ name: '数据.csv', isDir: false, size: 4 }]);
    const download = await h.app.inject({
      method: 'GET',
      url: `${labsApi.downloadFile.path}?containerId=${id}&path=${encodeURIComponent('data/数据.csv')}`,
      headers: student.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('t,1\n');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('数据.csv')}`,
    );

    for (const path of ['../x', '/etc/passwd', 'data/../../secret']) {
      const res = await call(
        student,
        'GET',
        `${labsApi.downloadFile.path}?containerId=${id}&path=${encodeURIComponent(path)}`,
      );
      expect(res, path).toMatchObject({ code: 9000, message: 'The path is outside the lab home' });
    }

    const reset = await call(student, 'POST', labsApi.reset.path, { envId: env.id });
    expect(reset).toMatchObject({ code: 200, message: 'The environment has been reset' });
    await h.app.labs.runtime.settle();
    const after = await call(student, 'GET', `${labsApi.listFiles.path}?containerId=${id}`);
    expect((after.data as { name: string }[]).map((f) => f.name)).toEqual(['README.txt']);
    expect((await state(student, id!)).state).toBe('Running');
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  });

  it('refuses an upload over the size limit and keeps nothing of it', async () => {
    const env = await createEnvironment(h.ctx);
    const [id] = (await start(student, env.id)).data as string[];
    await h.app.labs.runtime.settle();
    const boundary = 'B';
    const big = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="containerId"\r\n\r\n${id}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`,
      ),
      Buffer.alloc(50 * 1024 * 1024 + 10),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: labsApi.uploadFile.path,
      headers: {
        ...student.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': 'en',
      },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large; the maximum is 50 MB');
    const list = await call(student, 'GET', `${labsApi.listFiles.path}?containerId=${id}`);
    expect((list.data as { name: string }[]).map((f) => f.name)).toEqual(['README.txt']);
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  });
});

/** Races the platform's file operations in the lab's `race` folder. */
const churnScript = fileChurnScript({ folder: 'race', uploadSwapChance: 0.05 });

describe('files the lab changes meanwhile', () => {
  const upload = (id: string, name: string, lang = 'en') => {
    const boundary = 'RACE';
    return h.app.inject({
      method: 'POST',
      url: labsApi.uploadFile.path,
      headers: {
        ...student.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': lang,
      },
      payload: [
        `--${boundary}\r\nContent-Disposition: form-data; name="containerId"\r\n\r\n${id}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nrace\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(8192)}\r\n`,
        `--${boundary}--\r\n`,
      ].join(''),
    });
  };

  it('answers a translated 409, never a 500, when the lab is in the way or changes the file', async () => {
    const env = await createEnvironment(h.ctx);
    const [id] = (await start(student, env.id)).data as string[];
    await h.app.labs.runtime.settle();
    const sh = (script: string) =>
      h.app.labs.runtime.driver.exec(id!, { script, timeoutMs: 5000, maxOutputBytes: 1024 });
    await sh('mkdir -p race/taken.txt');
    for (const [lang, message] of [
      ['en', 'A folder or link of that name is in the way'],
      ['zh', '该位置已有同名的文件夹或链接'],
    ] as const) {
      const taken = await upload(id!, 'taken.txt', lang);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errorKey: 'labs.path_occupied', message });
    }

    // Uploads of one file go on while the lab moves it, deletes it, puts a folder in its place
    // for a moment and swaps the platform's temporary files for folders and symlinks.
    const shell = h.app.labs.runtime.driver.terminal(id!);
    await h.app.labs.runtime.driver.files.write(
      id!,
      'churn.py',
      Readable.from([Buffer.from(churnScript)]),
      10_000,
    );
    shell.write('python3 churn.py >/dev/null 2>&1 &\r');
    await new Promise((r) => setTimeout(r, 300));
    const statuses: number[] = [];
    const keys = new Set<string>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next++ < 150) {
          const res = await upload(id!, 'same.txt');
          statuses.push(res.statusCode);
          if (res.statusCode !== 200) keys.add(res.json().errorKey as string);
        }
      }),
    );
    shell.write('kill %1\r');
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses.filter((s) => s !== 200))).toEqual(new Set([409]));
    expect([...keys].every((k) => ['labs.file_conflict', 'labs.path_occupied'].includes(k))).toBe(
      true,
    );
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  }, 120_000);
});

describe('Jupyter resource requests, usage and disk alarm', () => {
  it('remembers the resource request and validates the spec’s choices', async () => {
    const env = await createEnvironment(h.ctx, {
      experimentKind: '3',
      resourceKind: 'JUPYTER',
      maxMemorySize: 8,
      maxDiskSize: 30,
      maxGpuCount: 1,
    });
    const q = `${labsApi.jupyterInfoQuery.path}?resourceExpEnvId=${env.id}`;
    expect((await call(student, 'GET', q)).data).toBeNull();
    const saved = await call(student, 'POST', labsApi.jupyterInfoSave.path, {
      expEnvId: env.id,
      cpuCore: 0.7,
      memorySize: 6,
      gpuCount: 1,
      gpuMemory: 2,
      diskSize: 30,
    });
    expect(saved.code).toBe(200);
    expect((await call(student, 'GET', q)).data).toEqual({
      resourceExpEnvId: env.id,
      cpuCore: 0.7,
      memorySize: 6,
      gpuCount: 1,
      gpuMemory: 2,
      diskSize: 30,
    });
    expect((await call(other, 'GET', q)).data).toBeNull();
    const bad = await call(student, 'POST', labsApi.jupyterInfoSave.path, {
      expEnvId: env.id,
      cpuCore: 0.4,
      memorySize: 11,
      gpuCount: 1,
      gpuMemory: 2,
      diskSize: 15,
    });
    expect(bad).toMatchObject({
      code: 9000,
      fields: { cpuCore: 'invalid_value', memorySize: 'invalid_value', diskSize: 'invalid_value' },
    });
    const above = await call(student, 'POST', labsApi.jupyterInfoSave.path, {
      expEnvId: env.id,
      cpuCore: 2,
      memorySize: 10,
      gpuCount: 2,
      gpuMemory: 2,
      diskSize: 30,
    });
    expect(above).toMatchObject({
      status: 400,
      code: 9000,
      errorKey: 'labs.resources_above_max',
      fields: { cpuCore: 'above_limit', memorySize: 'above_limit', gpuCount: 'above_limit' },
    });
    expect(above.message).toContain('CPU 1 cores, memory 8 GB, disk 30 GB, GPU 1');
  });

  it('runs a lab with its environment’s resources, whatever the start request asks', async () => {
    const env = await createEnvironment(h.ctx, { cpuCore: 0.5, memorySize: 1, diskSize: 10 });
    const res = await start(student, env.id, {
      cpuCore: 10,
      memorySize: 10,
      diskSize: 30,
      gpuCount: 8,
    });
    expect(res.code).toBe(200);
    const id = (res.data as string[])[0]!;
    await h.app.labs.runtime.settle();
    const detail = (await call(student, 'GET', pathOf(labsApi.detail.path, { id })))
      .data as Container;
    expect(detail).toMatchObject({ cpuCore: 0.5, memorySize: 1, diskSize: 10, gpuCount: 0 });
    if (detail.enforced.memory) {
      // `platform-labs/<driver's owner key>/<lab id>` (v1: one tree per controller)
      const cgroupOf = (controller: string) => {
        const group = `/sys/fs/cgroup/${controller}/platform-labs`;
        const owner = fs.readdirSync(group).find((o) => fs.existsSync(path.join(group, o, id)));
        return path.join(group, owner!, id);
      };
      const limit = fs.readFileSync(path.join(cgroupOf('memory'), 'memory.limit_in_bytes'), 'utf8');
      expect(Number(limit)).toBe(1024 ** 3);
      const quota = fs.readFileSync(path.join(cgroupOf('cpu'), 'cpu.cfs_quota_us'), 'utf8');
      expect(Number(quota)).toBe(50_000);
    }
    const centre = await call(student, 'GET', pathOf(labsApi.centerDetail.path, { id: env.id }));
    expect(centre.data).toMatchObject({ requestLimits: null });
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  });

  it('honours a Jupyter request only within the maxima the operator set', async () => {
    const env = await createEnvironment(h.ctx, {
      experimentKind: '3',
      resourceKind: 'JUPYTER',
      cpuCore: 1,
      memorySize: 2,
      maxCpuCore: 2,
      maxMemorySize: 4,
    });
    const centre = await call(student, 'GET', pathOf(labsApi.centerDetail.path, { id: env.id }));
    expect(centre.data).toMatchObject({
      requestLimits: { cpuCore: 2, memorySize: 4, diskSize: 10, gpuCount: 0 },
    });
    const above = await start(student, env.id, { cpuCore: 3, memorySize: 4 });
    expect(above).toMatchObject({
      status: 400,
      code: 9000,
      errorKey: 'labs.resources_above_max',
      fields: { cpuCore: 'above_limit' },
    });
    expect(h.app.labs.runtime.entriesOf(student.id, env.id)).toHaveLength(0);
    const within = await start(student, env.id, { cpuCore: 2, memorySize: 4 });
    expect(within.code).toBe(200);
    const id = (within.data as string[])[0]!;
    const detail = (await call(student, 'GET', pathOf(labsApi.detail.path, { id })))
      .data as Container;
    expect(detail).toMatchObject({ cpuCore: 2, memorySize: 4, diskSize: 10 });
    await h.app.labs.runtime.settle();
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
  });

  it('summarises usage for operations only', async () => {
    const operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    const env = await createEnvironment(h.ctx);
    await start(student, env.id);
    await h.app.labs.runtime.settle();
    h.advance(90_000);
    await call(student, 'GET', `${labsApi.stop.path}?envId=${env.id}`);
    const usage = await call(operator, 'GET', pathOf(labsApi.usage.path, { id: env.id }));
    expect(usage.data).toMatchObject({ envId: env.id, starts: 1, running: 0, total: 1 });
    const record = (
      usage.data as { records: { durationSeconds: number; stopReason: string; userId: string }[] }
    ).records[0]!;
    expect(record.userId).toBe(student.id);
    expect(record.durationSeconds).toBeGreaterThanOrEqual(90);
    expect(record.stopReason).toBe('user');
    expect((await call(student, 'GET', pathOf(labsApi.usage.path, { id: env.id }))).status).toBe(
      403,
    );
  });

  it('answers the disk alarm with its defaults', async () => {
    expect((await call(student, 'GET', labsApi.diskAlarm.path)).data).toEqual({
      phone: '',
      status: 0,
    });
  });
});

describe('archiving a class', () => {
  it("stops and removes its students' labs and their files, and keeps usage", async () => {
    const school = await createSchool(h.ctx);
    const classId = h.ctx.ids.next();
    await h.ctx.db.insert(classes).values({ id: classId, schoolId: school.id, name: 'To archive' });
    const learner = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: school.id });
    await h.ctx.db
      .update(users)
      .set({ kind: UserKind.STUDENT, classId })
      .where(eq(users.id, learner.id));
    const manager = await signedIn(h.app, h.ctx, {
      roles: ['school-manager'],
      schoolId: school.id,
    });
    const env = await createEnvironment(h.ctx, { name: 'Archived shell' });
    const [id] = (await start(learner, env.id)).data as string[];
    await h.app.labs.runtime.settle();
    expect((await state(learner, id!)).state).toBe('Running');
    const home = path.join(h.ctx.config.labsDir, id!);
    expect(fs.existsSync(home)).toBe(true);

    const archived = await call(manager, 'POST', pathOf(classesApi.archive.path, { id: classId }), {
      confirm: 'delete',
    });
    expect(archived.code).toBe(200);
    expect(fs.existsSync(home)).toBe(false);
    expect(h.app.labs.runtime.get(id!)).toBeUndefined();
    const gone = await call(learner, 'POST', pathOf(labsApi.checkState.path, { id: id! }));
    expect(gone.status).toBe(404);
    expect(await h.ctx.db.select().from(labContainers).where(eq(labContainers.id, id!))).toEqual(
      [],
    );
    const usage = await h.ctx.db.select().from(labUsage).where(eq(labUsage.containerId, id!));
    expect(usage).toHaveLength(1);
    expect(usage[0]!.stopReason).toBe('removed');
  });
});
