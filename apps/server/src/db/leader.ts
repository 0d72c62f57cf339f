import type pg from 'pg';

/**
 * Which of the server processes sharing one database does the work that only one may do at a
 * time (reconciling labs). A process leads while it holds the lock; when it dies, another takes
 * the lock within about `retryMs`.
 */
export interface LeaderLock {
  readonly isLeader: boolean;
  /** Calls `listener` on every change of leadership, until the returned function is called. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Gives the lock up and stops trying to take it. */
  close(): Promise<void>;
}

/** The embedded database has one process: it always leads. */
export function soleLeader(): LeaderLock {
  return {
    isLeader: true,
    onChange: () => () => {},
    close: async () => {},
  };
}

/** A process that never competes for the lead (a command-line tool, for instance). */
export function neverLeader(): LeaderLock {
  return {
    isLeader: false,
    onChange: () => () => {},
    close: async () => {},
  };
}

export interface AdvisoryLeaderOptions {
  /** Opens the dedicated connection that holds the lock. */
  connect: () => pg.Client;
  /** The lock's name, shared by every process that competes. */
  name: string;
  /** How often a follower tries to take the lock, and a leader checks it still holds it. */
  retryMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * A PostgreSQL session-level advisory lock held on a connection of its own. The server releases
 * it when that connection ends, the process's death included.
 */
export function advisoryLeader(opts: AdvisoryLeaderOptions): LeaderLock {
  const retryMs = opts.retryMs ?? 1_000;
  const listeners = new Set<(leader: boolean) => void>();
  let leader = false;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const set = (value: boolean) => {
    if (leader === value) return;
    leader = value;
    for (const listener of listeners) listener(value);
  };

  const drop = (error?: unknown) => {
    if (error) opts.onError?.(error);
    const old = client;
    client = null;
    old?.end().catch(() => {});
    set(false);
  };

  const attempt = async () => {
    try {
      if (!client) {
        const next = opts.connect();
        next.on('error', (error) => {
          if (client === next) drop(error);
        });
        next.on('end', () => {
          if (client === next) drop();
        });
        client = next;
        await next.connect();
      }
      const current = client;
      if (leader) {
        await current.query('select 1');
      } else {
        const { rows } = await current.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [opts.name],
        );
        if (closed) return;
        if (rows[0]?.locked && client === current) set(true);
      }
    } catch (error) {
      drop(error);
    }
  };

  const tick = () => {
    timer = null;
    if (closed) return;
    running = attempt().finally(() => {
      if (!closed) {
        timer = setTimeout(tick, retryMs);
        timer.unref();
      }
    });
  };
  tick();

  return {
    get isLeader() {
      return leader;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      const last = client;
      client = null;
      set(false);
      listeners.clear();
      // Ending the session releases its advisory locks.
      await last?.end().catch(() => {});
    },
  };
}
