import type { Readable } from 'node:stream';

/** What a stored file is, without its bytes. */
export interface StoredFile {
  size: number;
  contentType: string;
  /** Changes whenever the bytes do; quoted, as HTTP sends it. */
  etag: string;
  modified: Date;
}

/**
 * Bytes to read: from `start` to `end` inclusive (`end` past the last byte stops at the last
 * byte, as in HTTP), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface FileRead {
  file: StoredFile;
  /** The bytes the body holds, both ends inclusive; the whole file when no range was asked. */
  start: number;
  end: number;
  /** Holds a file handle or a connection until it is read to its end or destroyed. */
  body: Readable;
}

/**
 * Files by key. A put is all or nothing: a source that fails or ends early leaves no object and no
 * temporary file, and readers see either the old file or the whole new one.
 */
export interface FileStorage {
  /** Streams `body` into the key, replacing what was there; answers what this put stored. */
  put(key: string, body: Readable, opts: { contentType: string }): Promise<StoredFile>;
  stat(key: string): Promise<StoredFile>;
  read(key: string, range?: ByteRange): Promise<FileRead>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type StorageErrorReason = 'not_found' | 'invalid_key' | 'range' | 'invalid_type';

export class StorageError extends Error {
  constructor(
    readonly reason: StorageErrorReason,
    /** For `range`: the file's size, for `Content-Range: bytes *\/size`. */
    readonly size?: number,
    options?: ErrorOptions,
  ) {
    super(`storage ${reason}`, options);
    this.name = 'StorageError';
  }
}

const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
export const MAX_KEY_LENGTH = 512;

/**
 * A key is `/`-separated segments of letters, digits, `.`, `_` and `-`, none starting with a
 * dot: no absolute paths, no `..`, no empty segments, nothing a file system or a URL reads
 * differently, so no key leaves its root or bucket.
 */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new StorageError('invalid_key');
  for (const part of key.split('/')) {
    if (!segment.test(part)) throw new StorageError('invalid_key');
  }
  return key;
}

/** A MIME type such as `image/png` or `text/plain; charset=utf-8`, printable ASCII only. */
export function checkContentType(type: string): string {
  if (
    typeof type !== 'string' ||
    type.length > 200 ||
    !/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[\x20-\x7e]*"|[\w.+-]+))*$/.test(type)
  )
    throw new StorageError('invalid_type');
  return type;
}

/** The inclusive byte span a range asks of a file of `size` bytes; unsatisfiable throws `range`. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  const isCount = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 0);
  if ('suffix' in range) {
    if (!isCount(range.suffix) || range.suffix === 0 || size === 0)
      throw new StorageError('range', size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  const { start, end } = range;
  if (!isCount(start) || !isCount(end) || start >= size || (end !== undefined && end < start))
    throw new StorageError('range', size);
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}
