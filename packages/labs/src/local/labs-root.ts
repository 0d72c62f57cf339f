import { chmod, copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sweepCgroups, type CgroupPlace } from './cgroups';
import { mountPointsUnder, unmountImage } from './disk';
import { isRoot } from './host';
import { holdHostLock } from './host-lock';
import { labFolders } from './lab-folders';
import { seccompArch, seccompProgram } from './seccomp';

const assetsSource = join(dirname(fileURLToPath(import.meta.url)), 'assets');

export const ownerLockName = (key: string) => `labs-owner:${key}`;

/** The folder of the sandboxes' scripts and syscall filter, under the labs' root. */
export const assetsIn = (root: string) => join(root, '.assets');

/** The syscall filter program in the assets, or null on a host it has none for. */
export function seccompFileIn(assets: string): string | null {
  return seccompArch() ? join(assets, 'seccomp.bpf') : null;
}

/** Makes the labs' root and fills its assets: the sandboxes' scripts and the syscall filter. */
export async function prepareLabsRoot(root: string): Promise<void> {
  const assets = assetsIn(root);
  await mkdir(root, { recursive: true });
  await chmod(root, 0o711);
  if (isRoot()) await allowTraverse(dirname(root));
  await mkdir(assets, { recursive: true });
  await chmod(assets, 0o755);
  for (const name of await readdir(assetsSource)) {
    await copyFile(join(assetsSource, name), join(assets, name));
    await chmod(join(assets, name), 0o644);
  }
  const target = seccompArch();
  if (target) await writeFile(join(assets, 'seccomp.bpf'), seccompProgram(target));
}

/**
 * Removes what a process that died left on this host: its labs' homes still mounted under
 * this driver's root and its labs' cgroups. What a live driver holds (its host lock taken) is
 * left alone, so processes sharing the host never undo each other's labs (decision 0037).
 */
export async function sweepLeftBehind(
  root: string,
  place: CgroupPlace,
): Promise<{ unmounted: string[]; cgroups: string[] }> {
  const unmounted: string[] = [];
  if (isRoot()) {
    for (const mountpoint of await mountPointsUnder(root)) {
      const release = await leftBehind(root, place.owner, mountpoint);
      if (!release) continue;
      try {
        await unmountImage(mountpoint);
        unmounted.push(mountpoint);
      } finally {
        await release();
      }
    }
  }
  const cgroups = await sweepCgroups(place.group, place.owner, (owner) =>
    holdHostLock(ownerLockName(owner)),
  );
  return { unmounted, cgroups };
}

/**
 * Whether a mount under the root was left by a process gone: a lab's home whose recorded
 * owner's lock is free (held until released), or a disk probe of a process that exited.
 */
async function leftBehind(
  root: string,
  ownerKey: string,
  mountpoint: string,
): Promise<(() => Promise<void>) | null> {
  const relative = mountpoint.slice(root.length + 1);
  const probe = /^\.disk-probe-(\d+)$/.exec(relative);
  if (probe) return processAlive(Number(probe[1])) ? null : async () => {};
  const home = /^(\d{1,20})\/home$/.exec(relative);
  if (!home) return null;
  const owner = await readFile(labFolders(root, home[1]!).ownerRecord, 'utf8').catch(() => null);
  if (owner === ownerKey) return null;
  // A home mounted before owners were recorded has no owner: no live driver claims it.
  return owner === null ? async () => {} : holdHostLock(ownerLockName(owner));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * bubblewrap resolves the folders it mounts as the lab's uid, so every folder above the labs'
 * root must be searchable (x) by others. Only that bit is added: nothing becomes listable.
 */
async function allowTraverse(dir: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const s = await stat(current);
    if ((s.mode & 0o001) === 0) await chmod(current, (s.mode & 0o7777) | 0o001);
    if (dirname(current) === current) return;
  }
}
