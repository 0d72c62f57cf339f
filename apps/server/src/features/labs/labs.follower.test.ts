import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsApi } from '@platform/contract';
import type { LabDriver } from '@platform/labs';
import { neverLeader, soleLeader, type LeaderLock } from '../../db/leader';
import { labContainers, labUsage } from '../../db/schema';
import { createEnvironment, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { embeddedBroker } from './labs.broker';
import type { ContainerEntry } from './labs.registry';
import { LabRuntime } from './labs.runtime';

let h: Harness;
let follower: LabRuntime;
let student: Awaited<ReturnType<typeof signedIn>>;
const driverCalls: string[] = [];

/** A follower never drives labs: any use of its driver is recorded and fails. */
const unusedDriver = new Proxy({} as LabDriver, {
  get: (_target, key) => {
    if (key === 'close') return async () => {};
    if (key === 'then') return undefined;
    return () => {
      driverCalls.push(String(key));
      throw new Error(`the follower used its driver: ${String(key)}`);
    };
  },
});

async function until<T>(what: string, probe: () => T | null | undefined): Promise<T> {
  const end = Date.now() + 5_000;
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Starts a lab for the student through the app (the leading process): its container's id. */
async function startLab(envId: string): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers: student.headers,
    payload: { expEnvId: envId },
  });
  return res.json<{ data: string[] }>().data[0]!;
}

/** A second runtime on the harness's database and bus. */
const runtimeBeside = async (leader: LeaderLock, driver: LabDriver) =>
  new LabRuntime(
    { ...h.ctx, leader },
    driver,
    await embeddedBroker(),
    { maxStarting: 4, heartbeatFlushMs: 60_000, idleSweepMs: 60_000 },
    h.app.log,
  );

beforeAll(async () => {
  h = await createHarness();
  const school = await createSchool(h.ctx);
  student = await signedIn(h.app, h.ctx, { roles: ['student'], schoolId: school.id });
  follower = await runtimeBeside(neverLeader(), unusedDriver);
  await follower.load();
});
afterAll(async () => {
  await follower?.close();
  await h?.close();
});

describe('a process that does not run the labs', () => {
  it('keeps the states the leading process tells it, beats for it and never drives a lab', async () => {
    expect(follower.leads).toBe(false);
    expect(h.app.labs.runtime.leads).toBe(true);
    const env = await createEnvironment(h.ctx, { idleTimeout: 60 });
    const seen: string[] = [];
    const off = follower.onChange((entry) => seen.push(entry.state));

    const id = await startLab(env.id);
    const mirrored = await until('the follower sees it running', () =>
      follower.get(id)?.state === 'Running' ? follower.get(id) : null,
    );
    expect(seen).toEqual(['Starting', 'Running']);
    expect(mirrored).toMatchObject({ userId: student.id, envId: env.id, desired: 1 });
    expect(() => follower.launch(mirrored)).toThrow(/leading process/);
    expect(() => follower.stop(mirrored, 'user')).toThrow(/leading process/);

    // Past the idle timeout, a heartbeat that reached only the follower keeps the lab running.
    h.advance(70_000);
    const beatAt = h.ctx.now().getTime();
    follower.heartbeat(mirrored);
    expect(await follower.flush()).toBe(1);
    expect(await follower.sweep()).toEqual([]);
    expect(await h.app.labs.runtime.sweep()).toEqual([]);
    const [row] = await h.ctx.db.select().from(labContainers).where(eq(labContainers.id, id));
    expect(row!.lastHeartbeatAt!.getTime()).toBeGreaterThanOrEqual(beatAt);

    // Without another one, the leader stops it, and the follower hears why.
    h.advance(70_000);
    expect(await h.app.labs.runtime.sweep()).toEqual([id]);
    const stopped = await until('the follower sees it stopped', () =>
      follower.get(id)?.state === 'Stopped' ? follower.get(id) : null,
    );
    expect(stopped.error).toEqual({ key: 'labs.idle_stopped' });
    expect(seen).toEqual(['Starting', 'Running', 'Stopping', 'Stopped']);
    off();
    expect(driverCalls).toEqual([]);
  });

  it('forgets the labs the leading process removes', async () => {
    const env = await createEnvironment(h.ctx);
    const id = await startLab(env.id);
    await until('the follower knows it', () => follower.get(id));
    await h.app.labs.runtime.removeUserLabs([student.id]);
    await until('the follower forgot it', () => (follower.get(id) ? null : true));
    expect(follower.entriesOf(student.id, env.id)).toEqual<ContainerEntry[]>([]);
  });

  it('taking the lead, keeps the usage record of a lab it runs on and removes homes no container owns', async () => {
    const leader = h.app.labs.runtime;
    const env = await createEnvironment(h.ctx);
    const id = await startLab(env.id);
    await leader.settle();
    const usage = leader.get(id)!.usageId;
    expect(usage).toBeTruthy();
    const orphan = h.ctx.ids.next();
    await leader.driver.reset({ ...leader.specOf(leader.get(id)!), id: orphan });
    expect(await leader.driver.stored!()).toEqual(expect.arrayContaining([id, orphan]));
    // A stopped lab's record left open, as by a crash between the stop and its record.
    const stoppedEnv = await createEnvironment(h.ctx);
    const stoppedId = await startLab(stoppedEnv.id);
    await leader.settle();
    await leader.stop(leader.get(stoppedId)!, 'user');
    const left = h.ctx.ids.next();
    await h.ctx.db.insert(labUsage).values({
      id: left,
      containerId: stoppedId,
      userId: student.id,
      envId: stoppedEnv.id,
      envName: stoppedEnv.name,
      resources: { cpuCore: 1, memorySize: 512, diskSize: 1, gpuCount: 0 },
      startedAt: new Date(h.ctx.now().getTime() - 3_600_000),
    });

    const shared = Object.create(leader.driver, { close: { value: async () => {} } }) as LabDriver;
    const successor = await runtimeBeside(soleLeader(), shared);
    try {
      await successor.load();
      expect(successor.leads).toBe(true);
      expect(await leader.driver.stored!()).toContain(id);
      expect(await leader.driver.stored!()).not.toContain(orphan);
      await successor.settle();
      expect(successor.get(id)).toMatchObject({ state: 'Running', usageId: usage });
      const records = await h.ctx.db
        .select({ id: labUsage.id, stopReason: labUsage.stopReason, stoppedAt: labUsage.stoppedAt })
        .from(labUsage)
        .where(inArray(labUsage.containerId, [id, stoppedId]));
      expect(records.filter((u) => !u.stoppedAt).map((u) => u.id)).toEqual([usage]);
      expect(records.find((u) => u.id === left)?.stopReason).toBe('shutdown');
    } finally {
      await successor.close();
    }
  });
});
