import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors';
import { allowedFormats, detectFileType, SNIFF_BYTES, type FileKind } from './file-types';
import { fileStreamFault, uploadParts } from './multipart';
import type { FileStorage } from './storage/storage';

/** Room for the multipart boundaries, part headers and a few small fields around the file. */
const FRAMING_BYTES = 64 * 1024;

export interface StoredUpload {
  key: string;
  size: number;
  contentType: string;
  /** The name the client gave, without folders, at most 200 characters. */
  fileName: string;
}

/** The refusal of a file over `maxBytes`, in whole or tenths of megabytes. */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError('common.file_too_large', {
    status: 413,
    params: { max: Math.round((maxBytes / 1024 / 1024) * 10) / 10 },
  });
}

const refusedType = (kinds: readonly FileKind[]) =>
  new AppError('common.file_type_refused', {
    status: 400,
    fields: { file: 'invalid_format' },
    params: { formats: allowedFormats(kinds) },
  });

/**
 * Streams the one file of a multipart request into `storage` under `key`. Its type is read from
 * its first bytes before anything is stored; its size is counted as it arrives and refused with
 * `tooLarge` as soon as it passes `maxBytes`. A refused, cut short or aborted upload leaves the
 * key as it was, since the storage's put is all or nothing.
 */
export async function storeUpload(
  req: FastifyRequest,
  storage: FileStorage,
  opts: {
    key: string;
    kinds: readonly FileKind[];
    maxBytes: number;
    tooLarge?: () => AppError;
  },
): Promise<StoredUpload> {
  const tooLarge = opts.tooLarge ?? (() => fileTooLarge(opts.maxBytes));
  if (!req.isMultipart()) throw invalid('common.file_required', { file: 'required' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + FRAMING_BYTES) throw tooLarge();
  const limits = { fileSize: opts.maxBytes + 1, files: 1, fields: 10, fieldSize: 1024 };
  for await (const part of uploadParts(req, limits, tooLarge)) {
    if (part.type !== 'file') continue;
    const fileName = [...part.filename.replace(/^.*[\\/]/, '')].slice(-200).join('');
    if (!fileName) throw invalid('common.file_required', { file: 'required' });
    const fault = fileStreamFault(part.file, tooLarge);
    const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head = await readHead(chunks, SNIFF_BYTES).catch(fault);
    if (head.length > opts.maxBytes) throw tooLarge();
    const type = await detectFileType(head, opts.kinds);
    if (!type) throw refusedType(opts.kinds);
    const source = Readable.from(counted(head, chunks, opts.maxBytes, tooLarge));
    const stored = await storage
      .put(opts.key, source, { contentType: type.contentType })
      .catch(fault);
    return { key: opts.key, size: stored.size, contentType: stored.contentType, fileName };
  }
  throw invalid('common.file_required', { file: 'required' });
}

/** At least `size` bytes from the start of the stream, or all of it if shorter. */
async function readHead(chunks: AsyncIterator<Buffer>, size: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(parts);
}

/** The head and then the rest of the stream, failing once more than `maxBytes` went through. */
async function* counted(
  head: Buffer,
  rest: AsyncIterator<Buffer>,
  maxBytes: number,
  tooLarge: () => AppError,
): AsyncGenerator<Buffer> {
  let total = head.length;
  yield head;
  for (;;) {
    const next = await rest.next();
    if (next.done) break;
    total += next.value.length;
    if (total > maxBytes) throw tooLarge();
    yield next.value;
  }
}
