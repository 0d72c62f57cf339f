import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors';

/**
 * What a spreadsheet may unpack to. An .xlsx is a zip: yauzl checks it before any reader sees a
 * byte of it, and the reader only ever sees the parts inflated here.
 */
export const sheetLimits = {
  maxEntries: 200,
  /** Sum of the declared uncompressed sizes of all entries. */
  maxInflatedBytes: 50 * 1024 * 1024,
  /** Inflated / compressed, checked for entries above `ratioFloorBytes`. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  /** The file itself; routes set their own, smaller limit on uploads. */
  maxFileBytes: 50 * 1024 * 1024,
} as const;

/** The XML parts of a workbook (the only parts a reader reads), inflated, by their path. */
export type WorkbookParts = Record<string, Uint8Array>;

export const badFormat = () => new AppError('imports.bad_format');
const unsafeFile = () => new AppError('imports.unsafe_file');

/** A part a reader reads: XML and XML relationships, not images, printer settings and the like. */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

function isSizeError(error: unknown): boolean {
  return error instanceof Error && /too many bytes|not enough bytes/.test(error.message);
}

/**
 * Checks a zip's central directory (entry count, declared sizes, compression ratio) and inflates
 * its XML parts, each to exactly the size it declares. Throws AppError: imports.unsafe_file for a
 * zip that would unpack to more than `sheetLimits` allow or that lies about its sizes,
 * imports.bad_format for one that is not a workbook.
 */
export async function unzipWorkbook(data: Buffer): Promise<WorkbookParts> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch {
    throw badFormat();
  }
  try {
    if (zip.entryCount > sheetLimits.maxEntries) throw unsafeFile();
    const parts = new Map<string, yauzl.Entry>();
    const seen = new Set<string>();
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        declared += entry.uncompressedSize;
        if (declared > sheetLimits.maxInflatedBytes) throw unsafeFile();
        if (
          entry.uncompressedSize > sheetLimits.ratioFloorBytes &&
          entry.uncompressedSize > Math.max(entry.compressedSize, 1) * sheetLimits.maxRatio
        ) {
          throw unsafeFile();
        }
        const name = entry.fileName.replace(/\\/g, '/').replace(/^\/+/, '');
        if (seen.has(name.toLowerCase())) throw badFormat();
        seen.add(name.toLowerCase());
        if (isXmlPart(name)) parts.set(name, entry);
      }
    } catch (error) {
      throw error instanceof AppError ? error : badFormat();
    }
    if (!parts.has('xl/workbook.xml')) throw badFormat();
    const inflated: WorkbookParts = {};
    for (const [name, entry] of parts) inflated[name] = await inflateEntry(zip, entry);
    return inflated;
  } finally {
    zip.close();
  }
}

/** Inflates one entry; yauzl checks that it inflates to exactly its declared size. */
async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw badFormat();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.uncompressedSize) throw unsafeFile();
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof AppError) throw error;
    throw isSizeError(error) ? unsafeFile() : badFormat();
  }
  return Buffer.concat(chunks, size);
}
