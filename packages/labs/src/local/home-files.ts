import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { posix } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileEntry } from '@platform/contract';
import { LabPathError } from '../driver';
import { helperArgs, inside } from './sandbox';

export interface Owner {
  uid: number;
  gid: number;
}

/** How to reach a lab's home: its host folder, whose uid to act as, and the sandbox limits. */
export interface HomeAccess {
  home: string;
  /** The lab's uid when the platform runs as root; null runs as the platform's own uid. */
  owner: Owner | null;
  seccompFile: string | null;
}

const limitsFd = 4;
const headerTimeoutMs = 15_000;
const finishTimeoutMs = 60_000;
const listMaxBytes = 16 * 1024 * 1024;

/** Exit codes of the helper scripts. */
const exits: Record<number, LabPathError['reason']> = {
  3: 'outside',
  4: 'not_found',
  5: 'too_large',
  6: 'conflict',
  7: 'conflict',
  8: 'aborted',
  9: 'occupied',
};

const prelude = `set -u
umask 022
inside() { case $1 in ${inside.home}|${inside.home}/*) return 0;; esac; return 1; }
`;

const listScript = `${prelude}
real=$(realpath -e -- "$1" 2>/dev/null) || exit 4
inside "$real" || exit 3
cd -P -- "$real" 2>/dev/null || exit 4
here=$(pwd -P) && inside "$here" || exit 3
find . -mindepth 1 -maxdepth 1 -printf '%y\\0%s\\0%T@\\0%f\\0' 2>/dev/null
exit 0
`;

/** Opens the file, then checks what was opened: the answer is the size, a newline, the bytes. */
const readScript = `${prelude}
real=$(realpath -e -- "$1" 2>/dev/null) || exit 4
inside "$real" || exit 3
[ -f "$real" ] || exit 4
exec 3<"$real" || exit 4
opened=$(readlink /dev/fd/3) && inside "$opened" || exit 3
[ -f /dev/fd/3 ] || exit 4
size=$(stat -L -c %s /dev/fd/3) || exit 4
printf '%s\\n' "$size"
exec cat <&3
`;

/**
 * Works inside the target folder (its descriptor stays put whatever is renamed meanwhile), writes
 * stdin to a temporary file there through a descriptor checked to be that file, and puts it in
 * place only when fd 3 says "commit" and the temporary name still leads to the file written.
 * Whatever the lab changes meanwhile ends in a known exit: 7 (changed) or 9 (in the way).
 */
const writeScript = `${prelude}
dir=\${1%/*}
name=\${1##*/}
probe=$dir
while [ ! -e "$probe" ] && [ ! -L "$probe" ]; do probe=\${probe%/*}; done
real=$(realpath -e -- "$probe" 2>/dev/null) || exit 7
inside "$real" || exit 3
mkdir -p -- "$dir" 2>/dev/null || exit 9
cd -P -- "$dir" 2>/dev/null || exit 7
here=$(pwd -P) && inside "$here" || exit 3
if [ -L "./$name" ] || [ -d "./$name" ]; then exit 9; fi
tmp=$(mktemp -p . .upload.XXXXXXXX) || exit 7
trap 'rm -f -- "$tmp" 2>/dev/null' EXIT
{ command exec 5<>"$tmp"; } 2>/dev/null || exit 7
[ ! -L "$tmp" ] && [ -f /dev/fd/5 ] && [ "$tmp" -ef /dev/fd/5 ] || exit 7
head -c "$(($2 + 1))" >&5 || exit 6
size=$(stat -L -c %s /dev/fd/5) || exit 7
[ "$size" -le "$2" ] || exit 5
IFS= read -r word <&3 || exit 8
[ "$word" = commit ] || exit 8
chmod 644 /dev/fd/5 || exit 7
[ ! -L "$tmp" ] && [ "$tmp" -ef /dev/fd/5 ] || exit 7
if [ -L "./$name" ] || [ -d "./$name" ]; then exit 9; fi
mv -f -T -- "$tmp" "./$name" 2>/dev/null || exit 9
trap - EXIT
stat -L -c '%s %.9Y' /dev/fd/5
`;

