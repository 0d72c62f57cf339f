import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import writeExcelFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  biffFile,
  deflatedPart,
  hasFormula,
  sheetsOf,
  storedPart,
  xlsxOf,
  zipBombs,
  zipOf,
} from './imports.fixtures';
import { readSheet, sheetLimits, writeSheet } from './spreadsheet';

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError) return error.errorKey;
    throw error;
  }
  throw new Error('not refused');
}

describe('readSheet', () => {
  it('takes the first non-empty row as the header and keeps row numbers of the data', async () => {
    const file = await xlsxOf([[], ['姓名', ' 学号 ', null], ['张三', 'S001'], [], ['李四', 7]]);
    const sheet = await readSheet(file, 'students.xlsx', { maxRows: 10 });
    expect(sheet.header).toEqual(['姓名', '学号']);
    expect(sheet.rows).toEqual([
      { row: 3, cells: ['张三', 'S001'] },
      { row: 5, cells: ['李四', '7'] },
    ]);
  });

  it('reads what a cell shows: rich text, numbers, dates, booleans and cached formula results', async () => {
    // As Excel saves it: rich text in the shared strings, a date as a serial number with a date
    // format, formulas with the result of their last calculation.
    const sheet = await readSheet(cellsWorkbook(), 'a.XLSX', { maxRows: 5 });
    expect(sheet.rows[0]!.cells).toEqual([
      '张三',
      '13912345678',
      '2024-09-01',
      'TRUE',
      '42',
      'xy',
      '0.3',
    ]);
  });

  it('reads a date with its time to the second', async () => {
    // One second in three of a day lands a float's breadth below its millisecond as a serial number.
    const times = ['00:00:01', '10:00:00', '12:34:56', '23:59:59'];
    const dates = times.map((t) => new Date(`2024-09-01T${t}Z`));
    const file = await writeExcelFile(
      [['when'], ...dates.map((d) => [{ value: d, format: 'yyyy-mm-dd hh:mm:ss' }])],
      { sheet: 'S' },
    ).toBuffer();
    const sheet = await readSheet(file, 'a.xlsx', { maxRows: 10 });
    expect(sheet.rows.map((r) => r.cells[0])).toEqual(times.map((t) => `2024-09-01 ${t}`));
  });

  it('reads the first sheet of the workbook', async () => {
    const book = await writeExcelFile([
      { sheet: 'first', data: [['h'], ['one']] },
      { sheet: 'second', data: [['other']] },
    ]).toBuffer();
    const sheet = await readSheet(book, 'a.xlsx', { maxRows: 5 });
    expect(sheet).toEqual({ header: ['h'], rows: [{ row: 2, cells: ['one'] }] });
  });

  it('passes over hidden sheets to the first visible one', async () => {
    const book = await writeExcelFile([
      { sheet: 'lists', data: [['hidden'], ['x']] },
      { sheet: 'students', data: [['h'], ['one']] },
    ]).toBuffer();
    const parts = unzipSync(new Uint8Array(book));
    parts['xl/workbook.xml'] = strToU8(
      strFromU8(parts['xl/workbook.xml']!).replace('<sheet ', '<sheet state="hidden" '),
    );
    const hidden = Buffer.from(zipSync(parts));
    expect(await readSheet(hidden, 'a.xlsx', { maxRows: 5 })).toEqual({
      header: ['h'],
      rows: [{ row: 2, cells: ['one'] }],
    });
  });

  it('keeps every Chinese character of a long sheet intact', async () => {
    const names = Array.from({ length: 5000 }, (_, i) => `学生${i}号${'张王李赵'.repeat(i % 7)}`);
    const file = await xlsxOf([['姓名', '班级'], ...names.map((n) => [n, `计算机${n.length}班`])]);
    const sheet = await readSheet(file, 'a.xlsx', { maxRows: 5000 });
    expect(sheet.rows.map((r) => r.cells[0])).toEqual(names);
    expect(sheet.rows.map((r) => r.cells[1])).toEqual(names.map((n) => `计算机${n.length}班`));
  });

  it('refuses more data rows than allowed', async () => {
    const rows = [['h'], ...Array.from({ length: 6 }, (_, i) => [`r${i}`])];
    expect(await refusal(readSheet(await xlsxOf(rows), 'a.xlsx', { maxRows: 5 }))).toBe(
      'imports.too_many_rows',
    );
    expect((await readSheet(await xlsxOf(rows), 'a.xlsx', { maxRows: 6 })).rows).toHaveLength(6);
  });

  it('reads CSV in UTF-8 (with or without BOM) and GB18030, with quoted fields', async () => {
    const text = '姓名,学号,备注\r\n"张,三",S001,"说""好""\n的"\r\n\r\n李四,S002\n';
    const expected = {
      header: ['姓名', '学号', '备注'],
      rows: [
        { row: 2, cells: ['张,三', 'S001', '说"好"\n的'] },
        { row: 4, cells: ['李四', 'S002', ''] },
      ],
    };
    const gb = Buffer.from(
      new Uint8Array([0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0xd1, 0xa7, 0xba, 0xc5, 0x0a]),
    );
    expect(await readSheet(Buffer.from(text), 'a.csv', { maxRows: 5 })).toEqual(expected);
    expect(await readSheet(Buffer.from(`\ufeff${text}`), 'a.csv', { maxRows: 5 })).toEqual(
      expected,
    );
    expect((await readSheet(gb, 'a.csv', { maxRows: 5 })).header).toEqual(['姓名', '学号']);
  });

  it('reads records ended by CRLF, LF or CR alike, and refuses quotes it would have to guess at', async () => {
    const mixed = Buffer.from('h1;h2\ra;b\r\nc;"d\re"\nf;g');
    expect((await readSheet(mixed, 'a.csv', { maxRows: 5 })).rows).toEqual([
      { row: 2, cells: ['a', 'b'] },
      { row: 3, cells: ['c', 'd\re'] },
      { row: 4, cells: ['f', 'g'] },
    ]);
    for (const text of ['h\n"a"b\n', 'h\n"a\n']) {
      expect(await refusal(readSheet(Buffer.from(text), 'a.csv', { maxRows: 5 }))).toBe(
        'imports.bad_format',
      );
    }
  });

  it('accepts an .xls that is really xlsx or tab-separated text, and refuses a binary one', async () => {
    const xlsx = await xlsxOf([['h'], ['v']]);
    expect((await readSheet(xlsx, 'old.xls', { maxRows: 5 })).rows).toEqual([
      { row: 2, cells: ['v'] },
    ]);
    const tsv = Buffer.from('姓名\t学号\n张三\tS1\n');
    expect((await readSheet(tsv, 'old.xls', { maxRows: 5 })).rows[0]!.cells).toEqual([
      '张三',
      'S1',
    ]);
    expect(await refusal(readSheet(biffFile(), 'old.xls', { maxRows: 5 }))).toBe(
      'imports.xls_binary',
    );
  });

  it('refuses other extensions and content that does not match', async () => {
    const xlsx = await xlsxOf([['h']]);
    expect(await refusal(readSheet(xlsx, 'a.txt', { maxRows: 5 }))).toBe('imports.only_excel');
    expect(await refusal(readSheet(xlsx, 'xlsx', { maxRows: 5 }))).toBe('imports.only_excel');
    expect(await refusal(readSheet(Buffer.from('a,b'), 'a.xlsx', { maxRows: 5 }))).toBe(
      'imports.bad_format',
    );
    expect(await refusal(readSheet(xlsx.subarray(0, 200), 'a.xlsx', { maxRows: 5 }))).toBe(
      'imports.bad_format',
    );
    const noWorkbook = zipOf([storedPart('word/document.xml', '<w/>')]);
    expect(await refusal(readSheet(noWorkbook, 'a.xlsx', { maxRows: 5 }))).toBe(
      'imports.bad_format',
    );
    const garbled = zipOf([
      storedPart('xl/workbook.xml', '<workbook><sheets><sheet name="S" r:id="rId1"/></sheets>'),
      storedPart(
        'xl/worksheets/sheet1.xml',
        '<worksheet><sheetData><row r="1"></c></sheetData></worksheet>',
      ),
    ]);
    expect(await refusal(readSheet(garbled, 'a.xlsx', { maxRows: 5 }))).toBe('imports.bad_format');
    expect(await refusal(readSheet(Buffer.from('<html><table>'), 'a.xls', { maxRows: 5 }))).toBe(
      'imports.bad_format',
    );
  });

  it('refuses zip bombs, honest or lying about their size, before inflating them', async () => {
    const { honest, lying } = await zipBombs(300);
    expect(honest.length).toBeLessThan(1024 * 1024);
    for (const bomb of [honest, lying]) {
      const t0 = performance.now();
      expect(await refusal(readSheet(bomb, 'bomb.xlsx', { maxRows: 5 }))).toBe(
        'imports.unsafe_file',
      );
      expect(performance.now() - t0).toBeLessThan(1000);
    }
  });

  it('refuses too many entries and a total declared size above the limit', async () => {
    const many = zipOf(
      Array.from({ length: sheetLimits.maxEntries + 1 }, (_, i) => storedPart(`f${i}.xml`, 'x')),
    );
    expect(await refusal(readSheet(many, 'a.xlsx', { maxRows: 5 }))).toBe('imports.unsafe_file');
    // Entries of 1 MB each are below the ratio check: only their sum is too much.
    const mb = deflatedPart('x', Buffer.alloc(sheetLimits.ratioFloorBytes, 'a'));
    const count = sheetLimits.maxInflatedBytes / sheetLimits.ratioFloorBytes + 1;
    const parts = Array.from({ length: count }, (_, i) => ({ ...mb, name: `f${i}.xml` }));
    expect(await refusal(readSheet(zipOf(parts), 'a.xlsx', { maxRows: 5 }))).toBe(
      'imports.unsafe_file',
    );
    expect(
      await refusal(readSheet(zipOf(parts.slice(0, count - 2)), 'a.xlsx', { maxRows: 5 })),
    ).toBe('imports.bad_format');
  });
});

