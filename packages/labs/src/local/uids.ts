import { constants } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withHostLock } from './host-lock';

export interface UidRegistryOptions {
  /** A folder shared by every platform process on this host. */
  dir: string;
  base: number;
  count: number;
}

export const defaultUidRegistry = '/var/lib/platform-labs/uids';

/**
 * Gives each lab its own uid, unique on this host whatever process or database the lab belongs
 * to. The registry holds one file per uid naming the lab folder that owns it; the lab folder
 * records its uid too. A uid stays with its lab until the lab is removed, so a lab's files never
 * change owner.
 */
export class UidRegistry {
  constructor(private readonly options: UidRegistryOptions) {}

  private entry(uid: number): string {
    return join(this.options.dir, String(uid));
  }

  private async ownerOf(uid: number): Promise<string | null> {
    return readFile(this.entry(uid), 'utf8').catch(() => null);
  }

  /**
   * The uid of the lab kept in `labDir`, allocated on first use. `claim` is the uid its files
   * already have, kept when no other lab holds it (homes made before the registry existed).
   */
  async uidOf(labDir: string, claim?: number): Promise<number> {
    const recorded = await recordedUid(labDir);
    if (recorded !== null && (await this.ownerOf(recorded)) === labDir) return recorded;
    return withHostLock(`uids:${this.options.dir}`, async () => {
      await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
      const taken = new Set(
        (await readdir(this.options.dir)).filter((n) => /^\d+$/.test(n)).map(Number),
      );
      for (const wanted of [recorded, claim]) {
        if (wanted === null || wanted === undefined || !this.inRange(wanted)) continue;
        const owner = taken.has(wanted) ? await this.ownerOf(wanted) : null;
        if (owner === labDir) return this.record(labDir, wanted, false);
        if (!taken.has(wanted)) return this.record(labDir, wanted, true);
      }
      let uid = this.options.base;
      while (taken.has(uid) && uid < this.options.base + this.options.count) uid++;
      if (uid >= this.options.base + this.options.count) uid = await this.reclaim(taken);
      return this.record(labDir, uid, true);
    });
  }

  /** Gives the lab's uid back; the lab's folder is about to be removed. */
  async release(labDir: string): Promise<void> {
    const uid = await recordedUid(labDir);
    if (uid === null) return;
    await withHostLock(`uids:${this.options.dir}`, async () => {
      if ((await this.ownerOf(uid)) === labDir) await unlink(this.entry(uid)).catch(() => {});
    });
  }

  private inRange(uid: number): boolean {
    return uid >= this.options.base && uid < this.options.base + this.options.count;
  }

  /** A uid whose lab folder no longer exists (its platform's data was deleted). */
  private async reclaim(taken: Set<number>): Promise<number> {
    for (const uid of [...taken].sort((a, b) => a - b)) {
      const owner = await this.ownerOf(uid);
      if (owner && !(await exists(owner))) {
        await unlink(this.entry(uid));
        return uid;
      }
    }
    throw new Error(`no free lab uid left in ${this.options.dir}`);
  }

  private async record(labDir: string, uid: number, fresh: boolean): Promise<number> {
    if (fresh) {
      const handle = await open(
        this.entry(uid),
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
        0o600,
      );
      await handle.writeFile(labDir);
      await handle.close();
    }
    const temp = join(labDir, `uid.${process.pid}`);
    await writeFile(temp, String(uid), { mode: 0o600 });
    await rename(temp, join(labDir, 'uid'));
    return uid;
  }
}

async function recordedUid(labDir: string): Promise<number | null> {
  const text = await readFile(join(labDir, 'uid'), 'utf8').catch(() => null);
  return text && /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
