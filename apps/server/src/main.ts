import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { seedDemo } from './features/seed/demo.seed';
import { seedSystem } from './features/seed/system.seed';
import { IdGenerator } from './lib/ids';
import { createStorage } from './lib/storage/create-storage';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, {
    lead: true,
    onError: (err) => console.error('database connection:', err),
  });
  const ids = new IdGenerator(config.datacenterId, config.workerId);
  const ctx = {
    config,
    db: database.db,
    bus: database.bus,
    leader: database.leader,
    ids,
    storage: createStorage(config),
    now: () => new Date(),
  };
  const app = await buildApp(ctx);
  const logLeadership = (leader: boolean) =>
    app.log.info({ leader }, leader ? 'this process leads' : 'this process follows');
  ctx.leader.onChange(logLeadership);
  logLeadership(ctx.leader.isLeader);

  // Processes starting together on one database seed one after another.
  const seeded = await database.exclusive('platform.seed', async () => {
    if (config.seedDemo) return seedDemo(ctx);
    await seedSystem(ctx);
    return null;
  });
  // Only the public address serves labs (decision 0039): the log names no other.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () => `listening on port ${config.port}; open ${config.publicUrl}`,
  });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Platform is running at ${config.publicUrl}`,
    `  API documentation:    ${config.publicUrl}/api/docs`,
    `  Database:             ${where}`,
  ];
  if (seeded) {
    lines.push('', '  Demo accounts (password for all of them: the SEED_PASSWORD setting):');
    for (const a of seeded.accounts) lines.push(`    ${a.username.padEnd(15)} ${a.role}`);
    if (!process.env.SEED_PASSWORD) lines.push(`    password: ${config.seedPassword}`);
    lines.push(
      '',
      '  WARNING: these demo accounts use a known password. Outside a demo, set SEED_PASSWORD',
      '  or SEED_DEMO=false, and change or disable the demo accounts.',
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('requests did not drain in time; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
