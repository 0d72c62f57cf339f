import { PassThrough, Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { isImportFileName } from '@platform/contract';
import { AppError } from '../../lib/errors';

/** One non-empty data row: its 1-based row number in the sheet and its cells as trimmed text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/**
 * What a spreadsheet may unpack to. An .xlsx is a zip: it is checked with yauzl before exceljs
 * reads any of it, and exceljs only ever sees the entries inflated here.
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

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const badFormat = () => new AppError('imports.bad_format');
const unsafeFile = () => new AppError('imports.unsafe_file');

/** A file checked for type, size and zip safety, ready to be read. */
export type PreparedSheet =
  { kind: 'xlsx'; entries: XlsxEntries } | { kind: 'text'; text: string; tabbed: boolean };

/** The parts of a workbook exceljs needs to read its first sheet, inflated. */
interface XlsxEntries {
  workbookRels: Buffer | null;
  workbook: Buffer;
  sharedStrings: Buffer | null;
  styles: Buffer | null;
  sheet: Buffer;
}

/**
 * Checks a spreadsheet's name, content type and (for a zip) its entries, sizes and compression,
 * inflating what will be read. Throws AppError: imports.only_excel, imports.bad_format,
 * imports.xls_binary, imports.too_large, imports.unsafe_file.
 */
export async function prepareSheet(data: Buffer, fileName: string): Promise<PreparedSheet> {
  if (!isImportFileName(fileName)) throw new AppError('imports.only_excel');
  if (data.length > sheetLimits.maxFileBytes) {
    throw new AppError('imports.too_large', {
      status: 413,
      params: { max: Math.round(sheetLimits.maxFileBytes / 1024 / 1024) },
    });
  }
  if (data.length === 0) throw badFormat();
  if (startsWith(data, OLE_MAGIC)) throw new AppError('imports.xls_binary');
  if (startsWith(data, ZIP_MAGIC)) return { kind: 'xlsx', entries: await unzipWorkbook(data) };
  if (startsWith(data, EMPTY_ZIP_MAGIC)) throw badFormat();
  if (fileName.toLowerCase().endsWith('.xlsx')) throw badFormat();
  const text = decodeText(data);
  if (text.includes('\u0000') || /^\s*</.test(text)) throw badFormat();
  return { kind: 'text', text, tabbed: fileName.toLowerCase().endsWith('.xls') };
}

/**
 * Reads the first sheet: the first non-empty row is the header, the non-empty rows after it are
 * the data (at most `maxRows`, else imports.too_many_rows). Formulas are never evaluated: a cell
 * reads as the result Excel saved with it.
 */
export async function readPrepared(prepared: PreparedSheet, opts: { maxRows: number }) {
  return prepared.kind === 'xlsx'
    ? readXlsx(prepared.entries, opts.maxRows)
    : readDelimited(prepared.text, opts.maxRows, prepared.tabbed);
}

/** `prepareSheet` then `readPrepared`. */
export async function readSheet(
  data: Buffer,
  fileName: string,
  opts: { maxRows: number },
): Promise<Sheet> {
  return readPrepared(await prepareSheet(data, fileName), opts);
}

/**
 * An .xlsx of one sheet. Text cells that a spreadsheet program would take for a formula (they
 * begin with = + - @, a tab or a carriage return) are prefixed with an apostrophe.
 */
export async function writeSheet(
  sheetName: string,
  header: string[],
  rows: (string | number | null)[][],
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(safeSheetName(sheetName));
  sheet.columns = header.map((_, i) => ({
    width: Math.min(
      60,
      Math.max(
        10,
        displayWidth(header[i] ?? '') + 2,
        ...rows.slice(0, 200).map((r) => displayWidth(String(r[i] ?? '')) + 2),
      ),
    ),
  }));
  const head = sheet.addRow(header.map(neutralise));
  head.font = { bold: true };
  head.commit();
  for (const r of rows) sheet.addRow(r.map(neutralise)).commit();
  sheet.commit();
  await book.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** Neutralises a text cell that would start a formula (CSV/formula injection). */
export function neutralise(value: string | number | null): string | number | null {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// -------------------------------------------------------------------------------------------
// Zip checks

function startsWith(data: Buffer, magic: Buffer): boolean {
  return data.length >= magic.length && data.subarray(0, magic.length).equals(magic);
}

function isSizeError(error: unknown): boolean {
  return error instanceof Error && /too many bytes|not enough bytes/.test(error.message);
}

async function unzipWorkbook(data: Buffer): Promise<XlsxEntries> {
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
    const entries = new Map<string, yauzl.Entry>();
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
        const name = entry.fileName.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
        if (entries.has(name)) throw badFormat();
        entries.set(name, entry);
      }
    } catch (error) {
      throw error instanceof AppError ? error : badFormat();
    }
    const inflate = async (name: string): Promise<Buffer | null> => {
      const entry = entries.get(name);
      return entry ? inflateEntry(zip, entry) : null;
    };
    const workbook = await inflate('xl/workbook.xml');
    if (!workbook) throw badFormat();
    const workbookRels = await inflate('xl/_rels/workbook.xml.rels');
    const sheetName = firstSheetPath(workbook, workbookRels, [...entries.keys()]);
    const sheet = sheetName ? await inflate(sheetName) : null;
    if (!sheet) throw badFormat();
    return {
      workbook,
      workbookRels,
      sheet,
      sharedStrings: await inflate('xl/sharedstrings.xml'),
      styles: await inflate('xl/styles.xml'),
    };
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

function xmlAttr(attrs: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attrs);
  if (!m) return null;
  return (m[2] ?? m[3] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}

/** The zip path of the workbook's first visible sheet, from workbook.xml and its relationships. */
function firstSheetPath(workbook: Buffer, rels: Buffer | null, names: string[]): string | null {
  const sheetEntries = names
    .map((n) => ({ n, m: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(n) }))
    .filter((x) => x.m)
    .sort((a, b) => Number(a.m![1]) - Number(b.m![1]))
    .map((x) => x.n);
  const fallback = sheetEntries[0] ?? null;
  if (!rels) return fallback;
  const sheets = [...workbook.toString('utf8').matchAll(/<(?:[\w-]+:)?sheet\b([^>]*)>/g)].map(
    (m) => m[1]!,
  );
  const visible = sheets.filter((a) => !/^(hidden|veryHidden)$/.test(xmlAttr(a, 'state') ?? ''));
  const first = visible[0] ?? sheets[0];
  const relId = first ? xmlAttr(first, '(?:[\\w-]+:)?id') : null;
  if (!relId) return fallback;
  for (const m of rels.toString('utf8').matchAll(/<(?:[\w-]+:)?Relationship\b([^>]*)>/g)) {
    if (xmlAttr(m[1]!, 'Id') !== relId) continue;
    const target = xmlAttr(m[1]!, 'Target');
    if (!target) return fallback;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const parts: string[] = [];
    for (const part of path.split('/')) {
      if (part === '..') parts.pop();
      else if (part && part !== '.') parts.push(part);
    }
    const resolved = parts.join('/').toLowerCase();
    return names.includes(resolved) ? resolved : fallback;
  }
  return fallback;
}

/**
 * The XML with every non-ASCII character written as a character reference. exceljs's streaming
 * reader decodes each chunk it gets on its own, which garbles a multi-byte character that a chunk
 * boundary cuts; in ASCII there is nothing to cut.
 */
function asciiXml(xml: Buffer): Buffer {
  const text = xml.toString('utf8');
  if (!/[\u0080-\uffff]/.test(text)) return xml;
  return Buffer.from(
    text.replace(/[\u{80}-\u{10ffff}]/gu, (ch) => `&#${ch.codePointAt(0)};`),
    'latin1',
  );
}

/**
 * A stored (uncompressed) zip of exactly the entries exceljs needs, in the order its streaming
 * reader wants them: relationships, workbook, shared strings and styles before the sheet.
 */
function canonicalZip(e: XlsxEntries): Buffer[] {
  const files: [string, Buffer][] = [
    ['xl/_rels/workbook.xml.rels', e.workbookRels ?? Buffer.from('<Relationships/>')],
    ['xl/workbook.xml', asciiXml(e.workbook)],
    ['xl/sharedStrings.xml', e.sharedStrings ? asciiXml(e.sharedStrings) : Buffer.from('<sst/>')],
    ...(e.styles ? [['xl/styles.xml', e.styles] as [string, Buffer]] : []),
    ['xl/worksheets/sheet1.xml', asciiXml(e.sheet)],
  ];
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, body] of files) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(body);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(0, 10);
    dir.writeUInt16LE(0, 12);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(body.length, 24);
    dir.writeUInt16LE(fileName.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, fileName, body);
    central.push(dir, fileName);
    offset += local.length + fileName.length + body.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return [...parts, ...central, end];
}