/** Empties the home, whatever modes the lab gave its files. */
const clearScript = `${prelude}
chmod -R u+rwx -- ${inside.home} 2>/dev/null
find ${inside.home} -mindepth 1 -delete 2>/dev/null
[ -z "$(ls -A ${inside.home})" ] || exit 7
`;

const copyScript = `${prelude}
cp -a /home/previous/. ${inside.home}/ || exit 6
`;

/**
 * The in-sandbox path of a user's path. Relative paths start at the home; absolute paths must be
 * the home as the lab sees it. `..` may not climb out of it.
 */
export function insidePath(userPath: string): string {
  const raw = userPath.replace(/\\/g, '/');
  const absolute = raw.startsWith('/') ? raw : `${inside.home}/${raw}`;
  const normal = posix.normalize(absolute).replace(/\/+$/, '') || '/';
  if (normal !== inside.home && !normal.startsWith(`${inside.home}/`)) {
    throw new LabPathError('outside');
  }
  if (userPath.includes('\0')) throw new LabPathError('outside');
  return normal;
}

/** The path shown to users: relative to the home. */
export function displayPath(insideFull: string): string {
  return insideFull === inside.home ? '' : insideFull.slice(inside.home.length + 1);
}

function spawnHelper(
  access: HomeAccess,
  script: string,
  args: string[],
  binds: { host: string; inside: string }[] = [],
): ChildProcess {
  const filterFd = access.seccompFile ? openSync(access.seccompFile, 'r') : null;
  try {
    const sandbox = helperArgs(
      access.home,
      { seccompFd: filterFd === null ? null : limitsFd, tmpBytes: 1024 ** 2 },
      ['/bin/sh', '-c', script, 'lab-files', ...args],
      binds,
    );
    const drop = access.owner
      ? [
          `--reuid=${access.owner.uid}`,
          `--regid=${access.owner.gid}`,
          '--clear-groups',
          '--',
          'bwrap',
        ]
      : [];
    const child = spawn(drop.length ? 'setpriv' : 'bwrap', [...drop, ...sandbox], {
      env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', filterFd ?? 'ignore'],
    });
    child.stdin?.on('error', () => {});
    (child.stdio[3] as Writable | null)?.on('error', () => {});
    return child;
  } finally {
    if (filterFd !== null) closeSync(filterFd);
  }
}

function collect(stream: Readable | null, maxBytes: number, onOverflow: () => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  stream?.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) onOverflow();
    else chunks.push(chunk);
  });
  return () => Buffer.concat(chunks);
}

async function finish(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ code: number | null; stderr: string }> {
  const stderr = collect(child.stderr, 64 * 1024, () => {});
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    const [code] = (await once(child, 'close')) as [number | null];
    return { code, stderr: stderr().toString() };
  } finally {
    clearTimeout(timer);
  }
}

function failure(code: number | null, stderr: string): Error {
  if (code === 6 && /No space left on device|Disk quota exceeded/.test(stderr)) {
    return new LabPathError('no_space');
  }
  const reason = code === null ? undefined : exits[code];
  if (reason) return new LabPathError(reason);
  return new Error(`the lab file helper failed (${code ?? 'killed'}): ${stderr.slice(0, 500)}`);
}

export async function listIn(access: HomeAccess, userPath: string): Promise<FileEntry[]> {
  const dir = insidePath(userPath);
  const child = spawnHelper(access, listScript, [dir]);
  child.stdin?.end();
  const stdout = collect(child.stdout, listMaxBytes, () => child.kill('SIGKILL'));
  const { code, stderr } = await finish(child, finishTimeoutMs);
  if (code !== 0) throw failure(code, stderr);
  return parseListing(stdout(), dir);
}

/**
 * The entries of a folder listing printed as NUL-separated type, size, mtime and name (the list
 * script's output), folders first, then by name.
 */
export function parseListing(output: Buffer, dir: string): FileEntry[] {
  const fields = output.toString('utf8').split('\0');
  const entries: FileEntry[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [type, size, mtime, name] = fields.slice(i, i + 4) as [string, string, string, string];
    const isDir = type === 'd';
    entries.push({
      name,
      path: displayPath(`${dir}/${name}`),
      isDir,
      size: isDir ? 0 : Number(size),
      modifiedAt: new Date(Number(mtime) * 1000).toISOString(),
    });
  }
  entries.sort((a, b) => Number(b.isDir) - Number(a.isDir) || a.name.localeCompare(b.name));
  return entries;
}

