import net from 'node:net';
import { rm } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { generate, parser, type IConnectPacket } from 'mqtt-packet';
import { labTopics } from '@platform/contract';
import type { LabDriver, LabSpec } from '@platform/labs';
import {
  brokerLimits,
  LabAllowance,
  LabConnection,
  type BrokerLimits,
  type Refusal,
} from './labs.broker-limits';

export type MessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The platform's MQTT broker as labs see it. Each lab has its own namespace `labs/<labId>/…`
 * and its own credentials (user `lab-<labId>`); a lab's shell reaches the broker through a
 * socket the runtime opens for it.
 */
export interface LabBroker {
  readonly kind: 'embedded' | 'external';
  /**
   * Gives the lab its credentials. Where the broker keeps them itself this goes on in the
   * background, in order with the lab's other changes: `ready(labId)` tells when it is done.
   */
  registerLab(labId: string, password: string): void;
  unregisterLab(labId: string): void;
  /** Resolves once the lab's credential changes so far are in force; rejects if one failed. */
  ready(labId: string): Promise<void>;
  /**
   * Listens on `socketPath` for the lab `labId`; each connection there is an MQTT connection to
   * the broker that may sign in as that lab only, with a client id in the lab's namespace.
   */
  attach(socketPath: string, labId: string): Promise<() => Promise<void>>;
  publish(topic: string, payload: string, retain?: boolean): Promise<void>;
  subscribe(pattern: string, handler: MessageHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const labUsername = (labId: string) => `lab-${labId}`;

/** The lab whose credentials `username` is, or null. */
export const labOfUsername = (username: string | undefined): string | null =>
  /^lab-(\d+)$/.exec(username ?? '')?.[1] ?? null;

/** Keeps labs' credentials in the external broker itself (see labs.dynsec.ts). */
export interface LabCredentialStore {
  registerLab(labId: string, password: string): Promise<void>;
  unregisterLab(labId: string): Promise<void>;
  close(): Promise<void>;
}

export type ExternalBrokerOptions = {
  /** The platform's own sign-in; unset, the URL's user and password, if any. */
  login?: { username: string; password: string } | null;
  /** Where labs' credentials are kept; unset, the broker is expected to know them already. */
  credentials?: LabCredentialStore | null;
  /** Told of a credential change that failed. */
  onError?: (error: unknown, labId: string) => void;
};

/**
 * Runs each lab's credential changes one after another, in the order asked, while different
 * labs' changes go on side by side.
 */
export class CredentialQueue {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly onError: (error: unknown, labId: string) => void = () => {}) {}

  push(labId: string, change: () => Promise<void>): void {
    const tail = (this.tails.get(labId) ?? Promise.resolve()).catch(() => {}).then(change);
    this.tails.set(labId, tail);
    tail.then(
      () => this.forget(labId, tail),
      (error: unknown) => {
        this.onError(error, labId);
        this.forget(labId, tail);
      },
    );
  }

  ready(labId: string): Promise<void> {
    return this.tails.get(labId) ?? Promise.resolve();
  }

  /** Waits for every change asked so far. */
  async drain(): Promise<void> {
    while (this.tails.size > 0) await Promise.allSettled([...this.tails.values()]);
  }

  private forget(labId: string, tail: Promise<void>): void {
    if (this.tails.get(labId) === tail) this.tails.delete(labId);
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The client id a lab's connection is known by: inside the lab's own namespace `lab-<id>/…`, so
 * no lab can take over another lab's session. An id in another lab's namespace is refused (null).
 */
export function namespacedClientId(labId: string, clientId: string): string | null {
  const own = `${labUsername(labId)}/`;
  const claimed = /^lab-(\d+)(?:\/|$)/.exec(clientId);
  if (claimed && claimed[1] !== labId) return null;
  return clientId.startsWith(own) ? clientId : `${own}${clientId}`;
}

const identifierRejected = 2;
const notAuthorized = 5;

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

export interface EmbeddedBrokerOptions {
  limits?: BrokerLimits;
  /** Told when a lab's connection is cut for going past a limit. */
  onRefused?: (labId: string, reason: Refusal | 'connections' | 'subscriptions') => void;
}

/**
 * The embedded broker (aedes), in this process. Every lab connection goes through a
 * `LabConnection`, which bounds what the lab can make this process hold (decision 0038).
 */
export async function embeddedBroker(options: EmbeddedBrokerOptions = {}): Promise<LabBroker> {
  const limits = options.limits ?? brokerLimits;
  const onRefused = options.onRefused ?? (() => {});
  const passwords = new Map<string, string>();
  const allowances = new Map<string, LabAllowance>();
  const labOf = new WeakMap<object, string>();
  const socketLab = new WeakMap<object, string>();
  const subscriptions = new WeakMap<object, Set<string>>();
  const refuse = (done: (error: never, ok: boolean) => void, message: string, returnCode: number) =>
    done(Object.assign(new Error(message), { returnCode }) as never, false);
  const broker = await Aedes.createBroker({
    drainTimeout: limits.slowClientMs,
    authenticate: (client, username, password, done) => {
      const labId = username?.startsWith('lab-') ? username.slice(4) : null;
      const expected = labId ? passwords.get(labId) : undefined;
      if (!labId || !expected || !password || !sameSecret(password.toString(), expected)) {
        refuse(done, 'bad username or password', 4);
        return;
      }
      const boundTo = socketLab.get(client);
      if (boundTo && boundTo !== labId) {
        refuse(done, 'another lab', notAuthorized);
        return;
      }
      const id = namespacedClientId(labId, client.id);
      if (!id) {
        refuse(done, 'client id of another lab', identifierRejected);
        return;
      }
      client.id = id;
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
      if (!labId || !inNamespace(labId, subscription.topic)) return callback(null, null);
      const topics = subscriptions.get(client) ?? new Set<string>();
      subscriptions.set(client, topics);
      if (!topics.has(subscription.topic) && topics.size >= limits.subscriptionsPerClient) {
        onRefused(labId, 'subscriptions');
        return callback(null, null);
      }
      topics.add(subscription.topic);
      callback(null, { ...subscription, qos: Math.min(subscription.qos, 1) as 0 | 1 });
    },
  });
  broker.on('unsubscribe', (topics, client) => {
    const held = client && subscriptions.get(client);
    for (const topic of topics) held?.delete(topic);
  });
  return {
    kind: 'embedded',
    registerLab: (labId, password) => void passwords.set(labId, password),
    unregisterLab: (labId) => {
      passwords.delete(labId);
      allowances.delete(labId);
    },
    ready: async () => {},
    attach: (socketPath, labId) =>
      listenUnix(socketPath, (socket) => {
        let lab = allowances.get(labId);
        if (!lab) allowances.set(labId, (lab = new LabAllowance(limits)));
        if (lab.connections >= limits.connectionsPerLab) {
          onRefused(labId, 'connections');
          socket.destroy();
          return;
        }
        const connection = new LabConnection(socket, lab, (reason) => onRefused(labId, reason));
        socketLab.set(broker.handle(connection), labId);
      }),
    publish: (topic, payload, retain = false) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    subscribe: async (pattern, handler) => {
      // Answered on a later turn: the emitter delivers its next queued message from `done`, so
      // answering at once would nest one call per queued message on the stack.
      const deliver = (packet: { topic: string; payload: Buffer | string }, done: () => void) => {
        handler(packet.topic, Buffer.from(packet.payload));
        setImmediate(done);
      };
      await new Promise<void>((resolve) => broker.subscribe(pattern, deliver, resolve));
      return () => new Promise<void>((resolve) => broker.unsubscribe(pattern, deliver, resolve));
    },
    close: () => new Promise<void>((resolve) => broker.close(() => resolve())),
  };
}

/**
 * An external broker (Mosquitto, EMQX) at `url`. Labs' sockets are piped to it. The broker's own
 * authentication plugin holds the labs' credentials: `credentials` keeps them there (decision
 * 0033), or the operator does.
 */
export async function externalBroker(
  url: string,
  options: ExternalBrokerOptions = {},
): Promise<LabBroker> {
  const target = new URL(url);
  const client: MqttClient = await mqtt.connectAsync(url, {
    reconnectPeriod: 1_000,
    ...(options.login ?? {}),
  });
  const store = options.credentials ?? null;
  const queue = new CredentialQueue(options.onError);
  const handlers = new Map<string, Set<MessageHandler>>();
  client.on('message', (topic, payload) => {
    for (const [pattern, set] of handlers) {
      if (matches(pattern, topic)) for (const handler of set) handler(topic, payload);
    }
  });
  return {
    kind: 'external',
    registerLab: (labId, password) => {
      if (store) queue.push(labId, () => store.registerLab(labId, password));
    },
    unregisterLab: (labId) => {
      if (store) queue.push(labId, () => store.unregisterLab(labId));
    },
    ready: (labId) => queue.ready(labId),
    attach: (socketPath, labId) =>
      listenUnix(socketPath, (socket) => {
        socket.on('error', () => socket.destroy());
        void firstConnect(socket).then((first) => {
          if (!first) return socket.destroy();
          const { packet, rest } = first;
          const id = namespacedClientId(labId, packet.clientId);
          const refusal =
            packet.username !== labUsername(labId) ? notAuthorized : id ? 0 : identifierRejected;
          if (refusal) {
            socket.end(generate({ cmd: 'connack', returnCode: refusal, sessionPresent: false }));
            return;
          }
          const upstream = net.connect(Number(target.port || 1883), target.hostname);
          upstream.write(generate({ ...packet, clientId: id! }));
          upstream.write(rest);
          socket.pipe(upstream).pipe(socket);
          const close = () => {
            socket.destroy();
            upstream.destroy();
          };
          socket.on('error', close);
          upstream.on('error', close);
          socket.on('close', close);
          upstream.on('close', close);
        });
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
    close: async () => {
      await queue.drain();
      await store?.close();
      await client.endAsync();
    },
  };
}

/**
 * The driver, but a lab that uses the broker starts only once its credentials are in force
 * there: a failed registration fails the start.
 */
export function startAfterCredentials(driver: LabDriver, broker: LabBroker): LabDriver {
  const start = async (spec: LabSpec) => {
    const labId = labOfUsername(spec.env?.MQTT_USERNAME);
    if (labId) await broker.ready(labId);
    return driver.start(spec);
  };
  return new Proxy(driver, {
    get(target, property) {
      if (property === 'start') return start;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Reads a connection's first packet, which must be CONNECT; answers it with the bytes that came
 * after it, or null for anything else.
 */
function firstConnect(
  socket: net.Socket,
  maxBytes = 64 * 1024,
): Promise<{ packet: IConnectPacket; rest: Buffer } | null> {
  return new Promise((resolve) => {
    let seen = Buffer.alloc(0);
    const finish = (value: { packet: IConnectPacket; rest: Buffer } | null) => {
      socket.off('data', onData);
      socket.pause();
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), 10_000);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      if (seen.length > maxBytes || (seen.length > 0 && seen[0] !== 0x10)) return finish(null);
      const size = packetSize(seen);
      if (size === null || seen.length < size) return;
      let packet: IConnectPacket | null = null;
      const reader = parser({ protocolVersion: 4 });
      reader.on('packet', (p) => (packet ??= p.cmd === 'connect' ? p : null));
      reader.on('error', () => {});
      reader.parse(seen.subarray(0, size));
      finish(packet ? { packet, rest: seen.subarray(size) } : null);
    };
    socket.on('data', onData);
    socket.once('close', () => finish(null));
  });
}

/** The whole size of the packet at the start of `buffer`, once its fixed header is complete. */
function packetSize(buffer: Buffer): number | null {
  let remaining = 0;
  for (let i = 1, shift = 0; i < Math.min(buffer.length, 5); i++, shift += 7) {
    remaining += (buffer[i]! & 0x7f) << shift;
    if ((buffer[i]! & 0x80) === 0) return i + 1 + remaining;
  }
  return null;
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
