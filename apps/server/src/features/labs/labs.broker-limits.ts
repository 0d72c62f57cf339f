import { Duplex } from 'node:stream';
import type net from 'node:net';

/**
 * What the embedded broker lets one lab do (decision 0038). The broker runs inside the API
 * process, so everything a lab's clients can make it hold (messages queued for a reader that
 * does not read, retained messages, unacknowledged QoS 2 publishes) is bounded here.
 */
export interface BrokerLimits {
  /** The largest packet a lab's client may send. */
  packetBytes: number;
  /** Publishes per second a lab's clients may send together, and the burst above that. */
  publishesPerSecond: number;
  publishBurst: number;
  /** Bytes of publishes per second a lab's clients may send together, and the burst. */
  bytesPerSecond: number;
  bytesBurst: number;
  /** Past this many bytes waiting to go out to a client, QoS 0 messages to it are dropped. */
  queuedBytes: number;
  /** Past this many bytes waiting to go out to a client, it is disconnected. */
  queuedBytesMax: number;
  /** A client that keeps more than `queuedBytes` waiting this long is disconnected. */
  slowClientMs: number;
  connectionsPerLab: number;
  subscriptionsPerClient: number;
  retainedTopicsPerLab: number;
  /** QoS 2 publishes a client may leave without their release. */
  pendingQos2: number;
}

export const brokerLimits: BrokerLimits = {
  packetBytes: 64 * 1024,
  publishesPerSecond: 100,
  publishBurst: 200,
  bytesPerSecond: 256 * 1024,
  bytesBurst: 1024 * 1024,
  queuedBytes: 256 * 1024,
  queuedBytesMax: 1024 * 1024,
  slowClientMs: 5_000,
  connectionsPerLab: 20,
  subscriptionsPerClient: 50,
  retainedTopicsPerLab: 100,
  pendingQos2: 20,
};

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  /** Milliseconds until `n` tokens are there (0: now). */
  wait(n = 1): number {
    this.refill();
    return this.tokens >= n ? 0 : Math.ceil(((n - this.tokens) / this.perSecond) * 1000);
  }

  take(n = 1): boolean {
    this.refill();
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }
}

/** What one lab's connections share: their number, publish budgets and retained topics. */
export class LabAllowance {
  connections = 0;
  readonly publishes: TokenBucket;
  readonly bytes: TokenBucket;
  private readonly retained = new Set<string>();

  constructor(
    readonly limits: BrokerLimits,
    now: () => number = Date.now,
  ) {
    this.publishes = new TokenBucket(limits.publishBurst, limits.publishesPerSecond, now);
    this.bytes = new TokenBucket(limits.bytesBurst, limits.bytesPerSecond, now);
  }

  /** Whether a retained publish to `topic` may be kept (an empty one clears the topic). */
  retain(topic: string, empty: boolean): boolean {
    if (empty) {
      this.retained.delete(topic);
      return true;
    }
    if (this.retained.has(topic)) return true;
    if (this.retained.size >= this.limits.retainedTopicsPerLab) return false;
    this.retained.add(topic);
    return true;
  }
}

/** The size of the packet at the start of `buffer` (fixed header included), once known. */
export function packetLength(buffer: Buffer): { header: number; remaining: number } | null {
  let remaining = 0;
  for (let i = 1, shift = 0; i < Math.min(buffer.length, 5); i++, shift += 7) {
    remaining += (buffer[i]! & 0x7f) << shift;
    if ((buffer[i]! & 0x80) === 0) return { header: i + 1, remaining };
  }
  return buffer.length >= 5 ? { header: 5, remaining: Number.POSITIVE_INFINITY } : null;
}

const CONNECT = 1;
const PUBLISH = 3;
const PUBREL = 6;
const SUBSCRIBE = 8;
const CLEAN_SESSION = 0x02;

export type Refusal =
  'packet_too_large' | 'retained_topics' | 'pending_qos2' | 'slow_reader' | 'malformed';

/**
 * One lab client's connection as the broker sees it. Inbound, whole packets pass once checked;
 * publishes past the lab's rate wait (the connection stops reading until the lab's budget
 * allows them), as do subscriptions; a session is always clean, so the broker keeps nothing for a client
 * once it is gone. Outbound, the broker's writes never wait: what the socket cannot take yet
 * waits in the socket up to `queuedBytes`, past that QoS 0 messages are dropped, and a client
 * that stays behind for `slowClientMs` or reaches `queuedBytesMax` is disconnected.
 */
export class LabConnection extends Duplex {
  private inbound: Buffer = Buffer.alloc(0);
  private outHeader: Buffer = Buffer.alloc(0);
  private outLeft = 0;
  private outDropping = false;
  private behindSince: number | null = null;
  private pendingQos2 = 0;
  private paused = false;
  private throttled: NodeJS.Timeout | null = null;
  private readonly timer: NodeJS.Timeout;
  dropped = 0;

