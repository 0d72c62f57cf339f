import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellResult, specFor } from '../conformance';
import { LabPathError, type LabSpec } from '../driver';
import { LocalDriver } from './local-driver';

/**
 * A student swaps a directory of their home with a symlink to a host folder, in a tight loop of
 * renameat2(RENAME_EXCHANGE), while the platform serves file requests for that directory. Every
 * request must stay inside the lab's own view: no host file is read, listed, written or chowned.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'labs-race-'));
const root = join(dataDir, 'labs');
const hostDir = join(dataDir, 'host-only');
const hostSecret = `host-secret-${randomBytes(8).toString('hex')}`;
const hostFile = join(dataDir, 'host-file.txt');
mkdirSync(hostDir, { mode: 0o700 });
chmodSync(hostDir, 0o700);
writeFileSync(join(hostDir, 'secret.txt'), hostSecret, { mode: 0o600 });
writeFileSync(join(hostDir, 'host-only-marker'), '', { mode: 0o600 });
writeFileSync(hostFile, 'host file content', { mode: 0o600 });
chmodSync(hostFile, 0o600);

const swapScript = (a: string, b: string) => `
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
a, b = b"${a}", b"${b}"
while True:
    libc.renameat2(-100, a, -100, b, 2)
`;

/** Replaces the file as soon as it appears with a symlink, and clears the symlink again. */
const relinkScript = (target: string, name: string) => `
import os, stat, time
while True:
    try:
        st = os.lstat(b"${name}")
        if stat.S_ISLNK(st.st_mode):
            time.sleep(0.002)
            os.unlink(b"${name}")
        else:
            os.symlink(b"${target}", b"${name}.tmp")
            os.rename(b"${name}.tmp", b"${name}")
    except OSError:
        pass
`;
import { fileChurnScript } from './test-support';

const churnScript = fileChurnScript({ uploadSwapChance: 0.02 });

async function pool<T>(count: number, width: number, work: (i: number) => Promise<T>) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const attempt = async <T>(work: () => Promise<T>): Promise<T | Error> => {
  try {
    return await work();
  } catch (error) {
    return error as Error;
  }
};

describe('lab files under a symlink swap race', () => {
  const driver = new LocalDriver({ root });
  let spec: LabSpec;

  beforeAll(async () => {
    spec = specFor('terminal', {
      initialFiles: [{ path: 'd/secret.txt', content: 'lab-content' }],
    });
    await driver.start(spec);
  });
  afterAll(async () => {
    await driver.remove(spec.id);
    await driver.close();
  });

  it(
    'reads, lists and writes nothing outside the lab while a directory is swapped with a symlink',
    { timeout: 180_000 },
    async () => {
      const shell = driver.terminal(spec.id);
      await driver.files.write(
        spec.id,
        'swap.py',
        Readable.from([Buffer.from(swapScript('d', 'l'))]),
        10_000,
      );
      await shellResult(shell, `ln -s ${hostDir} l && (python3 swap.py >/dev/null 2>&1 &)`);
      await shellResult(shell, 'sleep 0.2');

      const downloads = await pool(400, 8, (i) =>
        attempt(async () => {
          const file = await driver.files.read(spec.id, i % 2 ? 'd/secret.txt' : 'l/secret.txt');
          return text(file.stream);
        }),
      );
      const listings = await pool(400, 8, (i) =>
        attempt(() => driver.files.list(spec.id, i % 2 ? 'd' : 'l')),
      );
      const uploads = await pool(100, 8, (i) =>
        attempt(() =>
          driver.files.write(
            spec.id,
            `${i % 2 ? 'd' : 'l'}/up-${i}.txt`,
            Readable.from([Buffer.from('upload')]),
            1024,
          ),
        ),
      );
      await shellResult(shell, 'pkill -f swap.py; true');

      const escapedReads = downloads.filter((r) => typeof r === 'string' && r.includes(hostSecret));
      const escapedLists = listings.filter(
        (r) => Array.isArray(r) && r.some((f) => f.name === 'host-only-marker'),
      );
      const servedReads = downloads.filter((r) => r === 'lab-content');
      const servedLists = listings.filter(
        (r) => Array.isArray(r) && r.some((f) => f.name === 'secret.txt'),
      );
      const servedUploads = uploads.filter((r) => !(r instanceof Error));
      const refusedUploads = uploads.filter((r) => r instanceof LabPathError);
      expect(servedUploads.length + refusedUploads.length).toBe(uploads.length);
      const landed = await shellResult(shell, 'ls d/ l/ 2>/dev/null | grep -c ^up-');
      expect(Number(landed), JSON.stringify(landed)).toBe(servedUploads.length);
      expect({
        escapedReads: escapedReads.length,
        escapedLists: escapedLists.length,
        hostDir: readdirSync(hostDir).sort(),
      }).toEqual({ escapedReads: 0, escapedLists: 0, hostDir: ['host-only-marker', 'secret.txt'] });
      // The race was real: the lab's own directory was served while it was in place.
      expect(servedReads.length).toBeGreaterThan(50);
      expect(servedLists.length).toBeGreaterThan(50);
    },
  );

  it('never changes a host file an upload target is swapped for', async () => {
    const before = statSync(hostFile);
    const shell = driver.terminal(spec.id);
    await driver.files.write(
      spec.id,
      'relink.py',
      Readable.from([Buffer.from(relinkScript(hostFile, 'up.txt'))]),
      10_000,
    );
    await shellResult(shell, '(python3 relink.py >/dev/null 2>&1 &)');
    await shellResult(shell, 'sleep 0.2');
    const uploads = await pool(100, 4, () =>
      attempt(() =>
        driver.files.write(
          spec.id,
          'up.txt',
          Readable.from(Array.from({ length: 16 }, () => Buffer.alloc(4096, 120))),
          1024 * 1024,
        ),
      ),
    );
    await shellResult(shell, 'pkill -f relink.py; true');
    const after = statSync(hostFile);
    expect({ uid: after.uid, gid: after.gid, mode: after.mode, size: after.size }).toEqual({
      uid: before.uid,
      gid: before.gid,
      mode: before.mode,
      size: before.size,
    });
    expect(readFileSync(hostFile, 'utf8')).toBe('host file content');
    expect(uploads.some((r) => !(r instanceof Error))).toBe(true);
  });
});

