import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeFileStorage } from './conformance';
import { LocalStorage } from './local';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

describeFileStorage('local directory', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'platform-files-'));
  const root = path.join(dir, 'files');
  return {
    storage: new LocalStorage(root),
    leftovers: () => filesUnder(dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('local directory', () => {
  it('refuses a key that is a folder of other keys, or has a file as its folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'platform-files-'));
    try {
      const storage = new LocalStorage(dir);
      const put = (key: string) =>
        storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'text/plain' });
      await put('a/b');
      await expect(put('a')).rejects.toMatchObject({ reason: 'invalid_key' });
      await expect(put('a/b/c')).rejects.toMatchObject({ reason: 'invalid_key' });
      expect(await storage.exists('a')).toBe(false);
      await expect(storage.stat('a')).rejects.toMatchObject({ reason: 'not_found' });
      await storage.delete('a');
      expect(await filesUnder(dir)).toEqual(['a/b']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
