import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Starts a benchmark's server script on PostgreSQL (`DATABASE_URL` is required) and answers
 * the process with the JSON line it prints once it serves.
 */
export async function startBenchServer<T>(
  script: string,
): Promise<{ server: ChildProcess; setup: T }> {
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL (PostgreSQL) to run this benchmark.');
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, '..');
  const server = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, TEST_DATABASE: 'postgres' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => {
    createInterface({ input: server.stdout }).once('line', resolve);
  });
  return { server, setup: JSON.parse(line) as T };
}