export async function readIn(
  access: HomeAccess,
  userPath: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const file = insidePath(userPath);
  if (file === inside.home) throw new LabPathError('not_found');
  const child = spawnHelper(access, readScript, [file]);
  child.stdin?.end();
  const done = finish(child, 24 * 60 * 60 * 1000);
  const chunks = child.stdout![Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const header = await readHeader(chunks, () => child.kill('SIGKILL'));
  if (!header) {
    const { code, stderr } = await done;
    throw failure(code === 0 ? null : code, stderr);
  }
  async function* body(): AsyncGenerator<Buffer> {
    let left = header!.size;
    try {
      if (header!.rest.length) {
        const part = header!.rest.subarray(0, left);
        left -= part.length;
        yield part;
      }
      while (left > 0) {
        const next = await chunks.next();
        if (next.done) throw new Error('the file changed while it was read');
        const part = next.value.subarray(0, left);
        left -= part.length;
        yield part;
      }
    } finally {
      child.kill('SIGKILL');
      await done;
    }
  }
  return { stream: Readable.from(body()), size: header.size, name: posix.basename(file) };
}

async function readHeader(
  chunks: AsyncIterator<Buffer>,
  kill: () => void,
): Promise<{ size: number; rest: Buffer } | null> {
  const timer = setTimeout(kill, headerTimeoutMs);
  try {
    let seen = Buffer.alloc(0);
    for (;;) {
      const next = await chunks.next();
      if (next.done) return null;
      seen = Buffer.concat([seen, next.value]);
      const end = seen.indexOf(10);
      if (end >= 0) {
        const size = Number(seen.subarray(0, end).toString());
        if (!Number.isSafeInteger(size) || size < 0) return null;
        return { size, rest: seen.subarray(end + 1) };
      }
      if (seen.length > 64) return null;
    }
  } finally {
    clearTimeout(timer);
  }
}

export async function writeIn(
  access: HomeAccess,
  userPath: string,
  data: Readable,
  maxBytes: number,
): Promise<FileEntry> {
  const target = insidePath(userPath);
  if (target === inside.home) throw new LabPathError('outside');
  const limitBytes = Number.isFinite(maxBytes) ? Math.floor(maxBytes) : 2 ** 52;
  const child = spawnHelper(access, writeScript, [target, String(limitBytes)]);
  const commit = child.stdio[3] as Writable;
  const stdout = collect(child.stdout, 4096, () => {});
  const done = finish(child, 24 * 60 * 60 * 1000);
  let written = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      if (written > maxBytes) callback(new LabPathError('too_large'));
      else callback(null, chunk);
    },
  });
  let received = true;
  let refused: unknown = null;
  try {
    await pipeline(data, limit, child.stdin!);
  } catch (error) {
    received = false;
    refused = error;
    data.resume();
  }
  if (received) commit.end('commit\n');
  else {
    commit.end();
    child.stdin?.destroy();
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), finishTimeoutMs);
  const { code, stderr } = await done;
  clearTimeout(timer);
  if (refused instanceof LabPathError) throw refused;
  if (!received && data.errored === refused) throw refused;
  if (code !== 0) throw failure(code, stderr);
  if (!received) throw refused instanceof Error ? refused : new LabPathError('aborted');
  const [size, mtime] = stdout().toString().trim().split(' ');
  return {
    name: posix.basename(target),
    path: displayPath(target),
    isDir: false,
    size: Number(size),
    modifiedAt: new Date(Number(mtime) * 1000).toISOString(),
  };
}

/** Removes everything in the home, as the lab's uid. */
export async function clearIn(access: HomeAccess): Promise<void> {
  const child = spawnHelper(access, clearScript, []);
  child.stdin?.end();
  const { code, stderr } = await finish(child, 10 * 60_000);
  if (code !== 0) throw failure(code, stderr);
}

/** Copies a previous home into this one, as the lab's uid. */
export async function copyInto(access: HomeAccess, previous: string): Promise<void> {
  const child = spawnHelper(access, copyScript, [], [{ host: previous, inside: '/home/previous' }]);
  child.stdin?.end();
  const { code, stderr } = await finish(child, 30 * 60_000);
  if (code !== 0) throw failure(code, stderr);
}
