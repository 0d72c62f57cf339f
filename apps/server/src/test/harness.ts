import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { seedSystem } from '../features/seed/system.seed';
import type { AppContext } from '../lib/context';
import { IdGenerator } from '../lib/ids';
import { createStorage } from '../lib/storage/create-storage';

const testLabsDir = mkdtempSync(join(tmpdir(), 'platform-labs-'));
/** Made by the first file a test stores. */
const testFilesDir = join(tmpdir(), `platform-files-${randomBytes(6).toString('hex')}`);

export const TEST_PASSWORD = 'Test_pass1';
export const WEB_BASIC = `Basic ${Buffer.from('platform-web:platform-web-secret').toString('base64')}`;

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Moves the clock the server sees forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A name for the current set of migrations (and what else makes a migrated database differ). */
function migrationsHash(...more: string[]): string {
  const folder = join(import.meta.dirname, '../db/migrations');
  const hash = createHash('sha256');
  for (const file of more) if (existsSync(file)) hash.update(readFileSync(file));
  for (const name of readdirSync(folder, { recursive: true }).map(String).sort())
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(join(folder, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite's files, made once per set of migrations and kept in the temporary folder:
 * each test's database starts from them instead of creating a cluster and migrating it.
 */
let migrated: Promise<Blob> | null = null;
function migratedPglite(): Promise<Blob> {
  migrated ??= (async () => {
    // The files' format is PGlite's own: a new PGlite makes new ones.
    const pglite = join(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite');
    const hash = migrationsHash(join(pglite, 'package.json'));
    const file = join(tmpdir(), `platform-pglite-${hash}.tar`);
    if (!existsSync(file)) {
      const database = await openPglite(null);
      const files = await database.dump();
      await database.close();
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await files.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return migrated;
}

/** Waits until nobody is connected to the database `name` (a closed pool's clients leave late). */
async function untilUnused(admin: pg.Client, name: string) {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * A migrated PostgreSQL database, made once per set of migrations by whichever test process gets
 * there first and kept on the server: each test's database is a copy of it (`CREATE DATABASE …
 * TEMPLATE`), which takes a tenth of the time of migrating a new one.
 */
let template: Promise<string> | null = null;
function migratedPostgres(url: string): Promise<string> {
  template ??= (async () => {
    const name = `platform_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Held until this session ends, so that one process makes the template and the rest wait.
      await admin.query('select pg_advisory_lock(hashtext($1))', ['platform.test-template']);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
        name,
      ]);
      if (!rowCount) {
        const partial = `${name}_partial`;
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${partial}`);
        await (await openPostgres(databaseUrl(url, partial))).close();
        await untilUnused(admin, partial);
        await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return template;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    return {
      database: await openPglite(null, { from: await migratedPglite() }),
      drop: async () => {},
    };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `platform_test_${randomBytes(6).toString('hex')}`;
  const from = await migratedPostgres(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${from}`);
  await admin.end();
  const database = await openPostgres(databaseUrl(url, name), { lead: true });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // The pool's end() does not wait for its clients to say goodbye; forcing the drop while
      // they do makes them fail with "terminating connection", so wait for them first.
      await untilUnused(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh database (PGlite in memory, or a new PostgreSQL database), migrated and seeded with system data. */
export async function createHarness(
  opts: BuildOptions & { config?: Partial<Config> } = {},
): Promise<Harness> {
  const { database, drop } = await openTestDatabase();
  let offset = 0;
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
    // Each harness leads its own labs: a leader removes the homes no container of its owns.
    labsDir: mkdtempSync(join(testLabsDir, 'harness-')),
    storage: { driver: 'local', dir: testFilesDir },
    // Tests share one clock minute for many codes; the caps' own tests set theirs.
    smsCaps: { perMinute: 1_000_000, perDay: 1_000_000 },
    ...opts.config,
  };
  const ctx: AppContext = {
    config,
    db: database.db,
    bus: database.bus,
    leader: database.leader,
    ids: new IdGenerator(config.datacenterId, config.workerId, () => Date.now() + offset),
    storage: createStorage(config),
    now: () => new Date(Date.now() + offset),
  };
  await seedSystem(ctx);
  const app = await buildApp(ctx, { logger: false, serveWeb: false, ...opts });
  await app.ready();
  return {
    app,
    ctx,
    database,
    advance(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
