import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Owner } from './home-files';

/** The host folders and files of one lab under the labs' root. */
export function labFolders(root: string, id: string) {
  const base = join(root, id);
  return {
    base,
    home: join(base, 'home'),
    image: join(base, 'home.img'),
    previous: join(base, 'home.previous'),
    run: join(base, 'run'),
    sockets: join(base, 'sockets'),
    etc: join(base, 'etc'),
    /** Where a lab folder records the driver that mounted its home. */
    ownerRecord: join(base, 'home.owner'),
  };
}

export type LabFolders = ReturnType<typeof labFolders>;

/** Gives a folder the platform made to `owner` through its descriptor, never by path. */
export async function ownByDescriptor(dir: string, owner: Owner, mode: number): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    await handle.chown(owner.uid, owner.gid);
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}
