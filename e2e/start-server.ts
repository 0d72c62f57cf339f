/**
 * Starts the built platform for the browser tests on a fresh database: a new PostgreSQL database
 * when DATABASE_URL is set, else PGlite in a new temporary data directory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '8181',
  LOG_LEVEL: 'warn',
  SEED_PASSWORD: 'Demo_123456',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'platform-e2e-')),
};

let dropDatabase: (() => Promise<void>) | null = null;
if (process.env.DATABASE_URL) {
  const name = `platform_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const server = spawn(
  process.execPath,
  ['--max-semi-space-size=16', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
async function cleanUp(code: number | null) {
  await dropDatabase?.().catch(() => {});
  fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  process.exit(code ?? 0);
}
server.on('exit', (code) => void cleanUp(code));
