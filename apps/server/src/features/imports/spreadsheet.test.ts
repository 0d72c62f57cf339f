import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { biffFile, deflatedPart, storedPart, xlsxOf, zipBombs, zipOf } from './imports.fixtures';
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
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('S');
    ws.addRow(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    ws.addRow([
      { richText: [{ text: '张' }, { text: '三', font: { bold: true } }] },
      13912345678,
      new Date(Date.UTC(2024, 8, 1)),
      true,
      { formula: 'A9*2', result: 42 },
      { formula: 'CONCAT("x","y")', result: 'xy' },
      0.1 + 0.2,
    ]);
    ws.getCell('C2').numFmt = 'yyyy-mm-dd';
    const sheet = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 'a.XLSX', {
      maxRows: 5,
    });
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

  it('reads the first sheet of the workbook', async () => {
    const book = new ExcelJS.Workbook();
    const first = book.addWorksheet('first');
    first.addRow(['h']);
    first.addRow(['one']);
    book.addWorksheet('second').addRow(['other']);
    const sheet = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 'a.xlsx', {
      maxRows: 5,
    });
    expect(sheet).toEqual({ header: ['h'], rows: [{ row: 2, cells: ['one'] }] });
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
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(file).buffer);
    const ws = book.worksheets[0]!;
    expect(ws.name).toBe('学生');
    expect(ws.getRow(1).values).toEqual([undefined, '姓名', '值']);
    expect(ws.getCell('A2').value).toBe("'=cmd|' /C calc'!A0");
    expect(ws.getCell('A2').formula).toBeUndefined();
    expect(ws.getCell('A3').value).toBe("'+1");
    expect(ws.getCell('A4').value).toBe("'-2");
    expect(ws.getCell('B4').value).toBe(-2);
    expect(ws.getCell('A5').value).toBe("'@SUM(A1)");
    expect(ws.getCell('A6').value).toBe("'\tx");
    // XML turns the carriage return into a line feed.
    expect(ws.getCell('B6').value).toMatch(/^'[\r\n]x$/);
    expect(ws.getCell('B3').value).toBeNull();
  });
});
