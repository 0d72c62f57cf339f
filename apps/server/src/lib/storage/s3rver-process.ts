import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

/**
 * An S3-compatible server for the S3 driver's tests, in a process of its own so that what it
 * buffers does not count as the driver's memory: `s3rver-process.ts <directory> <bucket>` prints
 * its port and stops when its stdin closes.
 */
const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts <directory> <bucket>');

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});

// s3rver 3.7 has no AbortMultipartUpload; this one drops the parts as S3 does.
server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
  if (!/^[0-9a-f]+$/.test(uploadId)) throw new Error(`unexpected upload id ${uploadId}`);
  const name = ctx.path.split('/')[1] ?? '';
  await rm(path.join(server.store.getResourcePath(name, undefined, 'uploads'), uploadId), {
    recursive: true,
    force: true,
  });
  ctx.status = 204;
});

// s3rver 3.7 writes an object in place, answers before its bytes reach the file and writes its
// etag apart, so a read can see a short file, a mix of two puts or another put's etag. S3 makes
// a PUT atomic, and so does this: bytes through a temporary file, then the rename and the etag
// one put at a time.
const store = server.store;
let publishing = Promise.resolve();
store.putObject = async (object) => {
  const target = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.part`;
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const content = Buffer.isBuffer(object.content)
    ? Readable.from([object.content])
    : object.content;
  try {
    await pipeline(content, count, createWriteStream(temp));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const digest = md5.digest('hex');
  const published = publishing.then(async () => {
    await rename(temp, target);
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
  });
  publishing = published.catch(() => {});
  await published;
  return { size, md5: digest };
};

const { port } = await server.run();
process.stdout.write(`${port}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
