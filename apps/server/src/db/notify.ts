import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export type NotifyHandler = (payload: string) => void;

/**
 * Messages between the server processes that share one database, over PostgreSQL's
 * LISTEN/NOTIFY. A message reaches every subscribed process, the one that published it too, once
 * the publishing transaction commits.
 */
export interface NotifyBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `handler` with every message on `channel` until the returned function is called. */
  subscribe(channel: string, handler: NotifyHandler): Promise<() => Promise<void>>;
  /**
   * Calls `listener` whenever the bus listens again after losing its connection: messages sent
   * in between were lost, so whoever keeps state from them starts afresh.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`bad notification channel: ${channel}`);
}

/** The SQL that publishes a message, for use inside a transaction (it is sent on commit). */
export const NOTIFY_SQL = 'select pg_notify($1, $2)';

class Handlers {
  private readonly byChannel = new Map<string, Set<NotifyHandler>>();
  readonly gapListeners = new Set<() => void>();

  add(channel: string, handler: NotifyHandler): boolean {
    const set = this.byChannel.get(channel) ?? new Set();
    const first = set.size === 0;
    set.add(handler);
    this.byChannel.set(channel, set);
    return first;
  }

  remove(channel: string, handler: NotifyHandler): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`notification handler on ${channel} failed`, error);
      }
    }
  }

  gap(): void {
    for (const listener of this.gapListeners) listener();
  }
}

/** The bus of the embedded database: its only process hears its own messages. */
export function pgliteBus(client: PGlite): NotifyBus {
  const handlers = new Handlers();
  const unlisten = new Map<string, () => Promise<void>>();
  return {
    async publish(channel, payload) {
      checkChannel(channel);
      await client.query(NOTIFY_SQL, [channel, payload]);
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      if (handlers.add(channel, handler))
        unlisten.set(
          channel,
          await client.listen(channel, (payload) => handlers.deliver(channel, payload)),
        );
      return async () => {
        if (!handlers.remove(channel, handler)) return;
        const stop = unlisten.get(channel);
        unlisten.delete(channel);
        if (stop && !client.closed) await stop();
      };
    },
    onGap(listener) {
      handlers.gapListeners.add(listener);
      return () => handlers.gapListeners.delete(listener);
    },
    async close() {
      handlers.gapListeners.clear();
    },
  };
}

const quoted = (channel: string) => `"${channel}"`;

export interface PostgresBusOptions {
  /** Publishes through the pool the app already has. */
  pool: pg.Pool;
  /** Opens the dedicated listening connection. */
  connect: () => pg.Client;
  /** Waits before listening again after a drop, doubling up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The bus over PostgreSQL: one dedicated connection LISTENs on every subscribed channel; after a
 * drop it reconnects, LISTENs again and tells the gap listeners.
 */
export async function postgresBus(opts: PostgresBusOptions): Promise<NotifyBus> {
  const handlers = new Handlers();
  const retryMs = opts.retryMs ?? 100;
  const maxRetryMs = opts.maxRetryMs ?? 2_000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let wait = retryMs;

  const open = async (): Promise<void> => {
    const next = opts.connect();
    next.on('notification', (msg) => handlers.deliver(msg.channel, msg.payload ?? ''));
    const dropped = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      if (error) opts.onError?.(error);
      next.end().catch(() => {});
      schedule();
    };
    next.on('error', dropped);
    next.on('end', () => dropped());
    await next.connect();
    for (const channel of handlers.channels()) await next.query(`LISTEN ${quoted(channel)}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      open().then(
        () => {
          wait = retryMs;
          handlers.gap();
        },
        (error: unknown) => {
          opts.onError?.(error);
          wait = Math.min(maxRetryMs, wait * 2);
          schedule();
        },
      );
    }, wait);
    timer.unref();
  };

  await open();

  return {
    async publish(channel, payload) {
      checkChannel(channel);
      await opts.pool.query(NOTIFY_SQL, [channel, payload]);
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      if (handlers.add(channel, handler) && client) await client.query(`LISTEN ${quoted(channel)}`);
      return async () => {
        if (handlers.remove(channel, handler) && client)
          await client.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
      };
    },
    onGap(listener) {
      handlers.gapListeners.add(listener);
      return () => handlers.gapListeners.delete(listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      handlers.gapListeners.clear();
      await last?.end().catch(() => {});
    },
  };
}
