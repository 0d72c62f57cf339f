import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collegesApi } from '@platform/contract';
import { schools } from '../../db/schema';
import { collegesSuite } from '../../test/colleges-fixture';
import { sheetsOf, xlsxOf } from '../imports/imports.fixtures';

const suite = collegesSuite();
const { token, addCollege, upload } = suite;

describe('school import', () => {
  it('creates the good rows and reports every bad cell of the others', async () => {
    const t = token();
    const existing = await addCollege();
    const data = await xlsxOf([
      ['学校名称', '学校地址前缀', '类型', '省份', '城市', '地址', '学生账号上限'],
      [`导入大学 ${t}`, `imp_a_${t}`, '本科院校', '广东', '深圳市', '南山区科技园', 500],
      [
        `Import College ${t}`,
        `IMP_B_${t}`,
        'Higher vocational college',
        'Beijing',
        'Haidian District',
        '',
        '',
      ],
      [`Third ${t}`, `imp_c_${t}`, 5, '440000', '440100', '', '0'],
      ['X', 'bad url', '大学', '火星', '深圳', 'ab', '-1'],
      [`Taken ${t}`, existing.url, '4', '广东省', '北京', '', ''],
      [`Twice ${t}`, `imp_a_${t}`, '1', '广东省', '', '', ''],
      ['', '', '', '', '', '', ''],
    ]);
    const res = await upload('schools.xlsx', data);
    expect(res.code, res.message).toBe(200);
    expect(res.data).toMatchObject({ succeeded: 3, failed: 3 });
    expect(res.data.errors.map((e) => [e.row, e.field, e.errorKey])).toEqual([
      [5, 'name', 'too_short'],
      [5, 'url', 'invalid_format'],
      [5, 'type', 'colleges.type_unknown'],
      [5, 'province', 'colleges.province_unknown'],
      [5, 'address', 'too_short'],
      [5, 'maxStudents', 'invalid_value'],
      [6, 'city', 'colleges.city_unknown'],
      [7, 'url', 'colleges.url_taken'],
    ]);
    expect(res.data.errors.find((e) => e.row === 7)).toMatchObject({
      value: `imp_a_${t}`,
      message: 'This URL prefix is already used',
    });

    const created = await suite.h.ctx.db
      .select()
      .from(schools)
      .where(inArray(schools.url, [`imp_a_${t}`, `imp_b_${t}`, `imp_c_${t}`]));
    const byUrl = new Map(created.map((s) => [s.url, s]));
    expect(byUrl.get(`imp_a_${t}`)).toMatchObject({
      name: `导入大学 ${t}`,
      type: 1,
      province: '440000',
      city: '440300',
      address: '南山区科技园',
      maxStudents: 500,
      enabled: true,
    });
    expect(byUrl.get(`imp_b_${t}`)).toMatchObject({ type: 2, province: '110000', city: '110108' });
    expect(byUrl.get(`imp_c_${t}`)).toMatchObject({ type: 5, city: '440100', maxStudents: 0 });
    const refused = await suite.h.ctx.db
      .select()
      .from(schools)
      .where(eq(schools.name, `Taken ${t}`));
    expect(refused).toEqual([]);
  });

  it('reads English headers and csv files, and refuses files it cannot use', async () => {
    const t = token();
    const csv = Buffer.from(
      `name,url,type,province,city\nCsv College ${t},csv_${t},Other,Zhejiang,Hangzhou\n`,
    );
    const ok = await upload('schools.csv', csv);
    expect(ok.data).toEqual({ succeeded: 1, failed: 0, errors: [] });

    const missing = await upload('s.csv', Buffer.from('name,city\nA school,Hangzhou\n'), {
      lang: 'zh',
    });
    expect(missing).toMatchObject({
      status: 400,
      errorKey: 'colleges.import_missing_columns',
      message: '导入文件缺少必需的列：学校地址前缀、类型、省份',
    });
    const empty = await upload('s.csv', Buffer.from('name,url,type,province\n'));
    expect(empty).toMatchObject({ status: 400, errorKey: 'colleges.import_empty' });
    const pdf = await upload('schools.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf).toMatchObject({ status: 400, message: 'Only Excel files allowed' });
    const big = await upload('big.csv', Buffer.alloc(2 * 1024 * 1024 + 10, 'a'));
    expect(big).toMatchObject({ status: 413, errorKey: 'imports.too_large' });
    const none = await suite.h.app.inject({
      method: 'POST',
      url: collegesApi.import.path,
      headers: { ...suite.w.operator.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.json()).toMatchObject({ code: 9000, errorKey: 'imports.file_required' });
  });

  it('answers the template with the header in the caller’s language', async () => {
    for (const [lang, first, name] of [
      ['zh', '学校名称', '学校导入模板.xlsx'],
      ['en', 'name', 'college-import-template.xlsx'],
    ] as const) {
      const res = await suite.h.app.inject({
        method: 'GET',
        url: collegesApi.importTemplate.path,
        headers: { ...suite.w.operator.headers, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      const [sheet] = await sheetsOf(Buffer.from(res.rawPayload));
      const header = sheet!.data[0]!;
      expect(header[0]).toBe(first);
      expect(header.filter(Boolean)).toHaveLength(7);
    }
  });
});
