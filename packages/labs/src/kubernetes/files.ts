import { PassThrough, type Readable } from 'node:stream';
import type { FileEntry } from '@platform/contract';
import { LabPathError } from '../driver';
import { displayPath, insidePath, parseListing } from '../local/home-files';
import { startExec, type ExecTarget } from './exec';
import { homePath } from './objects';

/**
 * File requests run as scripts in the lab's own container, as the lab's user. Paths that leave
 * the home, also through symbolic links, are refused the same way the local driver refuses them.
 */
const prelude = `set -u
umask 022
inside() { case $1 in ${homePath}|${homePath}/*) return 0;; esac; return 1; }
`;

const exits: Record<number, LabPathError['reason']> = {
  3: 'outside',
  4: 'not_found',
  5: 'too_large',
};

const listScript = `${prelude}
real=$(realpath -e -- "$1" 2>/dev/null) || exit 4
inside "$real" || exit 3
cd -P -- "$real" 2>/dev/null || exit 4
inside "$(pwd -P)" || exit 3
find . -mindepth 1 -maxdepth 1 -printf '%y\\0%s\\0%T@\\0%f\\0' 2>/dev/null
exit 0
`;

/** Opens the file, checks what was opened, then answers its size, a newline and its bytes. */
const readScript = `${prelude}
real=$(realpath -e -- "$1" 2>/dev/null) || exit 4
inside "$real" || exit 3
[ -f "$real" ] || exit 4
exec 3<"$real" || exit 4
inside "$(readlink /proc/$$/fd/3)" || exit 3
stat -L -c %s /proc/$$/fd/3 || exit 4
exec cat <&3
`;

/** Takes at most max+1 bytes from stdin into a new file beside the target; answers its name. */
const stageScript = `${prelude}
target=$1; max=$2
dir=$(realpath -m -- "$(dirname -- "$target")") || exit 3
inside "$dir" || exit 3
mkdir -p -- "$dir" 2>/dev/null || exit 4
dir=$(realpath -e -- "$dir") && inside "$dir" || exit 3
[ -d "$dir/$(basename -- "$target")" ] && exit 4
tmp=$(mktemp -p "$dir" .upload.XXXXXX) || exit 6
head -c $((max + 1)) > "$tmp" || { rm -f -- "$tmp"; exit 6; }
size=$(stat -c %s -- "$tmp")
[ "$size" -gt "$max" ] && { rm -f -- "$tmp"; exit 5; }
printf '%s' "$tmp"
`;

/** Puts a staged upload in place once all of it has arrived, or drops it. */
const commitScript = `${prelude}
tmp=$1; target=$2
dir=$(realpath -e -- "$(dirname -- "$tmp")") && inside "$dir" || exit 3
[ "$dir/$(basename -- "$tmp")" = "$tmp" ] || exit 3
[ -n "\${3:-}" ] && { rm -f -- "$tmp"; exit 0; }
name=$(basename -- "$target")
[ -d "$dir/$name" ] && { rm -f -- "$tmp"; exit 4; }
mv -f -- "$tmp" "$dir/$name" || { rm -f -- "$tmp"; exit 6; }
stat -c '%s %Y' -- "$dir/$name"
`;

function failure(code: number | null, stderr: string): Error {
  const reason = code === null ? undefined : exits[code];
  if (reason) return new LabPathError(reason);
  if (/No space left on device|Disk quota exceeded/.test(stderr))
    return new LabPathError('no_space');
  return new Error(`the lab file script failed (${code ?? 'closed'}): ${stderr.slice(0, 500)}`);
}

async function run(
  target: ExecTarget,
  script: string,
  args: string[],
  stdin: Readable | null = null,
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const running = await startExec(target, ['bash', '-c', script, 'lab-files', ...args], {
    stdin,
    onStdout: (data) => stdout.push(data),
    onStderr: (data) => stderr.push(data),
  });
  const code = await running.done;
  running.close();
  return { code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString() };
}

export async function listFiles(target: ExecTarget, userPath: string): Promise<FileEntry[]> {
  const dir = insidePath(userPath);
  const { code, stdout, stderr } = await run(target, listScript, [dir]);
  if (code !== 0) throw failure(code, stderr);
  return parseListing(stdout, dir);
}

export async function readFile(
  target: ExecTarget,
  userPath: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const file = insidePath(userPath);
  if (file === homePath) throw new LabPathError('not_found');
  const body = new PassThrough();
  const stderr: Buffer[] = [];
  let header: Buffer | null = Buffer.alloc(0);
  let sized: (size: number) => void = () => {};
  const size = new Promise<number>((resolve) => (sized = resolve));
  const running = await startExec(target, ['bash', '-c', readScript, 'lab-files', file], {
    onStdout: (data) => {
      if (header === null) {
        body.write(data);
        return;
      }
      header = Buffer.concat([header, data]);
      const newline = header.indexOf(10);
      if (newline < 0) return;
      const rest = header.subarray(newline + 1);
      sized(Number(header.subarray(0, newline).toString()));
      header = null;
      if (rest.length) body.write(rest);
    },
    onStderr: (data) => stderr.push(data),
  });
  body.once('close', () => running.close());
  const outcome = await Promise.race([
    size.then((n) => ({ size: n })),
    running.done.then((code) => ({ code })),
  ]);
  if ('code' in outcome) {
    running.close();
    throw failure(outcome.code === 0 ? null : outcome.code, Buffer.concat(stderr).toString());
  }
  void running.done.then((code) => {
    if (code === 0) body.end();
    else body.destroy(failure(code, Buffer.concat(stderr).toString()));
  });
  return { stream: body, size: outcome.size, name: file.slice(file.lastIndexOf('/') + 1) };
}

export async function writeFile(
  target: ExecTarget,
  userPath: string,
  data: Readable,
  maxBytes: number,
): Promise<FileEntry> {
  const file = insidePath(userPath);
  if (file === homePath) throw new LabPathError('not_found');
  const input = new PassThrough();
  let aborted: unknown = null;
  const pump = (async () => {
    let sent = 0;
    for await (const chunk of data) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      const room = maxBytes + 1 - sent;
      if (room <= 0) break;
      const part = buffer.subarray(0, room);
      sent += part.length;
      input.write(part);
    }
  })()
    .catch((error: unknown) => (aborted = error))
    .finally(() => input.end());
  const [staged] = await Promise.all([
    run(target, stageScript, [file, String(maxBytes)], input),
    pump,
  ]);
  if (staged.code !== 0) throw failure(staged.code, staged.stderr);
  const tmp = staged.stdout.toString();
  const done = await run(target, commitScript, [tmp, file, ...(aborted ? ['drop'] : [])]);
  if (aborted) throw new LabPathError('aborted');
  const { code, stdout, stderr } = done;
  if (code !== 0) throw failure(code, stderr);
  const [size, mtime] = stdout.toString().trim().split(' ');
  return {
    name: file.slice(file.lastIndexOf('/') + 1),
    path: displayPath(file),
    isDir: false,
    size: Number(size),
    modifiedAt: new Date(Number(mtime) * 1000).toISOString(),
  };
}