describe('readSheet on generated bad input', () => {
  const names = fc.constantFrom('a.xlsx', 'a.xls', 'a.csv');
  const onlyAppErrors = async (data: Buffer, name: string) => {
    try {
      await readSheet(data, name, { maxRows: 50 });
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
    }
  };

  it('answers random bytes with rows or a translated refusal, never another error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), names, (bytes, name) =>
        onlyAppErrors(Buffer.from(bytes), name),
      ),
      { numRuns: 200 },
    );
  });

  it('answers a damaged workbook the same way', async () => {
    const file = await xlsxOf([
      ['姓名', '学号'],
      ['张三', 'S1'],
      ['李四', 'S2'],
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.nat(file.length - 1), byte: fc.nat(255) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (changes) => {
          const damaged = Buffer.from(file);
          for (const c of changes) damaged[c.at] = c.byte;
          await onlyAppErrors(damaged, 'a.xlsx');
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('writeSheet', () => {
  it('writes an xlsx whose text cells cannot start a formula', async () => {
    const file = await writeSheet(
      '学生',
      ['姓名', '值'],
      [
        ["=cmd|' /C calc'!A0", 1],
        ['+1', null],
        ['-2', -2],
        ['@SUM(A1)', 'ok'],
        ['\tx', '\rx'],
      ],
    );
    const [ws] = await sheetsOf(file);
    expect(ws!.sheet).toBe('学生');
    const cell = (row: number, col: number) => ws!.data[row - 1]![col - 1];
    expect(ws!.data[0]).toEqual(['姓名', '值']);
    expect(cell(2, 1)).toBe("'=cmd|' /C calc'!A0");
    expect(hasFormula(file)).toBe(false);
    expect(cell(3, 1)).toBe("'+1");
    expect(cell(4, 1)).toBe("'-2");
    expect(cell(4, 2)).toBe(-2);
    expect(cell(5, 1)).toBe("'@SUM(A1)");
    expect(cell(6, 1)).toBe("'\tx");
    // XML may turn the carriage return into a line feed.
    expect(cell(6, 2)).toMatch(/^'[\r\n]x$/);
    expect(cell(3, 2)).toBeNull();
  });

  it('writes the header in bold, the sheet name Excel accepts and columns as wide as their text', async () => {
    const file = await writeSheet('a/b:c', ['姓名', 'x'], [['张三'.repeat(10), 1]]);
    expect((await sheetsOf(file))[0]!.sheet).toBe('a b c');
    const parts = unzipSync(new Uint8Array(file));
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<col min="1" max="1" width="42" customWidth="1"/>');
    expect(sheet).toContain('<col min="2" max="2" width="10" customWidth="1"/>');
    // The header cell's style (its index in cellXfs) names a bold font.
    const style = Number(/<c r="A1" s="(\d+)"/.exec(sheet)?.[1]);
    const styles = strFromU8(parts['xl/styles.xml']!);
    const xfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)![1]!.match(/<xf\b[^>]*>/g)!;
    const fontId = Number(/fontId="(\d+)"/.exec(xfs[style]!)?.[1]);
    const fonts = /<fonts[^>]*>(.*?)<\/fonts>/s.exec(styles)![1]!.match(/<font>.*?<\/font>/g)!;
    expect(fonts[fontId]).toContain('<b/>');
    expect(sheet).not.toMatch(/<c r="A2" s=/);
  });
});

/** A workbook as Excel writes one, with each kind of cell in row 2. */
function cellsWorkbook(): Buffer {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const shared = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((t) => `<si><t>${t}</t></si>`).join('');
  return zipOf([
    storedPart(
      'xl/workbook.xml',
      `<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    storedPart(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    ),
    storedPart(
      'xl/sharedStrings.xml',
      `<sst xmlns="${ns}">${shared}<si><r><t>张</t></r><r><rPr><b/></rPr><t>三</t></r></si></sst>`,
    ),
    storedPart(
      'xl/styles.xml',
      `<styleSheet xmlns="${ns}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>` +
        '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>',
    ),
    storedPart(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${ns}"><sheetData><row r="1">` +
        ['A', 'B', 'C', 'D', 'E', 'F', 'G']
          .map((c, i) => `<c r="${c}1" t="s"><v>${i}</v></c>`)
          .join('') +
        '</row><row r="2"><c r="A2" t="s"><v>7</v></c><c r="B2"><v>13912345678</v></c>' +
        '<c r="C2" s="1"><v>45536</v></c><c r="D2" t="b"><v>1</v></c>' +
        '<c r="E2"><f>A9*2</f><v>42</v></c><c r="F2" t="str"><f>CONCAT("x","y")</f><v>xy</v></c>' +
        '<c r="G2"><v>0.30000000000000004</v></c></row></sheetData></worksheet>',
    ),
  ]);
}
