import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';
import { IdGenerator } from '../lib/ids';
import { createStorage } from '../lib/storage/create-storage';

/**
 * Writes the OpenAPI document the server serves at /api/docs/json to the file named by the first
 * argument, without listening: the app is built on a throwaway in-memory database and labs folder.
 */
async function dump(file: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-openapi-'));
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const database = await openPglite(null);
    const ctx = {
      config,
      db: database.db,
      bus: database.bus,
      leader: database.leader,
      ids: new IdGenerator(config.datacenterId, config.workerId),
      storage: createStorage(config),
      now: () => new Date(),
    };
    const app = await buildApp(ctx, { logger: false, serveWeb: false });
    try {
      await app.ready();
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(app.swagger(), null, 2) + '\n');
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx apps/server/src/openapi/dump.ts <file.json>');
  process.exit(2);
}
await dump(path.resolve(file));
