import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import mqtt, { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  labGatewayPaths,
  pathOf,
  type Device,
  type PanelServerMessage,
  labsApi,
} from '@platform/contract';
import { shellResult } from '@platform/labs/conformance';
import { createEnvironment, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import {
  connectOutcome,
  mosquitto,
  refused,
  startDynsecMosquitto,
  subscribeOutcome,
} from '../../test/mosquitto';
import { inNamespace, matches } from './labs.broker';
import { parseCommand } from './labs.simulator';

const devices: Device[] = [
  { id: 'temp', type: 'temperature', name: 'Room temperature', intervalMs: 500 },
  { id: 'fan', type: 'fan', name: 'Ceiling fan', intervalMs: 2000 },
];

async function startEnv(h: Harness, who: { headers: Record<string, string> }, envId: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers: who.headers,
    payload: { expEnvId: envId },
  });
  await h.app.labs.runtime.settle();
  return res.json().data as string[];
}

async function panel(
  h: Harness,
  port: number,
  who: { headers: Record<string, string> },
  id: string,
) {
  const res = await h.app.inject({
    method: 'POST',
    url: pathOf(labsApi.ticket.path, { id }),
    headers: who.headers,
  });
  const url = new URL(res.json().data.url as string);
  const redeemed = await h.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { host: url.host },
  });
  const cookie = (redeemed.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${labGatewayPaths.socket}`, {
    headers: { host: url.host, cookie, origin: url.origin },
  });
  const messages: PanelServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as PanelServerMessage));
  await new Promise((r) => socket.once('open', r));
  return { socket, messages };
}

async function until<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a simulation with a shell for `who`: the ids of both and the lab's MQTT socket. */
async function simulationWithShell(h: Harness, who: { headers: Record<string, string> }) {
  const sim = await createEnvironment(h.ctx, {
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    devices,
  });
  const shellEnv = await createEnvironment(h.ctx, { name: 'Shell' });
  const combo = await createEnvironment(h.ctx, {
    type: 4,
    experimentKind: '1',
    resourceKind: 'SIMULATION',
    parts: [sim.id, shellEnv.id],
  });
  const ids = await startEnv(h, who, combo.id);
  const entries = ids.map((id) => h.app.labs.runtime.get(id)!);
  const simEntry = entries.find((e) => e.runner === 'simulation')!;
  const termId = entries.find((e) => e.runner === 'terminal')!.id;
  return {
    ids,
    comboId: combo.id,
    termId,
    simId: simEntry.id,
    username: `lab-${simEntry.id}`,
    password: simEntry.mqttPassword!,
    socket: join(h.ctx.config.labsDir, termId, 'sockets', 'mqtt.sock'),
  };
}

type Lab = Awaited<ReturnType<typeof simulationWithShell>>;

/** An MQTT client through a lab's socket: connected, or the CONNACK code it was refused with. */
function mqttThrough(socket: string, username: string, password: string, clientId: string) {
  return new Promise<{ client: MqttClient; refused: number | null }>((resolve) => {
    const client = new MqttClient(() => net.connect(socket), {
      clientId,
      username,
      password,
      reconnectPeriod: 0,
      protocolVersion: 4,
      connectTimeout: 5_000,
    });
    client.once('connect', () => resolve({ client, refused: null }));
    client.once('error', (error) =>
      resolve({ client, refused: Number((error as { code?: number }).code ?? -1) }),
    );
    client.once('close', () => resolve({ client, refused: -1 }));
  });
}

/** A lab connecting with another lab's client id never disconnects that lab's client. */
async function expectOwnClientIds(a: Lab, b: Lab) {
  const first = await mqttThrough(a.socket, a.username, a.password, 'sensor-1');
  expect(first.refused).toBeNull();
  let dropped = false;
  first.client.on('close', () => (dropped = true));
  const same = await mqttThrough(b.socket, b.username, b.password, 'sensor-1');
  expect(same.refused).toBeNull();
  const claimed = await mqttThrough(b.socket, b.username, b.password, `lab-${a.simId}/sensor-1`);
  expect(claimed.refused).toBe(2);
  const bare = await mqttThrough(b.socket, b.username, b.password, `lab-${a.simId}`);
  expect(bare.refused).toBe(2);
  const borrowed = await mqttThrough(b.socket, a.username, a.password, 'sensor-2');
  expect(borrowed.refused).not.toBeNull();
  await new Promise((r) => setTimeout(r, 500));
  expect(dropped).toBe(false);
  expect(first.client.connected).toBe(true);
  for (const c of [first, same, claimed, bare, borrowed]) c.client.end(true);
}

describe('MQTT topic rules', () => {
  it('keeps a lab to its own namespace and parses commands', () => {
    expect(inNamespace('1', 'labs/1/devices/a/set')).toBe(true);
    expect(inNamespace('1', 'labs/1/#')).toBe(true);
    expect(inNamespace('1', 'labs/12/x')).toBe(false);
    expect(inNamespace('1', 'labs/#')).toBe(false);
    expect(inNamespace('1', '#')).toBe(false);
    expect(matches('labs/+/devices/#', 'labs/1/devices/a/set')).toBe(true);
    expect(matches('labs/1/devices/+/set', 'labs/1/devices/a/state')).toBe(false);
    expect([
      parseCommand('ON'),
      parseCommand('0'),
      parseCommand('{"on":true}'),
      parseCommand('x'),
    ]).toEqual([true, false, true, null]);
  });
});

describe('IoT device simulation on the embedded broker', () => {
  let h: Harness;
  let port: number;
  let student: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    h = await createHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
    student = await signedIn(h.app, h.ctx, { roles: ['student'] });
  });
  afterAll(() => h.close());

  it('shows live telemetry in the panel and carries a toggle from the panel to a shell subscriber', async () => {
    const { ids, comboId, simId, termId } = await simulationWithShell(h, student);
    expect(ids).toHaveLength(2);

    const { socket, messages } = await panel(h, port, student, simId);
    const snapshot = await until(() => messages.find((m) => m.type === 'snapshot'));
    expect(snapshot).toMatchObject({ topicPrefix: `labs/${simId}`, readOnly: false });
    if (snapshot.type === 'snapshot') {
      expect(snapshot.devices.map((d) => [d.id, d.unit, d.on])).toEqual([
        ['temp', '°C', null],
        ['fan', '', false],
      ]);
    }
    const values = await until(() => {
      const t = messages.filter((m) => m.type === 'telemetry');
      return t.length >= 3 ? t : undefined;
    });
    expect(values.every((m) => m.type === 'telemetry' && m.value >= 15 && m.value <= 35)).toBe(
      true,
    );

    const shell = h.app.labs.runtime.driver.terminal(termId);
    const received = await shellResult(
      shell,
      'mosquitto_sub -h 127.0.0.1 -p 1883 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "$MQTT_TOPIC_PREFIX/devices/temp/telemetry" -C 1 -W 10',
    );
    expect(received).toMatch(/"value":\d+(\.\d)?,"unit":"°C"/);

    const outside = await shellResult(
      shell,
      'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "labs/#" -C 1 -W 2; echo "exit=$?"',
    );
    expect(outside).not.toContain('"value"');
    const wrong = await shellResult(
      shell,
      'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P wrong -t "$MQTT_TOPIC_PREFIX/#" -C 1 -W 2 2>&1',
    );
    expect(wrong.toLowerCase()).toContain('refused');

    await shellResult(
      shell,
      'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -v -t "$MQTT_TOPIC_PREFIX/devices/fan/set" -C 1 -W 15 > fan.txt & sleep 0.5',
    );
    socket.send(JSON.stringify({ type: 'set', id: 'fan', on: true }));
    await until(() => messages.find((m) => m.type === 'state' && m.id === 'fan' && m.on));
    const seen = await shellResult(shell, 'wait; cat fan.txt');
    expect(seen).toBe(`labs/${simId}/devices/fan/set {"on":true}`);

    await shellResult(
      shell,
      'mosquitto_pub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "$MQTT_TOPIC_PREFIX/devices/fan/set" -m off',
    );
    await until(() => messages.find((m) => m.type === 'state' && m.id === 'fan' && !m.on));
    socket.close();
    await h.app.inject({
      method: 'GET',
      url: `${labsApi.stop.path}?envId=${comboId}`,
      headers: student.headers,
    });
    expect(h.app.labs.runtime.simulation(simId)).toBeUndefined();
  });

  it('keeps each lab to client ids of its own namespace', async () => {
    const other = await signedIn(h.app, h.ctx, { roles: ['student'] });
    await expectOwnClientIds(
      await simulationWithShell(h, student),
      await simulationWithShell(h, other),
    );
  });
});

describe('IoT device simulation on an external broker (MQTT_URL, Mosquitto)', () => {
  it('publishes telemetry and follows commands through Mosquitto', async () => {
    const h = await createHarness({ config: { mqttUrl: 'mqtt://127.0.0.1:1883' } });
    try {
      const student = await signedIn(h.app, h.ctx, { roles: ['student'] });
      const sim = await createEnvironment(h.ctx, {
        experimentKind: '1',
        resourceKind: 'SIMULATION',
        devices,
      });
      const [id] = await startEnv(h, student, sim.id);
      const client = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
      const got: string[] = [];
      client.on('message', (topic, payload) => got.push(`${topic} ${payload.toString()}`));
      await client.subscribeAsync(`labs/${id}/#`);
      await until(() => got.find((m) => m.includes('/telemetry ')));
      await client.publishAsync(`labs/${id}/devices/fan/set`, 'on');
      await until(() => got.find((m) => m.startsWith(`labs/${id}/devices/fan/state {"on":true`)));
      expect(
        h.app.labs.runtime
          .simulation(id!)!
          .snapshot()
          .find((d) => d.id === 'fan')?.on,
      ).toBe(true);
      await client.endAsync();
    } finally {
      await h.close();
    }
  });

  it('keeps each lab to client ids of its own namespace', async () => {
    const h = await createHarness({ config: { mqttUrl: 'mqtt://127.0.0.1:1883' } });
    try {
      const a = await signedIn(h.app, h.ctx, { roles: ['student'] });
      const b = await signedIn(h.app, h.ctx, { roles: ['student'] });
      await expectOwnClientIds(await simulationWithShell(h, a), await simulationWithShell(h, b));
    } finally {
      await h.close();
    }
  });
});

