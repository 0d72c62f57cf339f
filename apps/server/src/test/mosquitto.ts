import { execFileSync, spawn } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';

export function which(command: string): string | null {
  for (const dir of `${process.env.PATH ?? ''}:/usr/sbin:/sbin`.split(':')) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

/** Debian's `mosquitto`, when it is installed. */
export const mosquitto = which('mosquitto');

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

async function waitForPort(port: number, exited: () => boolean, log: () => string) {
  for (let i = 0; i < 100; i++) {
    if (exited()) throw new Error(`mosquitto exited: ${log()}`);
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
export const refused = 0x87;

/** The limits a broker that labs reach should carry (deploy/mosquitto/limits.conf). */
export const limitsConf = readFileSync(
  fileURLToPath(new URL('../../../../deploy/mosquitto/limits.conf', import.meta.url)),
  'utf8',
);

/** A `mosquitto` of its own on a free loopback port with `lines` and the deployment's limits. */
export async function startMosquitto(lines: (dir: string) => string[] | Promise<string[]>) {
  if (!mosquitto) throw new Error('mosquitto is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `user ${userInfo().username}`,
      'per_listener_settings false',
      'persistence false',
      `listener ${port} 127.0.0.1`,
      ...(await lines(dir)),
      'log_dest stderr',
      limitsConf,
      '',
    ].join('\n'),
  );
  let log = '';
  const broker = spawn(mosquitto, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  broker.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const close = async () => {
    if (broker.exitCode === null) {
      const exited = new Promise((r) => broker.once('exit', r));
      broker.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(
      port,
      () => broker.exitCode !== null,
      () => log,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `mqtt://127.0.0.1:${port}`, port, pid: broker.pid!, close, log: () => log };
}

/**
 * A `mosquitto` of its own, anonymous clients refused, with the dynamic security plugin
 * initialised for the client `admin` (`mosquitto_ctrl dynsec init`).
 */
export async function startDynsecMosquitto(admin: { username: string; password: string }) {
  const { url, close } = await startMosquitto((dir) => {
    const dynsecFile = join(dir, 'dynamic-security.json');
    execFileSync(which('mosquitto_ctrl') ?? 'mosquitto_ctrl', [
      'dynsec',
      'init',
      dynsecFile,
      admin.username,
      admin.password,
    ]);
    return [
      'allow_anonymous false',
      `plugin ${dynsecPlugin()}`,
      `plugin_opt_config_file ${dynsecFile}`,
    ];
  });
  return { url, close };
}

/** The SUBACK's code for one filter: the granted QoS, or the refusal's reason code. */
export async function subscribeOutcome(client: MqttClient, filter: string): Promise<number> {
  try {
    const [granted] = await client.subscribeAsync(filter, { qos: 1 });
    return granted!.qos;
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (!packet?.granted) throw error;
    return packet.granted[0]!;
  }
}

/** An MQTT 5 connection as `username`, or the reason code it was refused with. */
export async function connectOutcome(
  url: string,
  username: string,
  password: string,
): Promise<MqttClient | number> {
  try {
    return await mqtt.connectAsync(url, {
      protocolVersion: 5,
      username,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}
