import { chmod, lstat, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { LabPathError, type LabSpec } from '../driver';
import { createImage, growImage, isMounted, mountImage, unmountImage } from './disk';
import { clearIn, copyInto, writeIn, type HomeAccess, type Owner } from './home-files';
import { isRoot } from './host';
import { labFolders, ownByDescriptor } from './lab-folders';
import type { UidRegistry } from './uids';

export const defaultDiskGib = 10;

export interface HomePreparation {
  diskGib: number;
  initialFiles: LabSpec['initialFiles'];
}

/** A lab's home held open (mounted) until released. */
export interface HeldHome {
  access: HomeAccess;
  capped: boolean;
  release: () => Promise<void>;
}

/** A lab's home while something uses it: a running lab, or a file request. */
interface OpenHome {
  refs: number;
  capped: boolean;
  owner: Owner | null;
}

export interface LabHomesOptions {
  /** Folder for the labs' homes. */
  root: string;
  /** The driver's key, recorded with every home it mounts. */
  ownerKey: string;
  uids: UidRegistry;
  seccompFile: string | null;
  /** Whether the host can give each home a file system of its own. */
  diskCapped: () => Promise<boolean>;
  /** Makes the labs' root ready; awaited before any home opens. */
  ready: () => Promise<void>;
}

/** The labs' homes: each mounted while in use, one operation on a lab's home at a time. */
export class LabHomes {
  private readonly homes = new Map<string, OpenHome>();
  private readonly homeQueues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: LabHomesOptions) {}

  folders(id: string) {
    return labFolders(this.options.root, id);
  }

  /** The lab's own uid from the host's registry; null when the platform is not root. */
  async ownerOf(id: string): Promise<Owner | null> {
    if (!isRoot()) return null;
    const { base, home } = this.folders(id);
    const claim = await lstat(home).then(
      (s) => (s.isDirectory() && s.uid !== 0 ? s.uid : undefined),
      () => undefined,
    );
    const uid = await this.options.uids.uidOf(base, claim);
    return { uid, gid: uid };
  }

  /** Gives the lab's uid back to the host's registry. */
  releaseUid(id: string): Promise<void> {
    return this.options.uids.release(this.folders(id).base);
  }

  /** Runs `work` after every earlier home operation of the same lab. */
  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.homeQueues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    this.homeQueues.set(id, settled);
    void settled.then(() => {
      if (this.homeQueues.get(id) === settled) this.homeQueues.delete(id);
    });
    return next;
  }

  /**
   * Makes the lab's home ready and holds it open (mounted) until released. With `prepare`, a
   * missing home is made with the lab's disk size and initial files; without, it is not found.
   */
  open(id: string, prepare: HomePreparation | null): Promise<HeldHome> {
    return this.serial(id, async () => {
      await this.options.ready();
      const dirs = this.folders(id);
      let open = this.homes.get(id);
      if (!open) {
        const baseExists = await stat(dirs.base).then(
          () => true,
          () => false,
        );
        if (!baseExists && !prepare) throw new LabPathError('not_found');
        await mkdir(dirs.base, { recursive: true });
        await chmod(dirs.base, 0o711);
        const owner = await this.ownerOf(id);
        const made = await this.mountHome(id, owner, prepare);
        open = { refs: 0, capped: made.capped, owner };
        this.homes.set(id, open);
        if (made.fresh && prepare) {
          const access = this.accessOf(id, owner);
          for (const file of prepare.initialFiles) {
            await writeIn(access, file.path, Readable.from([Buffer.from(file.content)]), Infinity);
          }
        }
      }
      open.refs += 1;
      const held = open;
      let released = false;
      return {
        access: this.accessOf(id, held.owner),
        capped: held.capped,
        release: () => {
          if (released) return Promise.resolve();
          released = true;
          return this.serial(id, async () => {
            held.refs -= 1;
            if (held.refs > 0 || this.homes.get(id) !== held) return;
            this.homes.delete(id);
            if (held.capped) await unmountImage(dirs.home);
          });
        },
      };
    });
  }

  /** Runs `work` on the lab's home, held open while it runs. */
  async withHome<T>(id: string, work: (access: HomeAccess) => Promise<T>): Promise<T> {
    const home = await this.open(id, null);
    try {
      return await work(home.access);
    } finally {
      await home.release();
    }
  }

  private accessOf(id: string, owner: Owner | null): HomeAccess {
    return { home: this.folders(id).home, owner, seccompFile: this.options.seccompFile };
  }

  /** Mounts the lab's home image, recording this driver as what holds it. */
  private async mountHomeImage(id: string, fresh: boolean): Promise<void> {
    const dirs = this.folders(id);
    await writeFile(dirs.ownerRecord, this.options.ownerKey, { mode: 0o600 });
    await mountImage(dirs.image, dirs.home, fresh);
  }

  /** Mounts (or makes) the home's file system; a plain folder where the host cannot. */
  private async mountHome(
    id: string,
    owner: Owner | null,
    prepare: HomePreparation | null,
  ): Promise<{ capped: boolean; fresh: boolean }> {
    const dirs = this.folders(id);
    const imageExists = await stat(dirs.image).then(
      () => true,
      () => false,
    );
    const plainHome = await readdir(dirs.home).then(
      (names) => names.length > 0,
      () => false,
    );
    if (owner && (await this.options.diskCapped()) && !(await isMounted(dirs.home))) {
      if (imageExists) {
        await this.mountHomeImage(id, false);
        if (prepare) await growImage(dirs.image, dirs.home, prepare.diskGib);
        return { capped: true, fresh: false };
      }
      if (plainHome) return { capped: await this.moveIntoImage(id, owner, prepare), fresh: false };
      if (!prepare) throw new LabPathError('not_found');
      await createImage(dirs.image, prepare.diskGib, owner);
      await this.mountHomeImage(id, true);
      await ownByDescriptor(dirs.home, owner, 0o700);
      return { capped: true, fresh: true };
    }
    if (await isMounted(dirs.home)) return { capped: true, fresh: false };
    const exists = await stat(dirs.home).then(
      () => true,
      () => false,
    );
    if (!exists) {
      if (!prepare) throw new LabPathError('not_found');
      await mkdir(dirs.home, { mode: 0o700 });
    }
    if (owner) await ownByDescriptor(dirs.home, owner, 0o700);
    return { capped: false, fresh: !exists };
  }

  /**
   * A home made before homes had their own file system moves into one, copied by the lab's uid
   * inside a sandbox. If it does not fit, it stays a plain folder and the lab says so.
   */
  private async moveIntoImage(
    id: string,
    owner: Owner,
    prepare: HomePreparation | null,
  ): Promise<boolean> {
    const dirs = this.folders(id);
    await rename(dirs.home, dirs.previous);
    try {
      await createImage(dirs.image, prepare?.diskGib ?? defaultDiskGib, owner);
      await this.mountHomeImage(id, true);
      await ownByDescriptor(dirs.home, owner, 0o700);
      await copyInto(this.accessOf(id, owner), dirs.previous);
    } catch {
      if (await isMounted(dirs.home)) await unmountImage(dirs.home);
      await rm(dirs.image, { force: true });
      await rmdir(dirs.home).catch(() => {});
      await rename(dirs.previous, dirs.home);
      return false;
    }
    await clearIn({ home: dirs.previous, owner, seccompFile: this.options.seccompFile });
    await rmdir(dirs.previous);
    return true;
  }

  /** Deletes the home: its image, or (a plain folder) its files as the lab's uid. */
  async wipe(id: string): Promise<void> {
    for (let waited = 0; this.homes.has(id) && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.serial(id, async () => {
      if (this.homes.has(id)) throw new Error('the lab home is still in use');
      const dirs = this.folders(id);
      if (await isMounted(dirs.home)) await unmountImage(dirs.home);
      if (await isMounted(dirs.home)) throw new Error('the lab home could not be unmounted');
      const hadImage = await stat(dirs.image).then(
        () => true,
        () => false,
      );
      if (hadImage) {
        await rm(dirs.image, { force: true });
        await rmdir(dirs.home).catch(() => {});
        return;
      }
      const plain = await readdir(dirs.home).then(
        () => true,
        () => false,
      );
      if (plain) {
        await clearIn(this.accessOf(id, await this.ownerOf(id)));
        await rmdir(dirs.home);
      }
    });
  }
}
