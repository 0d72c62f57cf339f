/**
 * Lab file requests through the API, as a student's browser makes them: listing the home,
 * downloading a 1 MiB file and uploading a 1 MiB file into a running terminal lab. Every request
 * runs a helper in the lab's own sandbox as the lab's uid (decision 0010).
 * Usage: npm run bench:lab-files  (PGlite in memory; set DATABASE_URL to use PostgreSQL)
 */
import os from 'node:os';
import { labsApi } from '@platform/contract';
import { createEnvironment, signedIn } from '../apps/server/src/test/factories';
import { createHarness } from '../apps/server/src/test/harness';
import { summary as stats } from './stats';

const runs = Number(process.env.RUNS ?? 200);
const mib = Buffer.alloc(1024 * 1024, 97);

function upload(containerId: string, name: string) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('containerId', containerId) +
      field('path', '') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, mib, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function timed(work: () => Promise<{ statusCode: number; body: string }>) {
  const t0 = performance.now();
  const res = await work();
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body.slice(0, 200)}`);
  return performance.now() - t0;
}

const summary = (label: string, ms: number[]) => stats(label, ms, 26, 1);

const h = await createHarness();
try {
  const student = await signedIn(h.app, h.ctx, { roles: ['student'] });
  const env = await createEnvironment(h.ctx);
  const started = await h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers: student.headers,
    payload: { expEnvId: env.id },
  });
  const id = (started.json().data as string[])[0]!;
  await h.app.labs.runtime.settle();
  const headers = student.headers;

  const uploads: number[] = [];
  for (let i = 0; i < Math.max(10, runs / 4); i++) {
    const body = upload(id, i === 0 ? 'data.bin' : `copy-${i}.bin`);
    uploads.push(
      await timed(() =>
        h.app.inject({
          method: 'POST',
          url: labsApi.uploadFile.path,
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        }),
      ),
    );
  }
  const listings: number[] = [];
  for (let i = 0; i < runs; i++) {
    listings.push(
      await timed(() =>
        h.app.inject({
          method: 'GET',
          url: `${labsApi.listFiles.path}?containerId=${id}&path=`,
          headers,
        }),
      ),
    );
  }
  const downloads: number[] = [];
  for (let i = 0; i < runs; i++) {
    downloads.push(
      await timed(async () => {
        const res = await h.app.inject({
          method: 'GET',
          url: `${labsApi.downloadFile.path}?containerId=${id}&path=data.bin`,
          headers,
        });
        if (res.rawPayload.length !== mib.length) throw new Error('short download');
        return res;
      }),
    );
  }
  await h.app.inject({
    method: 'GET',
    url: `${labsApi.stop.path}?envId=${env.id}`,
    headers,
  });

  const host = `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${h.database.kind}`;
  console.log(`\nLab file requests through the API (${host})`);
  console.log(summary('list the home', listings));
  console.log(summary('download 1 MiB', downloads));
  console.log(summary('upload 1 MiB', uploads));
} finally {
  await h.close();
}
