import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from './client';
import { lockDataDir } from './data-dir-lock';
import { schools } from './schema';

const onPglite = process.env.TEST_DATABASE !== 'postgres';
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another platform process holding the data directory open, until it is killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const client = path.join(import.meta.dirname, 'client.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { openPglite } = await import(${JSON.stringify(client)});
       await openPglite(${JSON.stringify(dir)});
       console.log('ready');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('PGlite data directory', () => {
  it.skipIf(!onPglite)(
    'keeps data across restarts and refuses a second open while open',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-data-'));
      const first = await openPglite(dir);
      await first.db.insert(schools).values({ id: '42', name: 'Kept', url: 'sch_kept' });
      await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/in use by another running platform process/);
      await first.close();
      const second = await openPglite(dir);
      const rows = await second.db.select().from(schools);
      expect(rows.map((r) => r.name)).toEqual(['Kept']);
      expect(typeof rows[0]!.id).toBe('string');
      await second.close();
    },
  );

  it.skipIf(!onPglite)('leaves a fresh lock of another machine to its stale time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-data-'));
    fs.mkdirSync(path.join(dir, 'platform.lock'));
    const owner = { pid: 1, started: null, host: 'elsewhere', boot: null };
    fs.writeFileSync(path.join(dir, 'platform.lock.owner'), JSON.stringify(owner));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
  });

  it.skipIf(!onPglite)(
    'refuses a directory a live process holds, and takes it at once after that process is killed',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-data-'));
      const child = await holder(dir);
      await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(path.join(dir, '.'))).rejects.toThrow(DataDirLockedError);

      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const started = performance.now();
      const release = await lockDataDir(dir);
      expect(performance.now() - started).toBeLessThan(1_000);
      await release();
      const reopened = await openPglite(dir);
      await reopened.db.insert(schools).values({ id: '7', name: 'After', url: 'sch_after' });
      await reopened.close();
    },
    60_000,
  );
});
