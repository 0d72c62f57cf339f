import { constants } from 'node:fs';
import {
  chmod,
  chown,
  lchown,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rm,
  stat,
  unlink,
} from 'node:fs/promises';
import { basename, dirname, join, posix, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileEntry, InitialFile } from '@platform/contract';
import { LabPathError } from '../driver';
import { inside } from './sandbox';

export interface Owner {
  uid: number;
  gid: number;
}

function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root + sep);
}

/**
 * Maps a user's path to a host path inside `home`. Relative paths start at the home; absolute
 * paths must be the home as the lab sees it (/home/lab/...). Anything else leaves the home.
 */
export function hostPathOf(home: string, userPath: string): string {
  let rel = userPath.replace(/\\/g, '/');
  if (rel.startsWith('/')) {
    const normal = posix.normalize(rel);
    if (normal !== inside.home && !normal.startsWith(`${inside.home}/`)) {
      throw new LabPathError('outside');
    }
    rel = normal.slice(inside.home.length);
  }
  const target = resolve(home, `.${rel.startsWith('/') ? '' : '/'}${rel}`);
  if (!isInside(resolve(home), target)) throw new LabPathError('outside');
  return target;
}

/** The real path of `target` (or of its nearest existing parent), checked to stay inside. */
async function checkReal(home: string, target: string): Promise<void> {
  const realHome = await realpath(home);
  let probe = target;
  for (;;) {
    try {
      const real = await realpath(probe);
      if (!isInside(realHome, real)) throw new LabPathError('outside');
      return;
    } catch (error) {
      if (error instanceof LabPathError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = dirname(probe);
      if (parent === probe) throw new LabPathError('outside');
      probe = parent;
    }
  }
}

function displayPath(home: string, target: string): string {
  const rel = relative(home, target).split(sep).join('/');
  return rel;
}

export async function listFiles(home: string, userPath: string): Promise<FileEntry[]> {
  const target = hostPathOf(home, userPath);
  await checkReal(home, target);
  let info;
  try {
    info = await stat(target);
  } catch {
    throw new LabPathError('not_found');
  }
  if (!info.isDirectory()) throw new LabPathError('not_found');
  const entries = await readdir(target, { withFileTypes: true });
  const result: FileEntry[] = [];
  for (const entry of entries) {
    const full = join(target, entry.name);
    try {
      const s = await lstat(full);
      result.push({
        name: entry.name,
        path: displayPath(home, full),
        isDir: s.isDirectory(),
        size: s.isDirectory() ? 0 : s.size,
        modifiedAt: s.mtime.toISOString(),
      });
    } catch {
      // Removed while listing.
    }
  }
  result.sort((a, b) => Number(b.isDir) - Number(a.isDir) || a.name.localeCompare(b.name));
  return result;
}

export async function openFile(
  home: string,
  userPath: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const target = hostPathOf(home, userPath);
  await checkReal(home, target);
  let handle;
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new LabPathError('outside');
    throw new LabPathError('not_found');
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new LabPathError('not_found');
  }
  return { stream: handle.createReadStream(), size: info.size, name: basename(target) };
}

export async function writeFileIn(
  home: string,
  userPath: string,
  data: Readable,
  maxBytes: number,
  owner: Owner,
): Promise<FileEntry> {
  const target = hostPathOf(home, userPath);
  if (target === resolve(home)) throw new LabPathError('outside');
  await checkReal(home, dirname(target));
  try {
    const existing = await lstat(target);
    if (existing.isSymbolicLink() || existing.isDirectory()) throw new LabPathError('outside');
  } catch (error) {
    if (error instanceof LabPathError) throw error;
  }
  await mkdirOwned(home, dirname(target), owner);
  const handle = await open(
    target,
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
    0o644,
  );
  let written = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      written += chunk.length;
      if (written > maxBytes) done(new LabPathError('too_large'));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(data, limit, handle.createWriteStream());
  } catch (error) {
    await unlink(target).catch(() => {});
    if (error instanceof LabPathError) throw error;
    throw error;
  }
  await chown(target, owner.uid, owner.gid).catch(() => {});
  const s = await stat(target);
  return {
    name: basename(target),
    path: displayPath(home, target),
    isDir: false,
    size: s.size,
    modifiedAt: s.mtime.toISOString(),
  };
}

/** Creates missing directories from `home` down to `dir`, owned by the lab. */
async function mkdirOwned(home: string, dir: string, owner: Owner): Promise<void> {
  const rel = relative(home, dir);
  if (!rel) return;
  let current = home;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    try {
      await mkdir(current, { mode: 0o755 });
      await chown(current, owner.uid, owner.gid).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const s = await lstat(current);
      if (!s.isDirectory()) throw new LabPathError('outside');
    }
  }
}

/** Makes a fresh home with the environment's initial files. */
export async function freshHome(home: string, files: InitialFile[], owner: Owner): Promise<void> {
  await rm(home, { recursive: true, force: true });
  await mkdir(home, { recursive: true, mode: 0o700 });
  await chmod(home, 0o700);
  await chown(home, owner.uid, owner.gid).catch(() => {});
  for (const file of files) {
    await writeFileIn(home, file.path, Readable.from([Buffer.from(file.content)]), Infinity, owner);
  }
}

/** Gives an existing home (and everything in it) to the lab's uid. */
export async function ownHome(home: string, owner: Owner): Promise<void> {
  const walk = async (path: string): Promise<void> => {
    const s = await lstat(path);
    if (s.uid !== owner.uid || s.gid !== owner.gid) {
      await lchown(path, owner.uid, owner.gid).catch(() => {});
    }
    if (s.isDirectory()) {
      for (const name of await readdir(path)) await walk(join(path, name));
    }
  };
  await walk(home);
}
