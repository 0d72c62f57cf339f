import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is in use by another running platform process. ` +
        'Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who holds a lock: enough to tell, on the same machine and boot, whether that process still runs. */
interface Owner {
  pid: number;
  started: string | null;
  host: string;
  boot: string | null;
}

const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

function ownerIn(file: string): Owner | null {
  try {
    return JSON.parse(readText(file) ?? 'null') as Owner | null;
  } catch {
    return null;
  }
}

/** The start time of a process in clock ticks since boot (Linux), so a reused pid is told apart. */
function startTimeOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function me(): Owner {
  return {
    pid: process.pid,
    started: startTimeOf(process.pid),
    host: os.hostname(),
    boot: readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null,
  };
}

/** Whether the recorded owner is known to be gone: same machine and boot, and no such process. */
function ownerIsDead(owner: Owner): boolean {
  const here = me();
  if (owner.host !== here.host || owner.boot !== here.boot) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  return owner.started !== null && startTimeOf(owner.pid) !== owner.started;
}

/**
 * A Unix socket in Linux's abstract namespace, named after the directory's real path: the kernel
 * frees it the moment its process dies, so a live holder on this machine is known at once.
 */
async function holdHostLock(realDir: string, shownDir: string): Promise<net.Server | null> {
  if (process.platform !== 'linux') return null;
  const name = `\0platform-data-dir-${createHash('sha256').update(realDir).digest('hex').slice(0, 40)}`;
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ path: name }, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new DataDirLockedError(shownDir);
    throw error;
  }
  server.unref();
  return server;
}

/**
 * Locks a data directory for this process: the machine-wide socket above, and a lock file for
 * processes elsewhere sharing the directory. A lock file left by a killed process on this machine
 * is taken over at once; one from another machine goes stale after 10 s without updates.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const realDir = fs.realpathSync(dataDir);
  const hostLock = await holdHostLock(realDir, dataDir);
  const lockPath = path.join(realDir, 'platform.lock');
  const ownerPath = path.join(realDir, 'platform.lock.owner');
  const take = () =>
    lockfile.lock(realDir, {
      lockfilePath: lockPath,
      stale: 10_000,
      update: 2_000,
      retries: 0,
      onCompromised: (err) => {
        // Another process took the lock: continuing would corrupt the database.
        console.error(`Lost the lock on ${realDir}: ${err.message}`);
        process.exit(1);
      },
    });
  let release: () => Promise<void>;
  try {
    try {
      release = await take();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const owner = ownerIn(ownerPath);
      if (!owner || !ownerIsDead(owner)) throw new DataDirLockedError(dataDir);
      fs.rmSync(lockPath, { recursive: true, force: true });
      release = await take();
    }
  } catch (error) {
    hostLock?.close();
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
  fs.writeFileSync(ownerPath, JSON.stringify(me()));
  return async () => {
    fs.rmSync(ownerPath, { force: true });
    await release();
    hostLock?.close();
  };
}
