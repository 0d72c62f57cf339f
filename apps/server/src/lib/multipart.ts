import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { unstorableAt } from '@platform/contract';
import { AppError, invalid } from './errors';

/**
 * Multipart bodies are read by their routes, not parsed before validation: what the parser finds
 * wrong with them (no boundary, cut short, over a limit) and text PostgreSQL or a file system cannot
 * take (NUL, lone surrogates in field values and file names) is refused here, as the client's fault.
 */

type Limits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/** The refusal for a fault of the body; `tooLarge` answers a file over its size limit. */
export function uploadRefusal(error: unknown, tooLarge?: () => AppError): AppError {
  if (error instanceof AppError) return error;
  if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' && tooLarge)
    return tooLarge();
  return new AppError('common.invalid_upload', { status: 400, fields: { file: 'invalid_format' } });
}

/**
 * Errors a file part's stream met because the body was malformed or cut short. The parser emits
 * some of them on the stream without destroying it ("Part terminated early" when the last part
 * is cut off arrives that way over a socket), so `stream.errored` alone misses them: every file
 * part read through `uploadParts` records them here as soon as it is handed out.
 */
const bodyFaults = new WeakSet<object>();

function recordFaults(file: Readable) {
  file.on('error', (error: unknown) => {
    if (typeof error === 'object' && error !== null) bodyFaults.add(error);
  });
}

/** Whether `error`, met while reading `file`, is a fault of the body rather than of the server. */
export function isBodyFault(file: Readable, error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (file.errored === error || bodyFaults.has(error))
  );
}

function checkText(field: string, value: string) {
  if (unstorableAt(value) >= 0)
    throw invalid('common.invalid_characters', {
      [unstorableAt(field) >= 0 ? '_' : field]: 'invalid_characters',
    });
}

/** The parts of a multipart body, with its faults and unstorable text refused. */
export async function* uploadParts(
  req: FastifyRequest,
  limits?: Limits,
  tooLarge?: () => AppError,
): AsyncGenerator<Multipart> {
  let parts: AsyncIterator<Multipart>;
  try {
    parts = req.parts(limits ? { limits } : undefined)[Symbol.asyncIterator]();
  } catch (error) {
    throw uploadRefusal(error, tooLarge);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw uploadRefusal(error, tooLarge);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') {
      recordFaults(part.file);
      checkText('file', part.filename);
    } else {
      checkText('_', part.fieldname);
      checkText(part.fieldname, String(part.value));
    }
    yield part;
  }
}

/** Rethrows an error of a file part's stream (the body ended early) as the client's fault. */
export function fileStreamFault(file: Readable, tooLarge?: () => AppError) {
  return (error: unknown): never => {
    throw isBodyFault(file, error) ? uploadRefusal(error, tooLarge) : error;
  };
}

/** The one file of an upload, read into memory; another file beside it is refused. */
export async function readOneFile(
  req: FastifyRequest,
  opts: { maxBytes: number; tooLarge: () => AppError },
): Promise<{ fileName: string; data: Buffer }> {
  if (!req.isMultipart()) throw invalid('imports.file_required', { file: 'required' });
  let file: { fileName: string; data: Buffer } | null = null;
  const limits = { fileSize: opts.maxBytes, files: 1, fields: 5, fieldSize: 1024 };
  for await (const part of uploadParts(req, limits, opts.tooLarge)) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer().catch((error: unknown) => {
      throw uploadRefusal(error, opts.tooLarge);
    });
    file = { fileName: part.filename, data };
  }
  if (!file) throw invalid('imports.file_required', { file: 'required' });
  return file;
}