describe('lab files while the lab moves, deletes and swaps the same path', () => {
  const driver = new LocalDriver({ root });
  let spec: LabSpec;

  beforeAll(async () => {
    spec = specFor('terminal');
    await driver.start(spec);
  });
  afterAll(async () => {
    await driver.remove(spec.id);
    await driver.close();
  });

  it('answers every request it loses with a path error, never an unexpected failure', async () => {
    const shell = driver.terminal(spec.id);
    await driver.files.write(
      spec.id,
      'churn/churn.py',
      Readable.from([Buffer.from(churnScript)]),
      10_000,
    );
    await shellResult(shell, 'cd churn && (python3 churn.py >/dev/null 2>&1 &) ; cd ~');
    await shellResult(shell, 'sleep 0.2');
    // Rounds until the race was real both ways (an upload saved, one lost): how often each side
    // wins depends on how busy the machine is.
    const results: unknown[] = [];
    const saved = () => results.filter((r, i) => i % 3 === 0 && !(r instanceof Error)).length;
    const lost = () => results.filter((r) => r instanceof LabPathError).length;
    for (let round = 0; round < 3 && (saved() === 0 || lost() === 0); round++) {
      results.push(
        ...(await pool(600, 8, (i) =>
          attempt(async () => {
            if (i % 3 === 2) return driver.files.list(spec.id, 'churn');
            if (i % 3 === 1)
              return text((await driver.files.read(spec.id, 'churn/same.txt')).stream);
            return driver.files.write(
              spec.id,
              'churn/same.txt',
              Readable.from(Array.from({ length: 4 }, () => Buffer.alloc(4096, 97))),
              1024 * 1024,
            );
          }),
        )),
      );
    }
    await shellResult(shell, 'pkill -f churn.py; true');
    const unexpected = results.filter((r) => r instanceof Error && !(r instanceof LabPathError));
    expect(unexpected.map((e) => (e as Error).message.slice(0, 120))).toEqual([]);
    const reasons = new Set(results.flatMap((r) => (r instanceof LabPathError ? [r.reason] : [])));
    expect(
      [...reasons].filter((r) => !['not_found', 'conflict', 'occupied', 'outside'].includes(r)),
    ).toEqual([]);
    expect(saved()).toBeGreaterThan(0);
    expect(lost()).toBeGreaterThan(0);
  }, 300_000);
});