  constructor(
    private readonly socket: net.Socket,
    private readonly lab: LabAllowance,
    private readonly onRefused: (reason: Refusal) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    super({ allowHalfOpen: false });
    lab.connections++;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
    socket.on('drain', () => this.watch());
    this.timer = setInterval(() => this.watch(), Math.max(50, lab.limits.slowClientMs / 10));
    this.timer.unref();
  }

  private refuse(reason: Refusal): void {
    this.onRefused(reason);
    this.destroy();
  }

  private receive(chunk: Buffer): void {
    this.inbound = this.inbound.length ? Buffer.concat([this.inbound, chunk]) : chunk;
    this.drainInbound();
  }

  private drainInbound(): void {
    while (!this.destroyed && !this.paused && !this.throttled) {
      const size = packetLength(this.inbound);
      if (!size) return;
      if (size.remaining > this.lab.limits.packetBytes) return this.refuse('packet_too_large');
      const total = size.header + size.remaining;
      if (this.inbound.length < total) return;
      const wait = this.budgetWait(this.inbound[0]! >> 4, total);
      if (wait > 0) {
        this.socket.pause();
        this.throttled = setTimeout(() => {
          this.throttled = null;
          this.drainInbound();
          if (!this.paused && !this.throttled) this.socket.resume();
        }, wait);
        return;
      }
      const packet = Buffer.from(this.inbound.subarray(0, total));
      this.inbound = this.inbound.subarray(total);
      const reason = this.admit(packet, size.header);
      if (reason) return this.refuse(reason);
      if (!this.push(packet)) {
        this.paused = true;
        this.socket.pause();
      }
    }
  }

  /** How long a packet of this type and size waits for the lab's publish budget. */
  private budgetWait(type: number, bytes: number): number {
    if (type !== PUBLISH && type !== SUBSCRIBE) return 0;
    const wait = Math.max(
      this.lab.publishes.wait(),
      type === PUBLISH ? this.lab.bytes.wait(bytes) : 0,
    );
    if (wait > 0) return wait;
    this.lab.publishes.take();
    if (type === PUBLISH) this.lab.bytes.take(bytes);
    return 0;
  }

  private admit(packet: Buffer, header: number): Refusal | null {
    const type = packet[0]! >> 4;
    if (type === CONNECT) {
      const nameLength = packet.readUInt16BE(header);
      const flags = header + 2 + nameLength + 1;
      if (flags >= packet.length) return 'malformed';
      packet[flags] = packet[flags]! | CLEAN_SESSION;
    } else if (type === PUBLISH) {
      const qos = (packet[0]! >> 1) & 3;
      if (qos === 2 && ++this.pendingQos2 > this.lab.limits.pendingQos2) return 'pending_qos2';
      if (packet[0]! & 1) {
        if (header + 2 > packet.length) return 'malformed';
        const topicLength = packet.readUInt16BE(header);
        const topicEnd = header + 2 + topicLength;
        const bodyStart = topicEnd + (qos > 0 ? 2 : 0);
        if (bodyStart > packet.length) return 'malformed';
        const topic = packet.subarray(header + 2, topicEnd).toString();
        if (!this.lab.retain(topic, bodyStart === packet.length)) return 'retained_topics';
      }
    } else if (type === PUBREL) {
      this.pendingQos2 = Math.max(0, this.pendingQos2 - 1);
    }
    return null;
  }

  override _read(): void {
    if (!this.paused) return;
    this.paused = false;
    this.drainInbound();
    if (!this.paused && !this.throttled) this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.outLeft === 0) {
        this.outHeader = Buffer.concat([this.outHeader, chunk.subarray(at, at + 1)]);
        at += 1;
        const size = packetLength(this.outHeader);
        if (!size) continue;
        this.outLeft = size.remaining;
        this.outDropping = this.dropsNext(this.outHeader[0]!);
        if (!this.outDropping) this.socket.write(this.outHeader);
        else this.dropped++;
        this.outHeader = Buffer.alloc(0);
        continue;
      }
      const piece = chunk.subarray(at, at + this.outLeft);
      at += piece.length;
      this.outLeft -= piece.length;
      if (!this.outDropping) this.socket.write(piece);
    }
    this.watch();
    done();
  }

  private dropsNext(first: number): boolean {
    const waiting = this.socket.writableLength;
    const qos0Publish = first >> 4 === PUBLISH && ((first >> 1) & 3) === 0;
    return qos0Publish && waiting >= this.lab.limits.queuedBytes;
  }

  private watch(): void {
    if (this.destroyed) return;
    const waiting = this.socket.writableLength;
    const limits = this.lab.limits;
    if (waiting >= limits.queuedBytesMax) return this.refuse('slow_reader');
    if (waiting < limits.queuedBytes) {
      this.behindSince = null;
      return;
    }
    this.behindSince ??= this.now();
    if (this.now() - this.behindSince >= limits.slowClientMs) this.refuse('slow_reader');
  }

  override _final(done: (error?: Error) => void): void {
    this.socket.end(() => done());
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    clearInterval(this.timer);
    if (this.throttled) clearTimeout(this.throttled);
    this.lab.connections--;
    this.socket.destroy();
    done(error);
  }
}
