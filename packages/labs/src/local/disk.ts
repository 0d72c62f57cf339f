import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Owner } from './home-files';
import { isRoot } from './root';

const execFileAsync = promisify(execFile);
const sbinPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

function run(file: string, args: string[]) {
  return execFileAsync(file, args, { env: { PATH: sbinPath, LC_ALL: 'C' }, timeout: 60_000 });
}

const bytesOf = (gib: number) => Math.max(32 * 1024 ** 2, Math.round(gib * 1024 ** 3));

/**
 * A lab's home as a file system of its own: a sparse ext4 image of the lab's disk size, mounted
 * (nosuid, nodev) as the home. The kernel refuses writes past its size with "No space left on
 * device", and the host gives the lab no more than that.
 */
export async function createImage(image: string, gib: number, owner: Owner): Promise<void> {
  const handle = await open(image, 'wx', 0o600);
  try {
    await handle.truncate(bytesOf(gib));
  } finally {
    await handle.close();
  }
  await run('mkfs.ext4', [
    '-q',
    '-F',
    '-m',
    '0',
    '-E',
    `root_owner=${owner.uid}:${owner.gid},lazy_itable_init=1,lazy_journal_init=1`,
    image,
  ]);
}

/** Mounts the image at `mountpoint`; a fresh file system loses its lost+found folder. */
export async function mountImage(image: string, mountpoint: string, fresh: boolean) {
  await mkdir(mountpoint, { recursive: true, mode: 0o700 });
  await run('mount', ['-o', 'loop,nosuid,nodev,noatime', image, mountpoint]);
  if (fresh) await rmdir(join(mountpoint, 'lost+found')).catch(() => {});
}

export async function unmountImage(mountpoint: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await run('umount', [mountpoint]);
      return;
    } catch {
      if (!(await isMounted(mountpoint))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await run('umount', ['-l', mountpoint]);
}

function unescapeMountPath(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

/** The device mounted at `mountpoint`, or null. */
export async function mountedDevice(mountpoint: string): Promise<string | null> {
  const table = await readFile('/proc/self/mountinfo', 'utf8');
  let device: string | null = null;
  for (const line of table.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 10 || unescapeMountPath(fields[4]!) !== mountpoint) continue;
    const separator = fields.indexOf('-');
    device = separator > 0 ? (fields[separator + 2] ?? null) : null;
  }
  return device;
}

/** The mount points strictly under `dir`, deepest first. */
export async function mountPointsUnder(dir: string): Promise<string[]> {
  const table = await readFile('/proc/self/mountinfo', 'utf8');
  const prefix = `${dir.replace(/\/+$/, '')}/`;
  const points = table
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((field): field is string => field !== undefined)
    .map(unescapeMountPath)
    .filter((point) => point.startsWith(prefix));
  return [...new Set(points)].sort((a, b) => b.length - a.length);
}

export async function isMounted(mountpoint: string): Promise<boolean> {
  return (await mountedDevice(mountpoint)) !== null;
}

/** Grows a mounted image to `gib` (a smaller size is left as it is: files are never cut). */
export async function growImage(image: string, mountpoint: string, gib: number): Promise<void> {
  const wanted = bytesOf(gib);
  if ((await stat(image)).size >= wanted) return;
  const device = await mountedDevice(mountpoint);
  if (!device?.startsWith('/dev/loop')) return;
  const handle = await open(image, 'r+');
  try {
    await handle.truncate(wanted);
  } finally {
    await handle.close();
  }
  await run('losetup', ['-c', device]);
  await run('resize2fs', [device]);
}

/** Whether this host can give each lab home a file system of its own. */
export async function probeDiskCap(root: string): Promise<{ ok: boolean; detail: string }> {
  if (!isRoot()) return { ok: false, detail: 'the server is not root and cannot mount' };
  if (!existsSync('/dev/loop-control')) return { ok: false, detail: 'no loop devices' };
  const dir = join(root, `.disk-probe-${process.pid}`);
  const image = `${dir}.img`;
  try {
    await mkdir(root, { recursive: true });
    await createImage(image, 0, { uid: 0, gid: 0 });
    await mountImage(image, dir, true);
    await unmountImage(dir);
    return { ok: true, detail: 'each lab home is an ext4 image of its disk size' };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'failed';
    return { ok: false, detail: `mounting a file system image failed: ${message}` };
  } finally {
    if (await isMounted(dir).catch(() => false)) await run('umount', ['-l', dir]).catch(() => {});
    await rm(image, { force: true });
    await rmdir(dir).catch(() => {});
  }
}
