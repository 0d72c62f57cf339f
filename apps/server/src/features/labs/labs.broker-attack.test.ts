import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsApi, type Device } from '@platform/contract';
import { shellResult } from '@platform/labs/conformance';
import { createEnvironment, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

const ATTACK_SECONDS = Number(process.env.BROKER_ATTACK_SECONDS ?? 60);
/** The most the server's resident memory may grow while the attack runs. */
const MEMORY_CEILING = 160 * 1024 * 1024;

const devices: Device[] = [{ id: 'temp', type: 'temperature', name: 'Temp', intervalMs: 500 }];

/**
 * Run inside the lab: one client shrinks its receive buffer, subscribes to the lab's namespace
 * and never reads; another publishes 64 KiB QoS 0 messages there as fast as the broker takes
 * them. At the end the reader looks whether the broker cut it off.
 */
const attack = `
import os, socket, struct, sys, threading, time
user, password, prefix = os.environ['MQTT_USERNAME'], os.environ['MQTT_PASSWORD'], os.environ['MQTT_TOPIC_PREFIX']
seconds = float(sys.argv[1])
def s(text):
    b = text.encode()
    return struct.pack('!H', len(b)) + b
def length(n):
    out = b''
    while True:
        d, n = n % 128, n // 128
        out += bytes([d | (0x80 if n else 0)])
        if not n: return out
def packet(kind, body):
    return bytes([kind]) + length(len(body)) + body
def connect(cid):
    c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    c.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    c.connect(('127.0.0.1', 1883))
    c.sendall(packet(0x10, s('MQTT') + bytes([4, 0xC2]) + struct.pack('!H', 0) + s(cid) + s(user) + s(password)))
    return c
slow = connect('slow')
slow.sendall(packet(0x82, struct.pack('!H', 1) + s(prefix + '/#') + bytes([0])))
sent = [0]
def flood():
    p = connect('flood')
    p.recv(4)
    message = packet(0x30, s(prefix + '/flood') + b'x' * (64 * 1024 - 64))
    end = time.time() + seconds
    try:
        while time.time() < end:
            p.sendall(message)
            sent[0] += 1
    except OSError:
        pass
threading.Thread(target=flood, daemon=True).start()
time.sleep(seconds)
slow.settimeout(10)
cut = False
try:
    while True:
        if not slow.recv(65536):
            cut = True
            break
except OSError:
    cut = True
print('sent=%d cut=%s' % (sent[0], cut))
`;

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

async function iotLab(h: Harness, who: { headers: Record<string, string> }) {
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
  const entries = (await startEnv(h, who, combo.id)).map((id) => h.app.labs.runtime.get(id)!);
  const simEntry = entries.find((e) => e.runner === 'simulation')!;
  const termId = entries.find((e) => e.runner === 'terminal')!.id;
  return {
    simId: simEntry.id,
    termId,
    password: simEntry.mqttPassword!,
    socket: join(h.ctx.config.labsDir, termId, 'sockets', 'mqtt.sock'),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// The broker does not depend on the database: the attack runs once, on the embedded one.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')(
  'a lab attacking the embedded broker',
  () => {
    let h: Harness;
    let port: number;
    beforeAll(async () => {
      h = await createHarness();
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      port = (h.app.server.address() as AddressInfo).port;
    });
    afterAll(() => h.close());

    it(
      `slow subscriber and 64 KiB flood from inside a real lab for ${ATTACK_SECONDS} s: memory stays under its ceiling, health answers, the reader is cut off, another lab carries on`,
      async () => {
        const attacker = await iotLab(h, await signedIn(h.app, h.ctx, { roles: ['student'] }));
        const neighbour = await iotLab(h, await signedIn(h.app, h.ctx, { roles: ['student'] }));

        const watcher = new MqttClient(() => net.connect(neighbour.socket), {
          clientId: 'watcher',
          username: `lab-${neighbour.simId}`,
          password: neighbour.password,
          reconnectPeriod: 0,
        });
        await new Promise((resolve, reject) => {
          watcher.once('connect', resolve);
          watcher.once('error', reject);
        });
        let telemetry = 0;
        watcher.on('message', () => telemetry++);
        await watcher.subscribeAsync(`labs/${neighbour.simId}/devices/temp/telemetry`);

        const shell = h.app.labs.runtime.driver.terminal(attacker.termId);
        const script = Buffer.from(attack).toString('base64');
        await shellResult(shell, `echo ${script} | base64 -d > attack.py`);
        await shellResult(shell, `(python3 attack.py ${ATTACK_SECONDS} > attack.txt 2>&1 &)`);

        const rssBefore = process.memoryUsage().rss;
        let rssPeak = 0;
        const health: number[] = [];
        const end = Date.now() + ATTACK_SECONDS * 1000;
        while (Date.now() < end) {
          const started = performance.now();
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          health.push(performance.now() - started);
          expect(res.status).toBe(200);
          rssPeak = Math.max(rssPeak, process.memoryUsage().rss - rssBefore);
          await new Promise((r) => setTimeout(r, 100));
        }
        let outcome = '';
        for (let i = 0; i < 30 && !outcome.includes('sent='); i++) {
          await new Promise((r) => setTimeout(r, 1_000));
          outcome = await shellResult(shell, 'cat attack.txt');
        }
        watcher.end(true);

        const p99 = percentile(health, 99);
        console.info(
          `broker attack: ${outcome}; RSS growth peak ${(rssPeak / 1048576).toFixed(1)} MiB; ` +
            `/api/health p99 ${p99.toFixed(1)} ms over ${health.length}; neighbour telemetry ${telemetry}`,
        );
        expect(outcome).toMatch(/sent=\d+ cut=True/);
        expect(Number(/sent=(\d+)/.exec(outcome)![1])).toBeGreaterThan(10);
        expect(rssPeak).toBeLessThan(MEMORY_CEILING);
        expect(p99).toBeLessThan(100);
        expect(telemetry).toBeGreaterThan(ATTACK_SECONDS * 2 * 0.8);
      },
      (ATTACK_SECONDS + 60) * 1000,
    );
  },
);
