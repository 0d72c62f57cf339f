import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export { DataDirLockedError } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PGlite inside `dataDir` (or in memory when dataDir is null), guarded by a lock. */
export async function openPglite(dataDir: string | null): Promise<Database> {
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