/** Buffers cut into 64 KB pieces: the zip parser copies what it holds on every piece it gets. */
function* chunked(buffers: Buffer[]): Generator<Buffer> {
  for (const b of buffers) {
    for (let i = 0; i < b.length; i += 65536) yield b.subarray(i, i + 65536);
  }
}

// -------------------------------------------------------------------------------------------
// Reading

class SheetCollector {
  header: string[] | null = null;
  readonly rows: SheetRow[] = [];
  constructor(private readonly maxRows: number) {}

  /** Takes one row; false once the sheet holds more data rows than allowed. */
  add(row: number, cells: string[]) {
    let last = cells.length;
    while (last > 0 && !cells[last - 1]) last--;
    if (last === 0) return;
    if (!this.header) {
      this.header = cells.slice(0, last);
      return;
    }
    if (this.rows.length >= this.maxRows) {
      throw new AppError('imports.too_many_rows', { params: { max: this.maxRows } });
    }
    const width = Math.max(last, this.header.length);
    const out = cells.length === width ? cells : cells.slice(0, width);
    while (out.length < width) out.push('');
    this.rows.push({ row, cells: out });
  }

  result(): Sheet {
    return { header: this.header ?? [], rows: this.rows };
  }
}

async function readXlsx(entries: XlsxEntries, maxRows: number): Promise<Sheet> {
  const collector = new SheetCollector(maxRows);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from(chunked(canonicalZip(entries))),
    {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    },
  );
  try {
    for await (const worksheet of reader) {
      let counter = 0;
      for await (const row of worksheet) {
        counter = Number.isFinite(row.number) && row.number > 0 ? row.number : counter + 1;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          while (cells.length < col - 1) cells.push('');
          cells[col - 1] = cellText(cell.value, cell.numFmt);
        });
        collector.add(counter, cells);
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badFormat();
  }
  return collector.result();
}

