import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  labsApi,
  teachingApi as api,
  type CheckRunResult,
  type Device,
  type StepCheckInput,
} from '@platform/contract';
import { courseSteps } from '../../db/schema';
import { createEnvironment } from '../../test/factories';
import { doc, teachingSuite } from '../../test/teaching-fixture';
import { insertCourseTree } from '../courses/courses.tree';
import { genuineTelemetry } from './teaching.checks';

const suite = teachingSuite();
const { call, issue, body, studentTaskOf } = suite;

const mqtt = '-h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD"';
/** A sandbox's forwarder to the broker starts beside the script: wait until it listens. */
const brokerUp =
  'for i in $(seq 100); do mosquitto_pub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "$MQTT_TOPIC_PREFIX/up" -n 2>/dev/null && break; sleep 0.05; done';
const title = (en: string) => ({ zh: en, en });

/** One check of each kind, each about what a student could forge in the lab. */
const checks: StepCheckInput[] = [
  { key: 'fan', kind: 'device', title: title('fan on'), score: 4, device: 'fan' },
  {
    key: 'fan-state',
    kind: 'mqtt',
    title: title('fan state published'),
    score: 2,
    topic: 'devices/fan/state',
    contains: '"on":true',
  },
  {
    key: 'greeting',
    kind: 'mqtt',
    title: title('greeting published'),
    score: 1,
    topic: 'greeting',
    contains: 'hello',
  },
  { key: 'saved', kind: 'telemetry', title: title('telemetry saved'), score: 3, path: 'data.txt' },
  {
    key: 'saved-temp',
    kind: 'telemetry',
    title: title('temperature saved'),
    score: 3,
    path: 'data.txt',
    device: 'temp',
  },
  {
    key: 'file',
    kind: 'file',
    title: title('file written'),
    score: 1,
    path: 'data.txt',
    contains: '/telemetry',
  },
  {
    key: 'uname',
    kind: 'output',
    title: title('system named'),
    score: 1,
    command: 'uname -s',
    contains: 'Linux',
  },
  {
    key: 'script',
    kind: 'script',
    title: title('answer given'),
    score: 1,
    script: 'grep -q 42 answer.txt',
  },
];

let stepId = '';
let envId = '';
let courseId = '';

