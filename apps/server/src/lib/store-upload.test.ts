import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpeg, mp4, multipartFile, pdf, png, webm } from '../test/sample-files';
import { envelopePlugin } from './envelope';
import { AppError } from './errors';
import type { FileKind } from './file-types';
import type { StorageUnderTest } from './storage/conformance';
import { LocalStorage } from './storage/local';
import { startS3rver } from './storage/s3-test-server';
import type { FileStorage } from './storage/storage';
import { storeUpload } from './store-upload';

const MAX_BYTES = 64 * 1024;

async function localStorage(): Promise<StorageUnderTest> {
  const dir = await mkdtemp(path.join(tmpdir(), 'platform-uploads-'));
  const leftovers = async () => {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => !e.isDirectory())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  };
  return {
    storage: new LocalStorage(dir),
    leftovers,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

describe.each([
  ['a local directory', localStorage],
  ['S3 (s3rver)', startS3rver],
])('storeUpload into %s', (_driver, start) => {
  let under: StorageUnderTest;
  let storage: FileStorage;
  let app: FastifyInstance;
  let putsStarted = 0;
  let before: string[];

  /** The app's port on loopback, listening from the first call on. */
  async function listening(): Promise<number> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }

  beforeAll(async () => {
    under = await start();
    storage = under.storage;
    const counting: FileStorage = {
      put: (key, body, opts) => {
        putsStarted++;
        return storage.put(key, body, opts);
      },
      stat: (key) => storage.stat(key),
      read: (key, range) => storage.read(key, range),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
    };
    app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    await app.register(multipart);
    app.post('/upload/:kinds', async (req, reply) => {
      const kinds = (req.params as { kinds: string }).kinds.split(',') as FileKind[];
      return reply.ok(
        await storeUpload(req, counting, { key: 'uploads/one', kinds, maxBytes: MAX_BYTES }),
      );
    });
    app.post('/planned', async (req, reply) =>
      reply.ok(
        await storeUpload(req, counting, {
          maxBytes: MAX_BYTES,
          plan: async (fields) => ({
            key: `uploads/${fields.name ?? 'none'}`,
            kinds: fields.kind === 'pdf' ? ['pdf'] : ['image'],
            maxBytes: 1024,
            tooLarge: () => new AppError('courses.cover_too_large', { status: 413 }),
            refused: () => new AppError('courses.cover_type', { status: 400 }),
          }),
        }),
      ),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await under?.close();
  });

  beforeEach(async () => {
    await storage.delete('uploads/one');
    before = await under.leftovers();
  });

  const upload = (kinds: string, fileName: string, data: Buffer, lang = 'en') => {
    const body = multipartFile(fileName, data);
    return app.inject({
      method: 'POST',
      url: `/upload/${kinds}`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang },
    });
  };

  it.each([
    ['a PNG', 'image', 'photo.png', png(), 'image/png'],
    ['a JPEG', 'image', 'photo.jpg', jpeg(), 'image/jpeg'],
    ['a PDF', 'pdf', 'notes.pdf', pdf(), 'application/pdf'],
    ['an MP4', 'video', 'clip.mp4', mp4(), 'video/mp4'],
    ['a WebM', 'video', 'clip.webm', webm(), 'video/webm'],
    ['a PNG among several kinds', 'pdf,image', 'scan.png', png(), 'image/png'],
    ['a PDF as an attachment', 'attachment', 'notes.pdf', pdf(), 'application/pdf'],
  ])('stores %s with the type its content shows', async (_name, kinds, fileName, data, type) => {
    const res = await upload(kinds, fileName, data);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      key: 'uploads/one',
      size: data.length,
      contentType: type,
      fileName,
    });
    const read = await storage.read('uploads/one');
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(read.file.contentType).toBe(type);
  });

  it('lets the fields sent before the file choose the key, the kinds, the limit and the refusals', async () => {
    const planned = (fields: Record<string, string>, data: Buffer) => {
      const body = multipartFile('file.bin', data, fields);
      return app.inject({ method: 'POST', url: '/planned', ...body });
    };
    const pdfFile = await planned({ name: 'two', kind: 'pdf' }, pdf());
    expect(pdfFile.json().data).toMatchObject({
      key: 'uploads/two',
      contentType: 'application/pdf',
    });
    await storage.delete('uploads/two');
    const refused = await planned({ name: 'two', kind: 'image' }, pdf());
    expect(refused.json().errorKey).toBe('courses.cover_type');
    const large = await planned(
      { name: 'two', kind: 'image' },
      Buffer.concat([png(), Buffer.alloc(2048)]),
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().errorKey).toBe('courses.cover_too_large');
    expect(await storage.exists('uploads/two')).toBe(false);
  });

  it('stores an attachment of no known type as generic bytes, keeping only the base name', async () => {
    const res = await upload('attachment', 'C:\\Users\\学生\\报告 1.dat', Buffer.from('hello'));
    expect(res.json().data).toMatchObject({
      contentType: 'application/octet-stream',
      fileName: '报告 1.dat',
      size: 5,
    });
  });

  it.each([
    ['温度.csv', '时间,温度\r\n2026-11-01 08:00,21.5\r\n', 'text/csv'],
    ['DATA.TSV', 'a\tb\n1\t2\n', 'text/tab-separated-values'],
    ['说明.txt', '第一行\n第二行\n', 'text/plain'],
    ['readings.json', '{"t": 21.5}', 'application/json'],
  ])(
    'stores the text attachment %s with the type its extension names',
    async (name, text, type) => {
      const res = await upload('attachment', name, Buffer.from(text));
      expect(res.json().data).toMatchObject({ contentType: type, fileName: name });
    },
  );

  it('keeps binary bytes named .csv, and markup named .txt, as generic bytes', async () => {
    const binary = await upload('attachment', 'x.csv', Buffer.from([0x61, 0x00, 0x01, 0x62]));
    expect(binary.json().data.contentType).toBe('application/octet-stream');
    const html = await upload(
      'attachment',
      'x.txt',
      Buffer.from('<html><script>1</script></html>'),
    );
    expect(html.json().data.contentType).toBe('application/octet-stream');
  });

  it('stores markup as generic bytes even as an attachment', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await upload('attachment', 'x.svg', svg);
    expect(res.json().data.contentType).toBe('application/octet-stream');
  });

  it.each([
    ['a PNG named .pdf when only PDF is allowed', 'pdf', 'report.pdf', png(), 'PDF'],
    ['text named .png', 'image', 'photo.png', Buffer.from('just some text\n'), 'JPG, PNG'],
    ['a PDF named .mp4', 'video', 'clip.mp4', pdf(), 'MP4, WebM'],
    ['an empty file', 'image', 'empty.png', Buffer.alloc(0), 'JPG, PNG'],
  ])(
    'refuses %s by its content, storing nothing',
    async (_name, kinds, fileName, data, formats) => {
      for (const lang of ['en', 'zh']) {
        const res = await upload(kinds, fileName, data, lang);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 9000,
          errorKey: 'common.file_type_refused',
          fields: { file: 'invalid_format' },
          message:
            lang === 'en'
              ? `The file's content is not an allowed format (${formats})`
              : `文件内容不是允许的格式（${formats}）`,
        });
      }
      expect(await under.leftovers()).toEqual(before);
    },
  );

  it('takes a file of exactly the limit and refuses one byte more with 413, storing nothing', async () => {
    const exact = Buffer.concat([png(), Buffer.alloc(MAX_BYTES - png().length)]);
    expect((await upload('image', 'big.png', exact)).statusCode).toBe(200);
    await storage.delete('uploads/one');
    const over = Buffer.concat([exact, Buffer.from([0])]);
    const res = await upload('image', 'big.png', over);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      errorKey: 'common.file_too_large',
      message: 'The file is too large; the maximum is 0.1 MB',
    });
    expect(await under.leftovers()).toEqual(before);
  });

  it('refuses a body declared far over the limit before reading it', async () => {
    const body = multipartFile('big.png', png());
    const res = await app.inject({
      method: 'POST',
      url: '/upload/image',
      payload: body.payload,
      headers: { ...body.headers, 'content-length': String(10 * MAX_BYTES) },
    });
    expect(res.statusCode).toBe(413);
    expect(await under.leftovers()).toEqual(before);
  });

  it('keeps the file already stored when a new one is refused', async () => {
    expect((await upload('image', 'a.png', png())).statusCode).toBe(200);
    const before = await storage.stat('uploads/one');
    const over = Buffer.concat([png(), Buffer.alloc(MAX_BYTES)]);
    expect((await upload('image', 'b.png', over)).statusCode).toBe(413);
    expect((await upload('image', 'c.png', Buffer.from('text'))).statusCode).toBe(400);
    expect(await storage.stat('uploads/one')).toEqual(before);
  });

  it('stores nothing from a body cut short', async () => {
    const data = Buffer.concat([png(), Buffer.alloc(20_000, 7)]);
    const body = multipartFile('cut.png', data);
    const res = await app.inject({
      method: 'POST',
      url: '/upload/image',
      payload: body.payload.subarray(0, body.payload.length - 5000),
      headers: body.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorKey: 'common.invalid_upload',
      fields: { file: 'invalid_format' },
    });
    expect(await under.leftovers()).toEqual(before);
  });

  it('stores nothing when the client goes away mid-upload', async () => {
    const port = await listening();
    const body = multipartFile('gone.png', Buffer.concat([png(), Buffer.alloc(40_000, 1)]));
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/upload/image',
      headers: { ...body.headers, 'content-length': String(body.payload.length) },
    });
    req.on('error', () => {});
    const puts = putsStarted;
    req.write(body.payload.subarray(0, 20_000));
    await expect.poll(() => putsStarted).toBe(puts + 1);
    req.destroy();
    await expect.poll(() => under.leftovers()).toEqual(before);
  });

  it('answers 413 over HTTP while the client is still sending', async () => {
    const port = await listening();
    const body = multipartFile('huge.png', Buffer.concat([png(), Buffer.alloc(4 * MAX_BYTES)]));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/upload/image',
          headers: { ...body.headers, 'transfer-encoding': 'chunked' },
        },
        (res) => {
          resolve(res.statusCode);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write(body.payload.subarray(0, 2 * MAX_BYTES));
    });
    expect(status).toBe(413);
    await expect.poll(() => under.leftovers()).toEqual(before);
  });

  it.each([
    [
      'no file part',
      () => ({
        payload: '--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
    ],
    ['a JSON body', () => ({ payload: '{}', headers: { 'content-type': 'application/json' } })],
  ])('asks for a file when there is %s', async (_name, make) => {
    const { payload, headers } = make();
    const res = await app.inject({ method: 'POST', url: '/upload/image', payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorKey: 'common.file_required',
      fields: { file: 'required' },
    });
  });
});