function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  const bare = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  return h || m || s ? `${day} ${pad(h)}:${pad(m)}:${pad(s)}` : day;
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(Number(n.toPrecision(15)));
}

/** Excel's serial day number as a date (1900 date system, Excel's leap-year bug included). */
function serialToDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86400_000));
}

/** A cell's value as the text a reader sees in it. */
export function cellText(value: unknown, numFmt?: string): string {
  return rawText(value, numFmt).trim();
}

function rawText(value: unknown, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    return isDateFormat(numFmt) ? dateText(serialToDate(value)) : numberText(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text?: string }[];
      text?: unknown;
      result?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return rawText(v.result, numFmt);
    if (typeof v.error === 'string') return v.error;
    if (v.text !== undefined) return rawText(v.text, numFmt);
  }
  return '';
}

/** Text of a CSV/TSV file: UTF-8 (BOM stripped) or UTF-16 by its BOM, else GB18030. */
export function decodeText(data: Buffer): string {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(data.subarray(3));
  }
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(data.subarray(2));
  }
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(data.subarray(2));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/** The separator of a delimited text: the most frequent of comma, tab and semicolon in its first line. */
function delimiterOf(text: string, tabbed: boolean): string {
  const end = text.search(/[\r\n]/);
  const line = end < 0 ? text : text.slice(0, end);
  const unquoted = line.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  const candidates = tabbed ? ['\t', ',', ';'] : [',', '\t', ';'];
  let best = candidates[0]!;
  for (const c of candidates) if (count(c) > count(best)) best = c;
  return best;
}

/** RFC 4180 fields: quoted fields may hold separators, quotes ("") and line breaks. */
function readDelimited(text: string, maxRows: number, tabbed: boolean): Sheet {
  const sep = delimiterOf(text, tabbed);
  const collector = new SheetCollector(maxRows);
  let row = 1;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    cells.push(field.trim());
    field = '';
  };
  const endRow = () => {
    endField();
    collector.add(row++, cells);
    cells = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === sep) {
      endField();
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== '' || cells.length > 0) endRow();
  return collector.result();
}

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
function safeSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Column width in Excel's units: CJK characters count double. */
function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\uffff]/.test(ch) ? 2 : 1;
  return w;
}
