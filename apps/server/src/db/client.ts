import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is in use by another running platform process. ` +
        'Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PGlite inside `dataDir` (or in memory when dataDir is null), guarded by a lock. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let release: (() => Promise<void>) | null = null;
  let dbDir: string | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, {
        lockfilePath: path.join(dataDir, 'platform.lock'),
        stale: 10_000,
        update: 2_000,
        retries: 0,
        onCompromised: (err) => {
          // Another process took the lock: continuing would corrupt the database.
          console.error(`Lost the lock on ${dataDir}: ${err.message}`);
          process.exit(1);
        },
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw err;
    }
    dbDir = path.join(dataDir, 'pglite');
  }
  // Loaded only here: PGlite costs about 40 MB of memory even when PostgreSQL is used.
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dbDir, { parsers: { [types.INT8]: (v: string) => v } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async close() {
      await client.close();
      if (release) await release();
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover) is dropped by the pool and the next
  // query opens a new one; without a listener the error would end the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    async close() {
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
