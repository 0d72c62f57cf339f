import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from './errors';
import {
  StorageError,
  type ByteRange,
  type FileRead,
  type FileStorage,
  type StoredFile,
} from './storage/storage';

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a file to be saved under `name`, never cached. */
export function sendDownload(
  reply: FastifyReply,
  file: { name: string; type: string; size?: number; body: Buffer | Readable },
) {
  if (file.size !== undefined) void reply.header('Content-Length', String(file.size));
  return reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', attachment(file.name))
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/** `Content-Disposition` for a file shown in the browser, with its name for saving it. */
export function inline(name?: string): string {
  if (name === undefined) return 'inline';
  return attachment(name).replace(/^attachment/, 'inline');
}

/**
 * The one byte range a `Range` header asks for: `undefined` when there is none, or when it is
 * malformed, names another unit or asks for several ranges (all answered with the whole file).
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  const count = (digits: string) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
  if (first === '') return last === '' ? undefined : { suffix: count(last) };
  const start = count(first);
  if (last === '') return { start };
  const end = count(last);
  return end < start ? undefined : { start, end };
}

const httpDate = (date: Date) => date.toUTCString();

/** Whether a list of entity tags (`If-None-Match`) names this one; weak tags compare too. */
function etagMatches(list: string, etag: string): boolean {
  if (list.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return list.split(',').some((tag) => bare(tag) === bare(etag));
}

/** Whether the client's copy (`If-None-Match`, else `If-Modified-Since`) is still this file. */
function notModified(headers: FastifyRequest['headers'], file: StoredFile): boolean {
  const tags = headers['if-none-match'];
  if (tags !== undefined) return etagMatches(tags, file.etag);
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(file.modified.getTime() / 1000) * 1000 <= since;
}

/** Whether a range may be served under `If-Range`: only of the very version the client holds. */
function rangeStillValid(ifRange: string | string[] | undefined, file: StoredFile): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  if (ifRange.trim().startsWith('"')) return ifRange.trim() === file.etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(file.modified.getTime() / 1000) * 1000 === date;
}

/**
 * Sends a stored file: whole (200), one byte range (206) or a refusal of an unsatisfiable range
 * (416), with its stored type, never sniffed, shown inline or saved as `download`. A missing file
 * is the 404 envelope. The file's stream is destroyed if the client goes away.
 */
export async function sendStored(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  opts: {
    rangeHeader?: string | undefined;
    /** Saved under this name; otherwise shown inline. */
    download?: string | undefined;
    /** The name a browser offers when saving a file shown inline. */
    name?: string | undefined;
  } = {},
) {
  const found = await lookUp(reply.request, storage, key, opts.rangeHeader).catch(
    (error: unknown) => {
      throw storageRefusal(error);
    },
  );
  describe(reply, found.file, opts);
  if (found.answer === 'not_modified') return reply.code(304).send();
  if (found.answer === 'head')
    return reply.header('Content-Length', String(found.file.size)).send(Readable.from([]));
  const { start, end, file, body } = found.read;
  void reply.header('Content-Length', String(end - start + 1));
  if (found.ranged)
    void reply.code(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  return reply.send(body);
}

type Found =
  | { answer: 'not_modified'; file: StoredFile }
  | { answer: 'head'; file: StoredFile }
  | { answer: 'body'; file: StoredFile; read: FileRead; ranged: boolean };

/** What to answer, with the open stream of the bytes to send if there are any. */
async function lookUp(
  req: FastifyRequest,
  storage: FileStorage,
  key: string,
  rangeHeader: string | undefined,
): Promise<Found> {
  const { headers } = req;
  const conditional =
    headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
  const known = conditional ? await storage.stat(key) : null;
  if (known && notModified(headers, known)) return { answer: 'not_modified', file: known };
  if (req.method === 'HEAD') return { answer: 'head', file: known ?? (await storage.stat(key)) };
  const range = parseRange(rangeHeader);
  const read = await storage.read(key, range);
  if (range && !rangeStillValid(headers['if-range'], read.file)) {
    read.body.destroy();
    const whole = await storage.read(key);
    return { answer: 'body', file: whole.file, read: whole, ranged: false };
  }
  return { answer: 'body', file: read.file, read, ranged: range !== undefined };
}

/** The answer to a storage failure: 416 with the size, or 404 for a file that is not there. */
function storageRefusal(error: unknown): unknown {
  if (!(error instanceof StorageError)) return error;
  if (error.reason === 'range')
    return new AppError('common.range_not_satisfiable', {
      status: 416,
      headers: { 'Content-Range': `bytes */${error.size ?? 0}` },
    });
  if (error.reason === 'not_found' || error.reason === 'invalid_key') return notFound();
  return error;
}

function describe(
  reply: FastifyReply,
  file: StoredFile,
  opts: { download?: string | undefined; name?: string | undefined },
) {
  return reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', file.etag)
    .header('Last-Modified', httpDate(file.modified))
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      opts.download !== undefined ? attachment(opts.download) : inline(opts.name),
    )
    .header('Cache-Control', opts.download !== undefined ? 'no-store' : 'private, no-cache');
}