describe.skipIf(!mosquitto)('IoT labs on Mosquitto with dynamic security (MQTT_DYNSEC_*)', () => {
  const admin = { username: 'platform-admin', password: 'Admin_secret_42' };
  let server: Awaited<ReturnType<typeof startDynsecMosquitto>> | undefined;
  let h: Harness | undefined;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    server = await startDynsecMosquitto(admin);
    h = await createHarness({ config: { mqttUrl: server.url, mqttDynsec: admin } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await h?.close();
    await server?.close();
  });

  const direct = async (username: string, password: string) => {
    const outcome = await connectOutcome(server!.url, username, password);
    if (typeof outcome !== 'number') clients.push(outcome);
    return outcome;
  };

  it('registers a lab before its shell starts, limits it to its namespace and forgets it when it stops', async () => {
    const owner = await signedIn(h!.app, h!.ctx, { roles: ['student'] });
    const a = await simulationWithShell(h!, owner);
    const b = await simulationWithShell(h!, await signedIn(h!.app, h!.ctx, { roles: ['student'] }));
    expect(h!.app.labs.runtime.get(a.termId)?.state).toBe('Running');

    const shell = h!.app.labs.runtime.driver.terminal(a.termId);
    const telemetry = await shellResult(
      shell,
      'mosquitto_sub -h 127.0.0.1 -p 1883 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "$MQTT_TOPIC_PREFIX/devices/temp/telemetry" -C 1 -W 10',
    );
    expect(telemetry).toMatch(/"value":\d+(\.\d)?,"unit":"°C"/);

    const lab = await direct(a.username, a.password);
    if (typeof lab === 'number') throw new Error(`lab refused: ${lab}`);
    expect(await subscribeOutcome(lab, `labs/${a.simId}/#`)).toBe(1);
    expect(await subscribeOutcome(lab, `labs/${b.simId}/#`)).toBe(refused);
    expect(await subscribeOutcome(lab, 'labs/#')).toBe(refused);
    await expect(
      lab.publishAsync(`labs/${b.simId}/devices/fan/set`, 'on', { qos: 1 }),
    ).rejects.toThrow(/not authorized/i);
    expect(await direct(a.username, b.password)).toBe(refused);

    const kicked = new Promise<void>((resolve) => lab.once('close', () => resolve()));
    await h!.app.inject({
      method: 'GET',
      url: `${labsApi.stop.path}?envId=${a.comboId}`,
      headers: owner.headers,
    });
    await h!.app.labs.runtime.settle();
    await h!.app.labs.runtime.broker.ready(a.simId);
    await kicked;
    expect(await direct(a.username, a.password)).toBe(refused);
    expect(await direct(b.username, b.password)).not.toBeTypeOf('number');
  });
});
