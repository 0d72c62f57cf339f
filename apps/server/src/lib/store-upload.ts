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

/** Where an upload goes, what it may be and how large, and the route's own refusals. */
export interface UploadPlan {
  key: string;
  kinds: readonly FileKind[];
  maxBytes: number;
  tooLarge?: () => AppError;
  /** Refuses content of none of `kinds` (default `common.file_type_refused`). */
  refused?: () => AppError;
}

/**
 * A plan made from the form fields sent before the file, once they are read: `maxBytes` bounds
 * every plan it may answer.
 */
export interface PlanFromFields {
  maxBytes: number;
  plan: (fields: Record<string, string>) => Promise<UploadPlan>;
}

/** The refusal of a file over `maxBytes`, in whole or tenths of megabytes. */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError('common.file_too_large', {
    status: 413,
    params: { max: Math.round((maxBytes / 1024 / 1024) * 10) / 10 },
  });
}

const tooLargeOf = (plan: { maxBytes: number; tooLarge?: (() => AppError) | undefined }) =>
  plan.tooLarge ?? (() => fileTooLarge(plan.maxBytes));

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
 * key as it was, since the storage's put is all or nothing. With a `plan`, the fields sent before
 * the file decide the key, the kinds and the limit.
 */
export async function storeUpload(
  req: FastifyRequest,
  storage: FileStorage,
  given: UploadPlan | PlanFromFields,
): Promise<StoredUpload> {
  if (!req.isMultipart()) throw invalid('common.file_required', { file: 'required' });
  const fixed = 'plan' in given ? null : given;
  let tooLarge = tooLargeOf(fixed ?? { maxBytes: given.maxBytes });
  const refuseDeclared = (maxBytes: number) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + FRAMING_BYTES) throw tooLarge();
  };
  refuseDeclared(given.maxBytes);
  const limits = { fileSize: given.maxBytes + 1, files: 1, fields: 10, fieldSize: 1024 };
  const fields: Record<string, string> = {};
  for await (const part of uploadParts(req, limits, () => tooLarge())) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const plan = fixed ?? (await (given as PlanFromFields).plan(fields));
    tooLarge = tooLargeOf(plan);
    refuseDeclared(plan.maxBytes);
    const fileName = [...part.filename.replace(/^.*[\\/]/, '')].slice(-200).join('');
    if (!fileName) throw invalid('common.file_required', { file: 'required' });
    const fault = fileStreamFault(part.file, tooLarge);
    const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head = await readHead(chunks, SNIFF_BYTES).catch(fault);
    if (head.length > plan.maxBytes) throw tooLarge();
    const type = await detectFileType(head, plan.kinds, fileName);
    if (!type) throw plan.refused ? plan.refused() : refusedType(plan.kinds);
    const source = Readable.from(counted(head, chunks, plan.maxBytes, tooLarge));
    const stored = await storage
      .put(plan.key, source, { contentType: type.contentType })
      .catch(fault);
    return { key: plan.key, size: stored.size, contentType: stored.contentType, fileName };
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
