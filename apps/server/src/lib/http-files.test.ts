import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopePlugin } from './envelope';
import { parseRange, sendStored } from './http-files';
import { LocalStorage } from './storage/local';
import { startS3rver } from './storage/s3-test-server';
import type { FileRead, FileStorage } from './storage/storage';

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

let dir: string;
let storage: LocalStorage;
let app: FastifyInstance;
let opened: Readable[] = [];

/** The local storage, remembering the streams it opened. */
function watched(inner: FileStorage): FileStorage {
  return {
    put: (key, body, opts) => inner.put(key, body, opts),
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    exists: (key) => inner.exists(key),
    async read(key, range): Promise<FileRead> {
      const read = await inner.read(key, range);
      opened.push(read.body);
      return read;
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'platform-http-files-'));
  storage = new LocalStorage(dir);
  await storage.put('video/a.mp4', Readable.from([bytes]), { contentType: 'video/mp4' });
  await storage.put('docs/empty.pdf', Readable.from([]), { contentType: 'application/pdf' });
  await storage.put('big.bin', Readable.from(bigFile()), {
    contentType: 'application/octet-stream',
  });
  app = Fastify({ logger: false });
  await app.register(envelopePlugin);
  const files = watched(storage);
  app.get('/files/*', async (req, reply) => {
    const { download, name } = req.query as { download?: string; name?: string };
    return sendStored(reply, files, (req.params as { '*': string })['*'], {
      rangeHeader: req.headers.range,
      download,
      name,
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

function* bigFile() {
  for (let i = 0; i < 64; i++) yield Buffer.alloc(64 * 1024, i);
}

const get = (url: string, headers: Record<string, string | undefined> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('sendStored', () => {
  it('sends the whole file with its stored type and validators', async () => {
    const res = await get('/files/video/a.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const stat = await storage.stat('video/a.mp4');
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      etag: stat.etag,
      'last-modified': stat.modified.toUTCString(),
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private, no-cache',
    });
    expect(res.headers['content-range']).toBeUndefined();
  });

  it.each([
    ['first bytes', 'bytes=0-99', 0, 99],
    ['a middle range', 'bytes=500-599', 500, 599],
    ['an open-ended range', 'bytes=900-', 900, 999],
    ['the last bytes', 'bytes=-10', 990, 999],
    ['a suffix longer than the file', 'bytes=-5000', 0, 999],
    ['a range over the end', 'bytes=990-5000', 990, 999],
    ['an end past any safe integer', 'bytes=10-99999999999999999999999', 10, 999],
    ['the unit in capitals, with spaces', 'Bytes = 1 - 2', 1, 2],
  ])('answers %s with 206', async (_name, range, start, end) => {
    const res = await get('/files/video/a.mp4', { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each([
    ['a start past the end', 'bytes=1000-'],
    ['a start far past the end', 'bytes=99999999999999999999-'],
    ['an empty suffix', 'bytes=-0'],
  ])('refuses %s with 416 and the size', async (_name, range) => {
    const res = await get('/files/video/a.mp4', { range, 'accept-language': 'en' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json()).toMatchObject({
      code: 9000,
      errorKey: 'common.range_not_satisfiable',
      message: 'The requested byte range is outside the file',
    });
  });

  it('refuses any range of an empty file, and sends it whole without one', async () => {
    const ranged = await get('/files/docs/empty.pdf', { range: 'bytes=0-' });
    expect(ranged.statusCode).toBe(416);
    expect(ranged.headers['content-range']).toBe('bytes */0');
    const whole = await get('/files/docs/empty.pdf');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('0');
    expect(whole.rawPayload.length).toBe(0);
  });

  it.each([
    ['several ranges', 'bytes=0-1,5-6'],
    ['a reversed range', 'bytes=9-3'],
    ['no numbers', 'bytes=-'],
    ['another unit', 'items=0-1'],
    ['words', 'bytes=a-b'],
    ['a negative start', 'bytes=-1-2'],
    ['nothing', ''],
  ])('ignores %s and sends the whole file', async (_name, range) => {
    const res = await get('/files/video/a.mp4', { range });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 304 to the current ETag or date, and the file to an old one', async () => {
    const { etag, modified } = await storage.stat('video/a.mp4');
    for (const headers of [
      { 'if-none-match': etag },
      { 'if-none-match': `"old", W/${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': new Date(modified.getTime() + 5000).toUTCString() },
    ]) {
      const res = await get('/files/video/a.mp4', headers);
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    for (const headers of [
      { 'if-none-match': '"old"' },
      { 'if-modified-since': new Date(modified.getTime() - 5000).toUTCString() },
      { 'if-none-match': '"old"', 'if-modified-since': new Date().toUTCString() },
    ]) {
      const res = await get('/files/video/a.mp4', headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('serves a range under If-Range only for the same version', async () => {
    const { etag } = await storage.stat('video/a.mp4');
    const same = await get('/files/video/a.mp4', { range: 'bytes=0-9', 'if-range': etag });
    expect(same.statusCode).toBe(206);
    expect(same.rawPayload.length).toBe(10);
    const changed = await get('/files/video/a.mp4', { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(bytes)).toBe(true);
  });

  it('names a download with an ASCII fallback and the UTF-8 name, never cached', async () => {
    const name = encodeURIComponent('实验报告 "最终" 版.pdf');
    const res = await get(`/files/video/a.mp4?download=${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____ ____ _.pdf"; filename*=UTF-8''${encodeURIComponent(
        '实验报告 "最终" 版.pdf',
      )}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('names a file shown inline', async () => {
    const res = await get(`/files/video/a.mp4?name=${encodeURIComponent('课程.mp4')}`);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="__.mp4"; filename*=UTF-8''${encodeURIComponent('课程.mp4')}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/files/video/a.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a missing file or a key that cannot exist with the 404 envelope', async () => {
    for (const url of ['/files/video/missing.mp4', '/files/..%2Fetc/passwd', '/files/a//b']) {
      const res = await get(url, { 'accept-language': 'zh', range: 'bytes=0-1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 9000, errorKey: 'common.not_found' });
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
    }
  });

  it('destroys the file stream when the client goes away', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    opened = [];
    await new Promise<void>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/files/big.bin' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => {
        if ((error as { code?: string }).code !== 'ECONNRESET') reject(error);
      });
      req.end();
    });
    expect(opened).toHaveLength(1);
    const body = opened[0]!;
    await expect.poll(() => body.destroyed).toBe(true);
    expect(body.readableEnded).toBe(false);
  });
});

describe('parseRange', () => {
  it('reads one range and ignores the rest', () => {
    expect(parseRange('bytes=0-0')).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=7-')).toEqual({ start: 7 });
    expect(parseRange('bytes=-7')).toEqual({ suffix: 7 });
    expect(parseRange(undefined)).toBeUndefined();
    expect(parseRange('bytes=1-2, 3-4')).toBeUndefined();
    expect(parseRange('bytes=2-1')).toBeUndefined();
  });
});

describe('sendStored from S3 (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let s3App: FastifyInstance;

  beforeAll(async () => {
    s3 = await startS3rver();
    await s3.storage.put('video/a.mp4', Readable.from([bytes]), { contentType: 'video/mp4' });
    s3App = Fastify({ logger: false });
    await s3App.register(envelopePlugin);
    s3App.get('/files/*', async (req, reply) =>
      sendStored(reply, s3.storage, (req.params as { '*': string })['*'], {
        rangeHeader: req.headers.range,
      }),
    );
    await s3App.ready();
  });

  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  it('answers ranges, 416, 304 and 404 as from the local directory', async () => {
    const url = '/files/video/a.mp4';
    const ranged = await s3App.inject({ url, headers: { range: 'bytes=-10' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 990-999/1000');
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(bytes.subarray(990))).toBe(true);

    const refused = await s3App.inject({ url, headers: { range: 'bytes=1000-' } });
    expect(refused.statusCode).toBe(416);
    expect(refused.headers['content-range']).toBe('bytes */1000');

    const whole = await s3App.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const again = await s3App.inject({
      url,
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const missing = await s3App.inject({ url: '/files/video/missing.mp4' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errorKey: 'common.not_found' });
  });
});
