import { pipeline, Readable, Transform } from 'node:stream';
import { inspect } from 'node:util';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  checkContentType,
  checkKey,
  resolveRange,
  StorageError,
  type ByteRange,
  type FileRead,
  type FileStorage,
  type StoredFile,
} from './storage';

export interface S3Options {
  /** The service's URL, such as `https://s3.example.com`; unset, AWS's own for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`, as most non-AWS servers need. */
  forcePathStyle: boolean;
}

/**
 * The smallest part S3 takes, sent one at a time: a put holds about three parts in memory (the one
 * on the wire, the next being filled and its copy), however large the file.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;

/** Files in a bucket of an S3-compatible service. */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // Checksums on every request are AWS's default since 2025; several S3-compatible servers
      // refuse or mishandle them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  [inspect.custom]() {
    return `S3Storage { bucket: ${JSON.stringify(this.bucket)} }`;
  }

  async put(key: string, body: Readable, opts: { contentType: string }): Promise<StoredFile> {
    checkKey(key);
    const contentType = checkContentType(opts.contentType);
    let size = 0;
    // A failure of the source reaches the upload as a failure of `counted`.
    const counted = pipeline(
      body,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
      () => {},
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const { ETag: etag } = await upload.done();
    // Another put of the key may have landed since: then this one's own figures are the answer.
    const current = await this.stat(key).catch(() => null);
    if (etag && current?.etag === etag) return current;
    return { size, contentType, etag: etag ?? '""', modified: new Date() };
  }

  async stat(key: string): Promise<StoredFile> {
    checkKey(key);
    const head = await this.call(() =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })),
    );
    return {
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? 'application/octet-stream',
      etag: head.ETag ?? '""',
      modified: head.LastModified ?? new Date(0),
    };
  }

  /**
   * A range is resolved against the size first and asked for as an explicit span of that very
   * version (`If-Match`), so every server answers the same bytes for the same range.
   */
  async read(key: string, range?: ByteRange): Promise<FileRead> {
    checkKey(key);
    if (!range) {
      const got = await this.call(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
      );
      const file: StoredFile = {
        size: got.ContentLength ?? 0,
        contentType: got.ContentType ?? 'application/octet-stream',
        etag: got.ETag ?? '""',
        modified: got.LastModified ?? new Date(0),
      };
      return { file, start: 0, end: file.size - 1, body: got.Body as Readable };
    }
    for (let attempt = 1; ; attempt++) {
      const file = await this.stat(key);
      const span = resolveRange(range, file.size);
      try {
        const got = await this.call(() =>
          this.client.send(
            new GetObjectCommand({
              Bucket: this.bucket,
              Key: key,
              Range: `bytes=${span.start}-${span.end}`,
              IfMatch: file.etag,
            }),
          ),
        );
        return { file, ...span, body: exactly(got, span) };
      } catch (error) {
        const replaced =
          error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412;
        if (!replaced || attempt === 3) throw error;
      }
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.call(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.reason === 'not_found') return false;
      throw error;
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        throw new StorageError('not_found', undefined, { cause: error });
      throw error;
    }
  }
}

/**
 * The body of a ranged GET, cut to the span asked for when the server answered more (some
 * S3-compatible servers ignore a range, or read `bytes=0-0` as the whole object).
 */
function exactly(
  got: { Body?: unknown; ContentRange?: string },
  span: { start: number; end: number },
): Readable {
  const body = got.Body as Readable;
  const answered = /^bytes (\d+)-(\d+)\//.exec(got.ContentRange ?? '');
  if (answered && Number(answered[1]) === span.start && Number(answered[2]) === span.end)
    return body;
  const skip = span.start - (answered ? Number(answered[1]) : 0);
  if (skip < 0) throw new Error(`asked for bytes from ${span.start}, got ${got.ContentRange}`);
  return Readable.from(cut(body, skip, span.end - span.start + 1));
}

async function* cut(source: AsyncIterable<Buffer>, skip: number, length: number) {
  let offset = 0;
  let left = length;
  for await (const chunk of source) {
    const from = Math.max(0, skip - offset);
    offset += chunk.length;
    if (from >= chunk.length) continue;
    const piece = chunk.subarray(from, from + left);
    left -= piece.length;
    yield piece;
    if (left === 0) return;
  }
}
