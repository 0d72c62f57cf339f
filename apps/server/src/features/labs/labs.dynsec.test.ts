import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labUsername } from './labs.broker';
import { DynsecLabCredentials } from './labs.dynsec';

function which(command: string): string | null {
  for (const dir of `${process.env.PATH ?? ''}:/usr/sbin:/sbin`.split(':')) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

const mosquitto = which('mosquitto');

/** The plugin as Debian installs it (`dpkg -L mosquitto`), whatever the architecture. */
function dynsecPlugin(): string {
  const found = globSync('/usr/lib/{*/,}mosquitto_dynamic_security.so');
  if (!found[0]) throw new Error('mosquitto is installed without mosquitto_dynamic_security.so');
  return found[0];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}: ${log()}`);
}

/** MQTT 5 reason code 0x87, Not authorized: Mosquitto's answer to a refused CONNECT, SUBSCRIBE or PUBLISH. */
const refused = 0x87;

const admin = { username: 'platform-admin', password: 'Admin_secret_42' };

describe.skipIf(!mosquitto)('labs on Mosquitto with dynamic security', () => {
  let dir: string;
  let broker: ChildProcess;
  let url: string;
  let credentials: DynsecLabCredentials;
  const clients: MqttClient[] = [];

  const connect = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 5,
      username,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    clients.push(client);
    return client;
  };

  /** The reason code of a CONNECT that the broker refused, or 'connected'. */
  const connectOutcome = async (username: string, password: string) => {
    try {
      await connect(username, password);
      return 'connected';
    } catch (error) {
      return (error as { code?: number }).code ?? (error as Error).message;
    }
  };

  /** The SUBACK's code for one filter: the granted QoS, or the refusal's reason code. */
  const subscribe = async (client: MqttClient, filter: string) => {
    try {
      const [granted] = await client.subscribeAsync(filter, { qos: 1 });
      return granted!.qos;
    } catch (error) {
      const packet = (error as { packet?: { granted?: number[] } }).packet;
      if (!packet?.granted) throw error;
      return packet.granted[0];
    }
  };

  const received = (client: MqttClient, topic: string, within = 1_000) =>
    new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => (client.off('message', onMessage), resolve(null)), within);
      const onMessage = (t: string, payload: Buffer) => {
        if (t !== topic) return;
        clearTimeout(timer);
        client.off('message', onMessage);
        resolve(payload.toString());
      };
      client.on('message', onMessage);
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dynsec-'));
    const dynsecFile = join(dir, 'dynamic-security.json');
    execFileSync(which('mosquitto_ctrl') ?? 'mosquitto_ctrl', [
      'dynsec',
      'init',
      dynsecFile,
      admin.username,
      admin.password,
    ]);
    const port = await freePort();
    const conf = join(dir, 'mosquitto.conf');
    await writeFile(
      conf,
      [
        `user ${userInfo().username}`,
        'per_listener_settings false',
        'persistence false',
        `listener ${port} 127.0.0.1`,
        'allow_anonymous false',
        `plugin ${dynsecPlugin()}`,
        `plugin_opt_config_file ${dynsecFile}`,
        'log_dest stderr',
        '',
      ].join('\n'),
    );
    let log = '';
    broker = spawn(mosquitto!, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    broker.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitForPort(port, broker, () => log);
    url = `mqtt://127.0.0.1:${port}`;
    credentials = await DynsecLabCredentials.connect({ url, ...admin });
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await credentials?.close();
    broker?.kill('SIGTERM');
    if (broker && broker.exitCode === null) await new Promise((r) => broker.once('exit', r));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps each lab to its own namespace and forgets it on removal', async () => {
    await credentials.registerLab('101', 'Secret_a_101');
    await credentials.registerLab('202', 'Secret_b_202');

    const a = await connect(labUsername('101'), 'Secret_a_101');
    const b = await connect(labUsername('202'), 'Secret_b_202');
    const observer = await connect(admin.username, admin.password);
    expect(await subscribe(observer, '#')).toBe(1);

    expect(await subscribe(a, 'labs/101/#')).toBe(1);
    const echo = received(a, 'labs/101/devices/d1/telemetry');
    await a.publishAsync('labs/101/devices/d1/telemetry', 'own', { qos: 1 });
    expect(await echo).toBe('own');

    expect(await subscribe(a, 'labs/202/#')).toBe(refused);
    expect(await subscribe(a, 'labs/#')).toBe(refused);

    expect(await subscribe(b, 'labs/202/#')).toBe(1);
    const intoB = received(b, 'labs/202/x');
    await expect(a.publishAsync('labs/202/x', 'intrusion', { qos: 1 })).rejects.toThrow(
      /not authorized/i,
    );
    expect(await intoB).toBeNull();

    const outside = received(observer, 'elsewhere/x');
    await expect(a.publishAsync('elsewhere/x', 'outside', { qos: 1 })).rejects.toThrow(
      /not authorized/i,
    );
    expect(await outside).toBeNull();

    expect(await connectOutcome(labUsername('101'), 'Wrong_password')).toBe(refused);
    expect(await connectOutcome(labUsername('303'), 'Secret_a_101')).toBe(refused);

    const kicked = new Promise<void>((resolve) => a.once('close', () => resolve()));
    await credentials.unregisterLab('101');
    await kicked;
    expect(await connectOutcome(labUsername('101'), 'Secret_a_101')).toBe(refused);

    const stillB = received(b, 'labs/202/y');
    await b.publishAsync('labs/202/y', 'b lives', { qos: 1 });
    expect(await stillB).toBe('b lives');
  });

  it('registers a lab again with a new password and unregisters twice without error', async () => {
    await credentials.registerLab('404', 'First_pass_1');
    await credentials.registerLab('404', 'Second_pass_2');
    expect(await connectOutcome(labUsername('404'), 'First_pass_1')).toBe(refused);
    const c = await connect(labUsername('404'), 'Second_pass_2');
    expect(await subscribe(c, 'labs/404/#')).toBe(1);
    await credentials.unregisterLab('404');
    await credentials.unregisterLab('404');
    expect(await connectOutcome(labUsername('404'), 'Second_pass_2')).toBe(refused);
  });
});
