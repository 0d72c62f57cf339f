import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/**
 * Each file holds a fixed-size header (the content type and the hash of the bytes) before the
 * bytes, so one rename publishes both together.
 */
const HEADER_SIZE = 512;
const MAGIC = 'platform-file 1\n';

/** Folder of the files being written, inside the root so a rename never crosses file systems. */
export const TEMP_DIR = '.tmp';

const codeOf = (error: unknown) => (error as { code?: unknown }).code;
const missing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(codeOf(error) as string);

/** Files in a directory of the local file system (by default `DATA_DIR/files`). */
export class LocalStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Readable, opts: { contentType: string }): Promise<StoredFile> {
    const target = this.pathOf(key);
    const contentType = checkContentType(opts.contentType);
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, `${randomUUID()}.part`);
    let handle: FileHandle | null = await open(temp, 'wx', 0o640);
    try {
      const hash = createHash('sha256');
      let position = HEADER_SIZE;
      const file = handle;
      await pipeline(body, async (source: AsyncIterable<Buffer | string>) => {
        for await (const piece of source) {
          const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
          hash.update(chunk);
          await writeAll(file, chunk, position);
          position += chunk.length;
        }
      });
      const sha256 = hash.digest('hex');
      const header = Buffer.alloc(HEADER_SIZE, 0x20);
      header.write(`${MAGIC}${JSON.stringify({ type: contentType, sha256 })}\n`);
      await writeAll(file, header, 0);
      await file.sync();
      const { mtime } = await file.stat();
      await file.close();
      handle = null;
      await publish(temp, target);
      return { size: position - HEADER_SIZE, contentType, etag: `"${sha256}"`, modified: mtime };
    } catch (error) {
      await handle?.close().catch(() => {});
      await rm(temp, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFile> {
    const handle = await this.openFile(key);
    try {
      return await describe(handle);
    } finally {
      await handle.close();
    }
  }

  async read(key: string, range?: ByteRange): Promise<FileRead> {
    const handle = await this.openFile(key);
    try {
      const file = await describe(handle);
      const span = range ? resolveRange(range, file.size) : { start: 0, end: file.size - 1 };
      if (span.end < span.start) {
        await handle.close();
        return { file, ...span, body: Readable.from([]) };
      }
      const body = handle.createReadStream({
        start: HEADER_SIZE + span.start,
        end: HEADER_SIZE + span.end,
      });
      return { file, ...span, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!missing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  private async openFile(key: string): Promise<FileHandle> {
    const file = this.pathOf(key);
    try {
      const handle = await open(file, 'r');
      if ((await handle.stat()).isFile()) return handle;
      await handle.close();
    } catch (error) {
      if (!missing(error)) throw error;
    }
    throw new StorageError('not_found');
  }
}

async function writeAll(handle: FileHandle, chunk: Buffer, position: number) {
  let done = 0;
  while (done < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, done, chunk.length - done, position + done);
    done += bytesWritten;
  }
}

/** Renames the finished file into place and makes the rename durable. */
async function publish(temp: string, target: string) {
  const folder = path.dirname(target);
  try {
    await mkdir(folder, { recursive: true });
    await rename(temp, target);
  } catch (error) {
    if (['EEXIST', 'ENOTDIR', 'EISDIR', 'ENOTEMPTY'].includes(codeOf(error) as string))
      throw new StorageError('invalid_key', undefined, { cause: error });
    throw error;
  }
  const dir = await open(folder, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

async function describe(handle: FileHandle): Promise<StoredFile> {
  const info = await handle.stat();
  const header = Buffer.alloc(HEADER_SIZE);
  const { bytesRead } = await handle.read(header, 0, HEADER_SIZE, 0);
  const text = header.subarray(0, bytesRead).toString('utf8');
  if (bytesRead < HEADER_SIZE || !text.startsWith(MAGIC))
    throw new Error('not a file written by the storage');
  const meta = JSON.parse(text.slice(MAGIC.length, text.indexOf('\n', MAGIC.length))) as {
    type: string;
    sha256: string;
  };
  return {
    size: info.size - HEADER_SIZE,
    contentType: meta.type,
    etag: `"${meta.sha256}"`,
    modified: info.mtime,
  };
}
