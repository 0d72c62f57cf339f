import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database beside the one `DATABASE_URL` names, for one bench run: its address
 * and how to drop it. Exits with a hint when `DATABASE_URL` is not set.
 */
export async function scratchDatabase(prefix: string) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error('Set DATABASE_URL (PostgreSQL) to run this benchmark.');
    process.exit(2);
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(base);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.toString(),
    admin,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
