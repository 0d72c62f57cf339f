import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = '/sys/fs/cgroup';
/** The platform's cgroup: each driver's labs sit under a folder named by its owner key. */
export const defaultCgroupGroup = 'platform-labs';
const pidsMax = 1024;
const v1Controllers = ['memory', 'cpu', 'pids'] as const;
/** A lab cgroup of the layout before owner keys is left for this long after it was made. */
const legacyGraceMs = 60_000;

const labIdPattern = /^\d{1,20}$/;
/** A driver's owner key: its pid and a random part. */
export const ownerKeyPattern = /^\d+-[0-9a-f]{12}$/;

/** Where a driver puts its labs' cgroups: `<group>/<owner>/<lab id>`. */
export interface CgroupPlace {
  group: string;
  owner: string;
}
const cpuPeriodUs = 100_000;

export interface CgroupLimits {
  cpuCore: number;
  memorySize: number;
}

export interface Cgroup {
  /** `cgroup.procs` files a launcher writes its own pid into before it runs the sandbox. */
  procsFiles: string[];
  cpu: boolean;
  memory: boolean;
  remove(): Promise<void>;
}

async function tryWrite(file: string, value: string): Promise<boolean> {
  try {
    await writeFile(file, value);
    return true;
  } catch {
    return false;
  }
}

async function tryMkdir(dir: string): Promise<boolean> {
  try {
    await mkdir(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
}

async function removeDirs(dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await rmdir(dir);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
}

const memoryBytes = (gib: number) => String(Math.round(gib * 1024 ** 3));
const cpuQuota = (cores: number) => String(Math.max(1000, Math.round(cores * cpuPeriodUs)));

/** cgroup v2 (unified hierarchy at /sys/fs/cgroup). */
async function createV2(id: string, limits: CgroupLimits, place: CgroupPlace): Promise<Cgroup> {
  const base = join(root, place.group);
  const owned = join(base, place.owner);
  const dir = join(owned, id);
  const none: Cgroup = { procsFiles: [], cpu: false, memory: false, remove: async () => {} };
  await tryWrite(join(root, 'cgroup.subtree_control'), '+cpu +memory +pids');
  for (const parent of [base, owned]) {
    if (!(await tryMkdir(parent))) return none;
    await tryWrite(join(parent, 'cgroup.subtree_control'), '+cpu +memory +pids');
  }
  if (!(await tryMkdir(dir))) return none;
  const memory = await tryWrite(join(dir, 'memory.max'), memoryBytes(limits.memorySize));
  const cpu = await tryWrite(join(dir, 'cpu.max'), `${cpuQuota(limits.cpuCore)} ${cpuPeriodUs}`);
  await tryWrite(join(dir, 'pids.max'), String(pidsMax));
  return {
    procsFiles: [join(dir, 'cgroup.procs')],
    cpu,
    memory,
    remove: () => removeDirs([dir]),
  };
}

/** cgroup v1: one hierarchy per controller. */
async function createV1(id: string, limits: CgroupLimits, place: CgroupPlace): Promise<Cgroup> {
  const dirs: string[] = [];
  const procsFiles: string[] = [];
  const setUp = async (controller: string, files: Record<string, string>): Promise<boolean> => {
    const mount = join(root, controller);
    if (!existsSync(join(mount, 'cgroup.procs'))) return false;
    const dir = join(mount, place.group, place.owner, id);
    if (!(await tryMkdir(dir))) return false;
    dirs.push(dir);
    let ok = true;
    for (const [file, value] of Object.entries(files))
      ok = (await tryWrite(join(dir, file), value)) && ok;
    procsFiles.push(join(dir, 'cgroup.procs'));
    return ok;
  };
  const memory = await setUp('memory', { 'memory.limit_in_bytes': memoryBytes(limits.memorySize) });
  const cpu = await setUp('cpu', {
    'cpu.cfs_period_us': String(cpuPeriodUs),
    'cpu.cfs_quota_us': cpuQuota(limits.cpuCore),
  });
  await setUp('pids', { 'pids.max': String(pidsMax) });
  return { procsFiles, cpu, memory, remove: () => removeDirs(dirs) };
}

const unified = () => existsSync(join(root, 'cgroup.controllers'));

export async function createCgroup(
  id: string,
  limits: CgroupLimits,
  place: CgroupPlace,
): Promise<Cgroup> {
  return unified() ? createV2(id, limits, place) : createV1(id, limits, place);
}

/** The folders of the platform's cgroup: one, or one per v1 controller. */
function groupDirs(group: string): string[] {
  if (unified()) return [join(root, group)];
  return v1Controllers.map((c) => join(root, c, group)).filter((dir) => existsSync(dir));
}

const children = (dir: string) =>
  readdir(dir, { withFileTypes: true }).then(
    (entries) => entries.filter((e) => e.isDirectory()).map((e) => e.name),
    () => [] as string[],
  );

/** The processes in a cgroup (not its children's). */
async function procsOf(dir: string): Promise<number[]> {
  const text = await readFile(join(dir, 'cgroup.procs'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map(Number);
}

/** Kills what is left in a cgroup, then removes it. */
async function empty(dir: string): Promise<void> {
  if (!(await tryWrite(join(dir, 'cgroup.kill'), '1'))) {
    for (const pid of await procsOf(dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await removeDirs([dir]);
}

/**
 * Removes the cgroups no live driver owns: those of owners whose host lock `lockOf(owner)` is
 * free (their process is gone), and, of the layout before owner keys, those left empty for a
 * minute. The owners' locks are held while their cgroups go. Answers the lab ids removed.
 */
export async function sweepCgroups(
  group: string,
  own: string,
  hold: (owner: string) => Promise<(() => Promise<void>) | null>,
): Promise<string[]> {
  const dirs = groupDirs(group);
  const removed = new Set<string>();
  const owners = new Set<string>();
  for (const dir of dirs) {
    for (const name of await children(dir)) {
      if (ownerKeyPattern.test(name)) {
        if (name !== own) owners.add(name);
        continue;
      }
      if (!labIdPattern.test(name)) continue;
      const lab = join(dir, name);
      const made = await stat(lab).then(
        (s) => s.ctimeMs,
        () => Date.now(),
      );
      if (Date.now() - made < legacyGraceMs || (await procsOf(lab)).length > 0) continue;
      await removeDirs([lab]);
      removed.add(name);
    }
  }
  for (const owner of owners) {
    const release = await hold(owner);
    if (!release) continue;
    try {
      for (const dir of dirs) {
        const owned = join(dir, owner);
        for (const id of (await children(owned)).filter((n) => labIdPattern.test(n))) {
          await empty(join(owned, id));
          removed.add(id);
        }
        await removeDirs([owned]);
      }
    } finally {
      await release();
    }
  }
  return [...removed];
}

/** The cgroups of the lab `id` under any owner (v1: of `controller` only, when given). */
export function cgroupDirsOf(id: string, group: string, controller?: string): string[] {
  return groupDirs(group)
    .filter((dir) => existsSync(dir))
    .filter((dir) => !controller || unified() || dir.startsWith(join(root, controller)))
    .flatMap((dir) =>
      readdirSync(dir)
        .map((owner) => join(dir, owner, id))
        .filter((path) => existsSync(path)),
    );
}

/** Removes the driver's own owner folder once it holds no lab. */
export async function removeOwnerCgroup(place: CgroupPlace): Promise<void> {
  for (const dir of groupDirs(place.group)) await rmdir(join(dir, place.owner)).catch(() => {});
}
