import net from 'node:net';
import { generate, parser, type Packet } from 'mqtt-packet';

/** A raw MQTT client: it sends packets as given and reads only while its socket flows. */
export class RawClient {
  readonly packets: Packet[] = [];
  closed = false;
  private readonly closing: Promise<void>;

  constructor(readonly socket: net.Socket) {
    const reader = parser({ protocolVersion: 4 });
    reader.on('packet', (p) => this.packets.push(p));
    reader.on('error', () => {});
    socket.on('data', (chunk) => reader.parse(chunk));
    socket.on('error', () => {});
    this.closing = new Promise((resolve) =>
      socket.on('close', () => {
        this.closed = true;
        resolve();
      }),
    );
  }

  /** Connects to a Unix socket `path` or a loopback port, as `lab-<labId>` when one is given. */
  static async open(
    at: string | number,
    labId: string | null,
    password: string,
    clientId: string,
    clean = true,
  ) {
    const socket = typeof at === 'number' ? net.connect(at, '127.0.0.1') : net.connect(at);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const client = new RawClient(socket);
    client.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean,
      clientId,
      keepalive: 0,
      ...(labId ? { username: `lab-${labId}`, password: Buffer.from(password) } : {}),
    });
    await client.until((p) => p.cmd === 'connack');
    return client;
  }

  send(packet: Packet): boolean {
    return this.socket.write(generate(packet));
  }

  async subscribe(topic: string, messageId = 1) {
    this.send({ cmd: 'subscribe', messageId, subscriptions: [{ topic, qos: 0 }] });
    return this.until((p) => p.cmd === 'suback' && p.messageId === messageId);
  }

  publish(topic: string, payload: Buffer | string, retain = false): boolean {
    return this.send({ cmd: 'publish', topic, payload, qos: 0, retain, dup: false });
  }

  async until(test: (p: Packet) => boolean, ms = 5_000): Promise<Packet> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.packets.find(test);
      if (found) return found;
      if (Date.now() > deadline || this.closed) throw new Error('no such packet');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  closedWithin(ms: number): Promise<boolean> {
    return Promise.race([
      this.closing.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
    ]);
  }

  end() {
    this.socket.destroy();
  }
}
