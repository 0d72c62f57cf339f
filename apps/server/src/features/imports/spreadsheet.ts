import { parse as parseCsv } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { readSheet as readXlsxSheet } from 'read-excel-file/universal';
import { Parser as XmlParser } from 'saxen';
import writeExcelFile, { type Cell } from 'write-excel-file/node';
import { isImportFileName } from '@platform/contract';
import { AppError } from '../../lib/errors';
import { badFormat, sheetLimits, unzipWorkbook, type WorkbookParts } from './spreadsheet.zip-check';

export { sheetLimits } from './spreadsheet.zip-check';

/** One non-empty data row: its 1-based row number in the sheet and its cells as trimmed text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A file checked for type, size and zip safety, ready to be read. */
export type PreparedSheet =
  { kind: 'xlsx'; parts: WorkbookParts } | { kind: 'text'; text: string; tabbed: boolean };

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
  if (startsWith(data, ZIP_MAGIC)) return { kind: 'xlsx', parts: await unzipWorkbook(data) };
  if (startsWith(data, EMPTY_ZIP_MAGIC)) throw badFormat();
  if (fileName.toLowerCase().endsWith('.xlsx')) throw badFormat();
  const text = decodeText(data);
  if (text.includes('\u0000') || /^\s*</.test(text)) throw badFormat();
  return { kind: 'text', text, tabbed: fileName.toLowerCase().endsWith('.xls') };
}

/**
 * Reads the first visible sheet: the first non-empty row is the header, the non-empty rows after
 * it are the data (at most `maxRows`, else imports.too_many_rows). Formulas are never evaluated:
 * a cell reads as the result Excel saved with it.
 */
export async function readPrepared(prepared: PreparedSheet, opts: { maxRows: number }) {
  return prepared.kind === 'xlsx'
    ? readXlsx(prepared.parts, opts.maxRows)
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
 * An .xlsx of one sheet with a bold header row and columns as wide as their first 200 rows. Text
 * cells that a spreadsheet program would take for a formula (they begin with = + - @, a tab or a
 * carriage return) are prefixed with an apostrophe.
 */
export async function writeSheet(
  sheetName: string,
  header: string[],
  rows: (string | number | null)[][],
): Promise<Buffer> {
  const columns = header.map((title, i) => ({
    width: Math.min(
      60,
      Math.max(
        10,
        displayWidth(title) + 2,
        ...rows.slice(0, 200).map((r) => displayWidth(String(r[i] ?? '')) + 2),
      ),
    ),
  }));
  const data: Cell[][] = [
    header.map((title) => ({ value: neutraliseText(title), fontWeight: 'bold' as const })),
    ...rows.map((r) => r.map(neutralise)),
  ];
  return writeExcelFile(data, { sheet: safeSheetName(sheetName), columns }).toBuffer();
}

/** Neutralises a text cell that would start a formula (CSV/formula injection). */
export function neutralise(value: string | number | null): string | number | null {
  return typeof value === 'string' ? neutraliseText(value) : value;
}

function neutraliseText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function startsWith(data: Buffer, magic: Buffer): boolean {
  return data.length >= magic.length && data.subarray(0, magic.length).equals(magic);
}

// -------------------------------------------------------------------------------------------
// Reading

/** A cell as read-excel-file reads it (its typings name the Date constructor for a date). */
type CellValue = string | number | boolean | Date | null;

class SheetCollector {
  header: string[] | null = null;
  readonly rows: SheetRow[] = [];
  constructor(private readonly maxRows: number) {}

  /** Takes one row; throws once the sheet holds more data rows than allowed. */
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

/**
 * The first visible sheet's position (1-based, in workbook order) among the workbook's sheets,
 * counted as read-excel-file counts them: `<sheet>` elements that have a name.
 */
function firstVisibleSheet(workbookXml: Uint8Array): number {
  const sheets: boolean[] = [];
  const parser = new XmlParser();
  parser.on('openTag', (element, attributes, decode) => {
    if (element.replace(/^[\w.-]+:/, '') !== 'sheet') return;
    const attrs = attributes();
    if (!attrs.name) return;
    sheets.push(!/^(hidden|veryHidden)$/.test(decode(attrs.state ?? '')));
  });
  try {
    parser.parse(new TextDecoder().decode(workbookXml));
  } catch {
    // The reader refuses the workbook on its own.
    return 1;
  }
  return sheets.indexOf(true) + 1 || 1;
}

async function readXlsx(parts: WorkbookParts, maxRows: number): Promise<Sheet> {
  let data: CellValue[][];
  try {
    // A zip of the checked parts only, stored: the reader never sees the uploaded zip itself.
    const zip = zipSync(parts, { level: 0 });
    const whole = zip.byteOffset === 0 && zip.byteLength === zip.buffer.byteLength;
    data = (await readXlsxSheet(
      whole ? zip.buffer : zip.slice().buffer,
      firstVisibleSheet(parts['xl/workbook.xml']!),
      { trim: false },
    )) as unknown as CellValue[][];
  } catch {
    throw badFormat();
  }
  // A first sheet that holds no cells at all (a chart sheet) has no data.
  if (!Array.isArray(data)) throw badFormat();
  const collector = new SheetCollector(maxRows);
  for (const [i, cells] of data.entries()) collector.add(i + 1, cells.map(cellText));
  return collector.result();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  // The reader rounds a date's serial number down to the millisecond: a time Excel holds as a
  // whole second can come out a millisecond short of it.
  const d = date.getUTCMilliseconds() === 999 ? new Date(date.getTime() + 1) : date;
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

/**
 * A cell's value as the text a reader sees in it: dates as 2024-09-01 (with the time when it has
 * one), numbers without float noise (0.1 + 0.2 is 0.3), booleans as TRUE and FALSE.
 */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return dateText(value);
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

/**
 * RFC 4180 records: quoted fields may hold separators, quotes ("") and line breaks; a record ends
 * at CRLF, LF or CR, and each record (an empty line too) is one row.
 */
function readDelimited(text: string, maxRows: number, tabbed: boolean): Sheet {
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: delimiterOf(text, tabbed),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    });
  } catch {
    throw badFormat();
  }
  const collector = new SheetCollector(maxRows);
  for (const [i, cells] of records.entries()) collector.add(i + 1, cells.map(cellText));
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
