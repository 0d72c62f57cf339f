import { existsSync } from 'node:fs';
import { mkdir, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = '/sys/fs/cgroup';
const group = 'platform-labs';
const pidsMax = 1024;
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
async function createV2(id: string, limits: CgroupLimits): Promise<Cgroup> {
  const base = join(root, group);
  const dir = join(base, id);
  const none: Cgroup = { procsFiles: [], cpu: false, memory: false, remove: async () => {} };
  await tryWrite(join(root, 'cgroup.subtree_control'), '+cpu +memory +pids');
  if (!(await tryMkdir(base))) return none;
  await tryWrite(join(base, 'cgroup.subtree_control'), '+cpu +memory +pids');
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
async function createV1(id: string, limits: CgroupLimits): Promise<Cgroup> {
  const dirs: string[] = [];
  const procsFiles: string[] = [];
  const setUp = async (controller: string, files: Record<string, string>): Promise<boolean> => {
    const mount = join(root, controller);
    if (!existsSync(join(mount, 'cgroup.procs'))) return false;
    const dir = join(mount, group, id);
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

export async function createCgroup(id: string, limits: CgroupLimits): Promise<Cgroup> {
  if (existsSync(join(root, 'cgroup.controllers'))) return createV2(id, limits);
  return createV1(id, limits);
}
