import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsApi, stepCheckSchema, type Device, type StepCheckInput } from '@platform/contract';
import type { ExecResult } from '@platform/labs';
import { createEnvironment, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { attemptFor, runChecks, type CheckDeps, type StoredAttempt } from './teaching.checks';

const checks = (...input: StepCheckInput[]) => input.map((c) => stepCheckSchema.parse(c));
const title = (en: string) => ({ en, zh: en });

function fakeDeps(
  exec: (script: string) => Partial<ExecResult>,
  messages: Record<string, { payload: string; at: number }> = {},
): CheckDeps {
  return {
    exec: async (_id, request) => ({
      exitCode: 0,
      stdout: '',
      stderr: '',
      timedOut: false,
      truncated: false,
      ...exec(request.script),
    }),
    lastMessage: (labId, topic) => messages[`${labId}/${topic}`] ?? null,
    simulation: () => null,
    now: () => new Date(100_000),
  };
}
const target = { execId: '1', mqttLabId: '7' };

describe('check rules', () => {
  it('gives a script full marks on exit 0, a SCORE line part of them, and none otherwise', async () => {
    const deps = fakeDeps((script) =>
      script === 'half'
        ? { stdout: 'working\nSCORE 4 two of four files found\n', exitCode: 1 }
        : script === 'over'
          ? { stdout: 'SCORE 99' }
          : script === 'slow'
            ? { exitCode: null, timedOut: true }
            : { exitCode: script === 'ok' ? 0 : 2 },
    );
    const out = await runChecks(
      deps,
      target,
      checks(
        { kind: 'script', title: title('ok'), score: 5, script: 'ok' },
        { kind: 'script', title: title('half'), score: 8, script: 'half' },
        { kind: 'script', title: title('over'), score: 3, script: 'over' },
        { kind: 'script', title: title('bad'), score: 2, script: 'bad' },
        { kind: 'script', title: title('slow'), score: 2, script: 'slow' },
      ),
    );
    expect(out.map((o) => [o.score, o.max, o.passed, o.message.en])).toEqual([
      [5, 5, true, 'Passed'],
      [4, 8, false, 'two of four files found'],
      [3, 3, true, 'Passed'],
      [0, 2, false, 'The check script exited with 2'],
      [0, 2, false, 'The check timed out'],
    ]);
    expect(out[3]!.message.zh).toBe('检查脚本退出码为 2');
  });

  it('quotes a file path so it cannot leave the test, and compares the content', async () => {
    const scripts: string[] = [];
    const deps = fakeDeps((script) => {
      scripts.push(script);
      return script.includes("'notes/it'\\''s.txt'")
        ? { stdout: 'temperature=21\n' }
        : { exitCode: 3 };
    });
    const out = await runChecks(
      deps,
      target,
      checks(
        {
          kind: 'file',
          title: title('f'),
          score: 2,
          path: "notes/it's.txt",
          pattern: '^temp.*=\\d+',
        },
        { kind: 'file', title: title('g'), score: 2, path: "notes/it's.txt", contains: 'humidity' },
        { kind: 'file', title: title('h'), score: 2, path: 'missing.txt' },
      ),
    );
    expect(out.map((o) => [o.score, o.message.en])).toEqual([
      [2, 'Passed'],
      [0, "The content of notes/it's.txt is not as expected"],
      [0, 'File missing.txt not found'],
    ]);
    expect(scripts[0]).toContain("[ -f 'notes/it'\\''s.txt' ]");
  });

  it('checks an output and its exit code, and messages on the lab’s topics within a window', async () => {
    const deps = fakeDeps(
      (script) => ({ stdout: `ran ${script}`, exitCode: script === 'x' ? 1 : 0 }),
      {
        '7/devices/fan/state': { payload: '{"on":true}', at: 95_000 },
        '7/devices/temp/telemetry': { payload: '{"value":21}', at: 10_000 },
      },
    );
    const out = await runChecks(
      deps,
      target,
      checks(
        { kind: 'output', title: title('o'), score: 1, command: 'uname', contains: 'ran uname' },
        { kind: 'output', title: title('p'), score: 1, command: 'x', exitCode: 0 },
        {
          kind: 'mqtt',
          title: title('fan'),
          score: 3,
          topic: 'devices/fan/state',
          contains: '"on":true',
        },
        {
          kind: 'mqtt',
          title: title('temp'),
          score: 3,
          topic: 'devices/temp/telemetry',
          withinSeconds: 60,
        },
        {
          kind: 'mqtt',
          title: title('fan off'),
          score: 3,
          topic: 'devices/fan/state',
          contains: '"on":false',
          failMessage: { en: 'Switch the fan off', zh: '请关闭风扇' },
        },
      ),
    );
    expect(out.map((o) => [o.score, o.message.en])).toEqual([
      [1, 'Passed'],
      [0, 'The command exited with 1, expected 0'],
      [3, 'Passed'],
      [0, 'No message on devices/temp/telemetry in the last 60 s'],
      [0, 'Switch the fan off'],
    ]);
    const noBroker = await runChecks(
      deps,
      { execId: '1', mqttLabId: null },
      checks({
        kind: 'mqtt',
        title: title('fan'),
        score: 1,
        topic: 'devices/fan/state',
      }),
    );
    expect(noBroker[0]!.message.en).toMatch(/no device simulation/);
  });

  it('shows a student the visible checks and the hidden ones only summed', () => {
    const attempt: StoredAttempt = {
      id: '9',
      stepId: '3',
      score: 6,
      max: 10,
      durationMs: 120,
      createdAt: new Date(0),
      items: [
        {
          key: 'a',
          title: title('Service up'),
          score: 4,
          max: 4,
          passed: true,
          message: title('Passed'),
          hidden: false,
        },
        {
          key: 'b',
          title: title('Secret rule'),
          score: 2,
          max: 3,
          passed: false,
          message: title('secret reason'),
          hidden: true,
        },
        {
          key: 'c',
          title: title('Other secret'),
          score: 0,
          max: 3,
          passed: false,
          message: title('x'),
          hidden: true,
        },
      ],
    };
    const student = attemptFor(attempt, 'en', 'student');
    expect(student.items).toEqual([
      { title: 'Service up', score: 4, max: 4, passed: true, message: 'Passed', hidden: false },
      {
        title: 'Other checks',
        score: 2,
        max: 6,
        passed: false,
        message: 'Not passed',
        hidden: true,
      },
    ]);
    expect(JSON.stringify(student)).not.toMatch(/secret/i);
    expect(student.message).toBe('Score 6/10');
    expect(attemptFor(attempt, 'zh', 'teacher').items.map((i) => i.title)).toEqual([
      'Service up',
      'Secret rule',
      'Other secret',
    ]);
  });
});

describe('checks against a running lab', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('runs scripts and reads files in the sandbox, and sees the devices’ messages', async () => {
    const student = await signedIn(h.app, h.ctx, { roles: ['student'] });
    const devices: Device[] = [
      { id: 'temp', type: 'temperature', name: 'Room temperature', intervalMs: 300 },
      { id: 'fan', type: 'fan', name: 'Ceiling fan', intervalMs: 2000 },
    ];
    const sim = await createEnvironment(h.ctx, {
      experimentKind: '1',
      resourceKind: 'SIMULATION',
      devices,
    });
    const shell = await createEnvironment(h.ctx, { name: 'Shell' });
    const combo = await createEnvironment(h.ctx, {
      type: 4,
      experimentKind: '1',
      resourceKind: 'SIMULATION',
      parts: [sim.id, shell.id],
    });
    const res = await h.app.inject({
      method: 'POST',
      url: labsApi.start.path,
      headers: student.headers,
      payload: { expEnvId: combo.id },
    });
    await h.app.labs.runtime.settle();
    const entries = (res.json().data as string[]).map((id) => h.app.labs.runtime.get(id)!);
    const simId = entries.find((e) => e.runner === 'simulation')!.id;
    const termId = entries.find((e) => e.runner === 'terminal')!.id;
    const { runtime, topics } = h.app.labs;
    const deps: CheckDeps = {
      exec: (id, request) => runtime.driver.exec(id, request),
      lastMessage: (labId, topic) => topics.last(labId, topic),
      simulation: (labId) => runtime.simulation(labId) ?? null,
      now: () => new Date(),
    };
    const step = checks(
      { kind: 'file', title: title('readme'), score: 2, path: 'README.txt', contains: 'hello lab' },
      { kind: 'script', title: title('result'), score: 4, script: 'test -s result.txt' },
      {
        kind: 'mqtt',
        title: title('telemetry'),
        score: 2,
        topic: 'devices/temp/telemetry',
        withinSeconds: 30,
      },
      {
        kind: 'mqtt',
        title: title('fan on'),
        score: 2,
        topic: 'devices/fan/state',
        contains: '"on":true',
      },
    );
    const deadline = Date.now() + 10_000;
    while (!topics.last(simId, 'devices/temp/telemetry') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));

    const first = await runChecks(deps, { execId: termId, mqttLabId: simId }, step);
    expect(first.map((o) => o.score)).toEqual([2, 0, 2, 0]);

    await runtime.driver.exec(termId, {
      script: 'echo 42 > result.txt',
      timeoutMs: 5000,
      maxOutputBytes: 1024,
    });
    await runtime.simulation(simId)!.command('fan', true);
    const second = await runChecks(deps, { execId: termId, mqttLabId: simId }, step);
    expect(second.map((o) => o.score)).toEqual([2, 4, 2, 2]);

    await h.app.inject({
      method: 'GET',
      url: `${labsApi.stop.path}?envId=${combo.id}`,
      headers: student.headers,
    });
    expect(topics.last(simId, 'devices/temp/telemetry')).toBeNull();
  });
});
