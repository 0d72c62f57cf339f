import type { LabFiles } from '../driver';
import { listIn, readIn, writeIn } from './home-files';
import type { LabHomes } from './lab-homes';

/** Every file request runs as the lab's uid in a sandbox that sees only the lab's home. */
export function labFiles(homes: LabHomes): LabFiles {
  return {
    list: (id, path) => homes.withHome(id, (access) => listIn(access, path)),
    read: async (id, path) => {
      const home = await homes.open(id, null);
      try {
        const file = await readIn(home.access, path);
        file.stream.once('close', () => void home.release());
        return file;
      } catch (error) {
        await home.release();
        throw error;
      }
    },
    write: (id, path, data, maxBytes) =>
      homes.withHome(id, (access) => writeIn(access, path, data, maxBytes)),
  };
}
