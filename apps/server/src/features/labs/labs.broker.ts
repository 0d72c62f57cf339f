import net from 'node:net';
import { rm } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { labTopics } from '@platform/contract';

export type MessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The platform's MQTT broker as labs see it. Each lab has its own namespace `labs/<labId>/…`
 * and its own credentials (user `lab-<labId>`); a lab's shell reaches the broker through a
 * socket the runtime opens for it.
 */
export interface LabBroker {
  readonly kind: 'embedded' | 'external';
  registerLab(labId: string, password: string): void;
  unregisterLab(labId: string): void;
  /** Listens on `socketPath`; each connection there is an MQTT connection to the broker. */
  attach(socketPath: string): Promise<() => Promise<void>>;
  publish(topic: string, payload: string, retain?: boolean): Promise<void>;
  subscribe(pattern: string, handler: MessageHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const labUsername = (labId: string) => `lab-${labId}`;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A topic or filter stays in the lab's namespace: no wildcards above it, no `..` tricks. */
export function inNamespace(labId: string, topic: string): boolean {
  const root = `${labTopics.root(labId)}/`;
  return topic.startsWith(root) && topic.length > root.length;
}

async function listenUnix(
  socketPath: string,
  onConnection: (socket: net.Socket) => void,
): Promise<() => Promise<void>> {
  await rm(socketPath, { force: true });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/** The embedded broker (aedes), in this process. */
export async function embeddedBroker(): Promise<LabBroker> {
  const passwords = new Map<string, string>();
  const labOf = new WeakMap<object, string>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const labId = username?.startsWith('lab-') ? username.slice(4) : null;
      const expected = labId ? passwords.get(labId) : undefined;
      if (!labId || !expected || !password || !sameSecret(password.toString(), expected)) {
        const error = Object.assign(new Error('bad username or password'), { returnCode: 4 });
        done(error as never, false);
        return;
      }
      labOf.set(client, labId);
      done(null, true);
    },
    authorizePublish: (client, packet, callback) => {
      if (!client) return callback(null);
      const labId = labOf.get(client);
      callback(labId && inNamespace(labId, packet.topic) ? null : new Error('not authorized'));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const labId = labOf.get(client);
      callback(null, labId && inNamespace(labId, subscription.topic) ? subscription : null);
    },
  });
  return {
    kind: 'embedded',
    registerLab: (labId, password) => void passwords.set(labId, password),
    unregisterLab: (labId) => void passwords.delete(labId),
    attach: (socketPath) => listenUnix(socketPath, (socket) => broker.handle(socket)),
    publish: (topic, payload, retain = false) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    subscribe: async (pattern, handler) => {
      const deliver = (packet: { topic: string; payload: Buffer | string }, done: () => void) => {
        handler(packet.topic, Buffer.from(packet.payload));
        done();
      };
      await new Promise<void>((resolve) => broker.subscribe(pattern, deliver, resolve));
      return () => new Promise<void>((resolve) => broker.unsubscribe(pattern, deliver, resolve));
    },
    close: () => new Promise<void>((resolve) => broker.close(() => resolve())),
  };
}

/**
 * An external broker (Mosquitto, EMQX) at `url`. Labs' sockets are piped to it; the broker's own
 * authentication plugin must hold the labs' credentials (see docs/decisions).
 */
export async function externalBroker(url: string): Promise<LabBroker> {
  const target = new URL(url);
  const client: MqttClient = await mqtt.connectAsync(url, { reconnectPeriod: 1_000 });
  const handlers = new Map<string, Set<MessageHandler>>();
  client.on('message', (topic, payload) => {
    for (const [pattern, set] of handlers) {
      if (matches(pattern, topic)) for (const handler of set) handler(topic, payload);
    }
  });
  return {
    kind: 'external',
    registerLab: () => {},
    unregisterLab: () => {},
    attach: (socketPath) =>
      listenUnix(socketPath, (socket) => {
        const upstream = net.connect(Number(target.port || 1883), target.hostname);
        socket.pipe(upstream).pipe(socket);
        const close = () => {
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', close);
        upstream.on('error', close);
      }),
    publish: async (topic, payload, retain = false) => {
      await client.publishAsync(topic, payload, { retain });
    },
    subscribe: async (pattern, handler) => {
      let set = handlers.get(pattern);
      if (!set) {
        set = new Set();
        handlers.set(pattern, set);
        await client.subscribeAsync(pattern);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(pattern);
          await client.unsubscribeAsync(pattern);
        }
      };
    },
    close: () => client.endAsync(),
  };
}

/** MQTT topic filter matching (`+` one level, `#` the rest). */
export function matches(pattern: string, topic: string): boolean {
  const p = pattern.split('/');
  const t = topic.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '#') return true;
    if (i >= t.length) return false;
    if (p[i] !== '+' && p[i] !== t[i]) return false;
  }
  return p.length === t.length;
}
