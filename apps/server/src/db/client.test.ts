import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from './client';
import { schools } from './schema';

describe('PGlite data directory', () => {
  it.skipIf(process.env.TEST_DATABASE === 'postgres')(
    'keeps data across restarts and refuses a second process while open',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-data-'));
      const first = await openPglite(dir);
      await first.db.insert(schools).values({ id: '42', name: 'Kept', url: 'sch_kept' });
      await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/in use by another running platform process/);
      await first.close();
      const second = await openPglite(dir);
      const rows = await second.db.select().from(schools);
      expect(rows.map((r) => r.name)).toEqual(['Kept']);
      expect(typeof rows[0]!.id).toBe('string');
      await second.close();
    },
  );
});
