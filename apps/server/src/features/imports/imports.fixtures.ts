import { crc32, deflateRawSync, createDeflateRaw } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import readWorkbook from 'read-excel-file/universal';
import writeExcelFile from 'write-excel-file/node';

/** Spreadsheet and zip files for the import tests and the import benchmark. */

export interface ZipPart {
  name: string;
  /** The entry's bytes as stored (deflated when `deflated`). */
  body: Buffer;
  deflated: boolean;
  crc: number;
  /** The uncompressed size the headers declare. */
  size: number;
}

export const storedPart = (name: string, text: string): ZipPart => {
  const body = Buffer.from(text, 'utf8');
  return { name, body, deflated: false, crc: crc32(body), size: body.length };
};

export const deflatedPart = (name: string, data: Buffer): ZipPart => ({
  name,
  body: deflateRawSync(data),
  deflated: true,
  crc: crc32(data),
  size: data.length,
});

/** A zip of the parts exactly as given: its headers may claim sizes the data does not have. */
export function zipOf(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const dir: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const method = p.deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.body.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.body.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, p.body);
    dir.push(central, name);
    offset += 30 + name.length + p.body.length;
  }
  const dirSize = dir.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...dir, end]);
}

/** `megabytes` of zeros deflated (about 1 KB per MB), with their CRC, without holding them. */
export async function deflatedZeros(megabytes: number): Promise<{ body: Buffer; crc: number }> {
  const mb = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(mb, crc);
    if (!deflate.write(mb)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { body: Buffer.concat(chunks), crc };
}

const workbookParts = () => [
  storedPart(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
  storedPart(
    'xl/workbook.xml',
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  storedPart(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

/**
 * Zip bombs shaped as workbooks whose sheet inflates to `megabytes` of zeros: `honest` declares
 * that size, `lying` declares 10 KB.
 */
export async function zipBombs(megabytes: number): Promise<{ honest: Buffer; lying: Buffer }> {
  const { body, crc } = await deflatedZeros(megabytes);
  const sheet = (size: number): ZipPart => ({
    name: 'xl/worksheets/sheet1.xml',
    body,
    deflated: true,
    crc,
    size,
  });
  return {
    honest: zipOf([...workbookParts(), sheet(megabytes * 1024 * 1024)]),
    lying: zipOf([...workbookParts(), sheet(10 * 1024)]),
  };
}

/** An .xlsx of rows (the first is the header) as they are, written by write-excel-file. */
export async function xlsxOf(rows: (string | number | null)[][], sheetName = 'Sheet1') {
  return writeExcelFile(rows, { sheet: sheetName }).toBuffer();
}

/** A cell of a workbook read back: text, number, boolean, date or empty. */
export type CellValue = string | number | boolean | Date | null;

/** Every sheet of a workbook, by name, as rows of cells (read-excel-file). */
export async function sheetsOf(file: Buffer): Promise<{ sheet: string; data: CellValue[][] }[]> {
  const sheets = await readWorkbook(new Uint8Array(file).buffer, { trim: false });
  return sheets as unknown as { sheet: string; data: CellValue[][] }[];
}

/** Whether any sheet of a workbook holds a formula (an `<f>` element). */
export function hasFormula(file: Buffer): boolean {
  const parts = unzipSync(new Uint8Array(file), {
    filter: (f) => f.name.startsWith('xl/worksheets/') && f.name.endsWith('.xml'),
  });
  return Object.values(parts).some((xml) => /<(?:\w+:)?f[\s/>]/.test(strFromU8(xml)));
}

/** The first bytes of a genuine Excel 97-2003 file (an OLE compound document). */
export function biffFile(): Buffer {
  const b = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
}

/** A multipart/form-data body with one file field named `file`. */
export function multipart(fileName: string, data: Buffer) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