beforeAll(async () => {
  const { ctx } = suite.h;
  const devices: Device[] = [
    { id: 'temp', type: 'temperature', name: 'Room temperature', intervalMs: 500 },
    { id: 'fan', type: 'fan', name: 'Ceiling fan', intervalMs: 2000 },
  ];
  const sim = await createEnvironment(ctx, {
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    devices,
  });
  const shell = await createEnvironment(ctx, { name: 'Shell' });
  const combo = await createEnvironment(ctx, {
    type: 4,
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    parts: [sim.id, shell.id],
  });
  envId = combo.id;
  courseId = await insertCourseTree(ctx, {
    id: ctx.ids.next(),
    schoolId: suite.w.schoolA,
    authorId: suite.w.teacherA.id,
    course: {
      name: { zh: '智能家居实训', en: 'Smart home' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [combo.id],
    },
    chapters: [
      {
        name: { zh: '第1章 设备' },
        steps: [
          {
            name: { zh: '1-1 风扇与遥测' },
            content: { type: 'training', doc: { zh: doc('打开风扇') }, envId: combo.id, checks },
          },
        ],
      },
    ],
  });
  const [step] = await ctx.db.select().from(courseSteps).where(eq(courseSteps.courseId, courseId));
  stepId = step!.id;
}, 60_000);

describe('what checks take as evidence', () => {
  it('scores nothing that a student forged, and what the devices really did', async () => {
    const task = await issue(
      suite.w.teacherA,
      body({ name: '证据实训', courseId, stepIds: [stepId], resourceIds: [] }),
    );
    const me = suite.w.students[0]!;
    const st = await studentTaskOf(task.id, me);
    const started = await call<string[]>(me, 'POST', labsApi.start.path, { expEnvId: envId });
    expect(started.code, started.message).toBe(200);
    const { runtime, topics } = suite.h.app.labs;
    await runtime.settle();
    const entries = started.data.map((id) => runtime.get(id)!);
    const simId = entries.find((e) => e.runner === 'simulation')!.id;
    const termId = entries.find((e) => e.runner === 'terminal')!.id;
    const sh = async (script: string) => {
      const run = await runtime.driver.exec(termId, {
        script,
        timeoutMs: 15_000,
        maxOutputBytes: 64 * 1024,
      });
      expect(run.exitCode, `${script}\n${run.stderr}`).toBe(0);
      return run.stdout;
    };
    const check = async () => {
      const ran = await call<CheckRunResult>(me, 'POST', api.stepCheck.path, {
        studentTaskId: st.id,
        stepId,
      });
      expect(ran.code, ran.message).toBe(200);
      return Object.fromEntries(ran.data.items.map((i) => [i.title, i.score]));
    };

    // Forged: the fan's state published by the student (retained, as the simulation does),
    // telemetry lines made up in the file, and the system's commands shadowed in the home.
    const now = Date.now();
    await sh(
      [
        brokerUp,
        `mosquitto_pub ${mqtt} -r -t "$MQTT_TOPIC_PREFIX/devices/fan/state" -m '{"on":true,"ts":${now}}'`,
        `mosquitto_pub ${mqtt} -t "$MQTT_TOPIC_PREFIX/greeting" -m hello`,
        ...[0, 1, 2].map(
          (i) =>
            `echo "$MQTT_TOPIC_PREFIX/devices/temp/telemetry {\\"value\\":2${i}.5,\\"unit\\":\\"°C\\",\\"ts\\":${now - i * 500}}" >> data.txt`,
        ),
        'mkdir -p bin .local/bin',
        `printf '#!/bin/sh\\necho forged Linux\\nexit 0\\n' > bin/grep`,
        'chmod +x bin/grep && cp bin/grep .local/bin/grep && cp bin/grep bin/uname',
        `echo 'export PATH="$HOME/bin:$HOME/.local/bin:$PATH"; grep() { return 0; }' | tee -a .bashrc .profile .bash_profile > /dev/null`,
      ].join(' && '),
    );
    await expect
      .poll(() => topics.last(simId, 'devices/fan/state')?.payload ?? '')
      .toContain('"on":true');
    await expect.poll(() => topics.last(simId, 'greeting')?.payload ?? '').toBe('hello');
    expect(runtime.simulation(simId)!.switchedOn('fan')).toBe(false);

    expect(await check()).toEqual({
      'fan on': 0,
      'fan state published': 0,
      'greeting published': 1,
      'telemetry saved': 0,
      'temperature saved': 0,
      // A file check is about the file, which the student wrote.
      'file written': 1,
      'system named': 1,
      'answer given': 0,
    });

    // Done for real: the fan switched through its command topic, telemetry received.
    await sh(`${brokerUp}; mosquitto_pub ${mqtt} -t "$MQTT_TOPIC_PREFIX/devices/fan/set" -m on`);
    await expect.poll(() => runtime.simulation(simId)!.switchedOn('fan')).toBe(true);
    await sh(
      `${brokerUp}; mosquitto_sub ${mqtt} -v -t "$MQTT_TOPIC_PREFIX/devices/+/telemetry" -C 3 -W 10 > data.txt && echo 42 > answer.txt`,
    );
    expect(await check()).toEqual({
      'fan on': 4,
      'fan state published': 2,
      'greeting published': 1,
      'telemetry saved': 3,
      'temperature saved': 3,
      'file written': 1,
      'system named': 1,
      'answer given': 1,
    });

    // Switched off again by a forged state: the fan is on as far as the simulation knows.
    await sh(
      `${brokerUp}; mosquitto_pub ${mqtt} -r -t "$MQTT_TOPIC_PREFIX/devices/fan/state" -m '{"on":false}'`,
    );
    expect((await check())['fan on']).toBe(4);
    await call(me, 'GET', `${labsApi.stop.path}?envId=${envId}`);
  }, 120_000);
});

describe('telemetry read from a file', () => {
  const sent = new Set(['temp:1000:21.5', 'temp:1500:21.6', 'hum:1000:40']);
  const simulation = {
    publishedTelemetry: (device: string | null, ts: number, value: number) =>
      device === null
        ? [...sent].some((s) => s.endsWith(`:${ts}:${value}`))
        : sent.has(`${device}:${ts}:${value}`),
  };

  it('counts each published message once, as mosquitto_sub -v or a program saves it', () => {
    const text = [
      'labs/1/devices/temp/telemetry {"value":21.5,"unit":"°C","ts":1000}',
      'labs/1/devices/temp/telemetry {"value":21.5,"unit":"°C","ts":1000}',
      '{"ts": 1500, "value": 21.6}',
      'labs/1/devices/hum/telemetry {"value":40,"unit":"%","ts":1000}',
      'labs/1/devices/temp/telemetry {"value":99,"unit":"°C","ts":1000}',
      'labs/1/devices/temp/telemetry {"value":21.5,',
      'not json at all',
    ].join('\n');
    expect(genuineTelemetry(text, simulation, undefined)).toBe(3);
    expect(genuineTelemetry(text, simulation, 'temp')).toBe(2);
    expect(genuineTelemetry(text, simulation, 'hum')).toBe(1);
  });
});
