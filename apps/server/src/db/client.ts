import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { advisoryLeader, neverLeader, soleLeader, type LeaderLock } from './leader';
import { lockDataDir } from './data-dir-lock';
import { pgliteBus, postgresBus, type NotifyBus } from './notify';
import { inTurns } from './pglite-turns';
import * as schema from './schema';

export { DataDirLockedError } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Messages to every process on this database (LISTEN/NOTIFY). */
  bus: NotifyBus;
  /** Whether this process leads the ones on this database (see db/leader.ts). */
  leader: LeaderLock;
  /**
   * Runs `fn` while no other process on this database runs one under the same name (seeding at
   * start, for instance); the others wait.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const LEADER_LOCK = 'platform.leader';
const MIGRATION_LOCK = 'platform.migrations';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PGlite inside `dataDir` (or in memory when dataDir is null), guarded by a lock. `from` starts it
 * from a copy of another's files (`dump`), which skips creating the cluster.
 */
export async function openPglite(
  dataDir: string | null,
  options: { from?: Blob } = {},
): Promise<Database & { dump: () => Promise<Blob> }> {
  let release: (() => Promise<void>) | null = null;
  let dbDir: string | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
    dbDir = path.join(dataDir, 'pglite');
  }
  // Loaded only here: PGlite costs about 40 MB of memory even when PostgreSQL is used.
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dbDir, {
    parsers: { [types.INT8]: (v: string) => v },
    ...(options.from ? { loadDataDir: options.from } : {}),
  });
  const db = drizzlePglite({
    client: inTurns(client) as unknown as typeof client,
    schema,
  }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const bus = pgliteBus(client);
  return {
    db,
    kind: 'pglite',
    bus,
    leader: soleLeader(),
    exclusive: (_name, fn) => fn(),
    dump: () => client.dumpDataDir('none'),
    async close() {
      await bus.close();
      await client.close();
      if (release) await release();
    },
  };
}

/** Runs `fn` holding a session-level advisory lock on a connection of its own; others wait. */
async function withAdvisoryLock<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    return await fn();
  } finally {
    // Ending the session releases the lock, also when the unlock cannot be sent.
    await client.end().catch(() => {});
  }
}

/** Whether `db` is PostgreSQL, which other server processes may share (PGlite never is). */
export function isSharedDatabase(db: Db): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof pg.Pool;
}

export interface PostgresOptions {
  /** Competes to lead the processes on this database; a process that does not never leads. */
  lead?: boolean;
  /** How often a follower tries to become the leader. */
  leaderRetryMs?: number;
  onError?: (error: unknown) => void;
}

/** PostgreSQL, migrated by one process at a time; several processes may share it. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover) is dropped by the pool and the next
  // query opens a new one; without a listener the error would end the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await withAdvisoryLock(url, MIGRATION_LOCK, () => migratePg(db as never, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const connect = () => new pg.Client({ connectionString: url });
  const bus = await postgresBus({ pool, connect, onError: opts.onError });
  const leader = opts.lead
    ? advisoryLeader({
        connect,
        name: LEADER_LOCK,
        retryMs: opts.leaderRetryMs,
        onError: opts.onError,
      })
    : neverLeader();
  return {
    db,
    kind: 'postgres',
    bus,
    leader,
    exclusive: (name, fn) => withAdvisoryLock(url, name, fn),
    async close() {
      await leader.close();
      await bus.close();
      await pool.end();
    },
  };
}

export function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  opts: PostgresOptions = {},
) {
  return config.databaseUrl ? openPostgres(config.databaseUrl, opts) : openPglite(config.dataDir);
}
