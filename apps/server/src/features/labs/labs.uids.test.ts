import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { labsApi } from '@platform/contract';
import { createEnvironment, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

/** Two platforms on one host, each with its own database and labs folder. */
let platforms: Harness[] = [];
beforeAll(async () => {
  platforms = await Promise.all(
    [1, 2].map(() =>
      createHarness({
        config: { labsDir: fs.mkdtempSync(path.join(os.tmpdir(), 'platform-labs-host-')) },
      }),
    ),
  );
});
afterAll(() => Promise.all(platforms.map((h) => h.close())));

it('gives the first labs of two platforms on one host different uids', async () => {
  const homes = await Promise.all(
    platforms.map(async (h) => {
      const student = await signedIn(h.app, h.ctx, { roles: ['student'] });
      const env = await createEnvironment(h.ctx);
      const res = await h.app.inject({
        method: 'POST',
        url: labsApi.start.path,
        headers: student.headers,
        payload: { expEnvId: env.id },
      });
      await h.app.labs.runtime.settle();
      const id = (res.json().data as string[])[0]!;
      expect(h.app.labs.runtime.get(id)?.state).toBe('Running');
      return { h, id, home: path.join(h.ctx.config.labsDir, id, 'home') };
    }),
  );
  const [a, b] = homes.map(({ home }) => fs.statSync(home).uid);
  if (process.getuid?.() === 0) {
    expect(a).not.toBe(0);
    expect(a).not.toBe(b);
  }
  for (const { h, id } of homes)
    await h.app.labs.runtime.removeUserLabs([h.app.labs.runtime.get(id)!.userId]);
});
