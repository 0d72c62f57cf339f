import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { S3Storage } from './s3';

const BUCKET = 'platform-files';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** An S3 storage on a fresh s3rver in a process of its own, with what that server keeps on disk. */
export async function startS3rver(): Promise<{
  storage: S3Storage;
  leftovers: () => Promise<string[]>;
  close: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'platform-s3-'));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 's3rver-process.ts'), dir, BUCKET],
    { cwd: import.meta.dirname, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
  const port = Number(line);
  if (!Number.isInteger(port)) throw new Error(`s3rver did not start: ${line}`);
  return {
    storage: new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    leftovers: () => filesUnder(dir),
    close: async () => {
      const exited = once(server, 'exit');
      server.stdin.end();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
