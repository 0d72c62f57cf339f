import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type ImportJob, importsApi } from '@platform/contract';
import { buildApp } from '../../app';
import { classes, importJobs, roles, schools, userRoles, users } from '../../db/schema';
import { createSchool, passwordGrant, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { biffFile, hasFormula, multipart, sheetsOf, xlsxOf, zipBombs } from './imports.fixtures';
import { readSheet } from './spreadsheet';

let h: Harness;
type Account = Awaited<ReturnType<typeof signedIn>>;

const header = ['姓名', '学号', '性别', '手机号', '班级', '密码'];

async function createClass(schoolId: string, name: string, archived = false) {
  const id = h.ctx.ids.next();
  await h.ctx.db
    .insert(classes)
    .values({ id, schoolId, name, ...(archived ? { archivedAt: h.ctx.now() } : {}) });
  return id;
}

/** A school with a class, its administrator, a teacher and a student. */
async function school(maxStudents = 0) {
  const s = await createSchool(h.ctx, { maxStudents });
  const classId = await createClass(s.id, '计算机2401');
  const admin = await signedIn(h.app, h.ctx, { schoolId: s.id, roles: ['school-manager'] });
  const teacher = await signedIn(h.app, h.ctx, { schoolId: s.id, roles: ['teacher'] });
  const student = await signedIn(h.app, h.ctx, { schoolId: s.id, roles: ['student'] });
  await h.ctx.db.update(users).set({ kind: 1, classId }).where(eq(users.id, student.id));
  return { id: s.id, classId, admin, teacher, student };
}

let counter = 0;
/** Student numbers no other test uses (logins are unique platform-wide). */
const stuNo = () => `T${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

function upload(by: Account, fileName: string, data: Buffer, lang = 'zh') {
  const body = multipart(fileName, data);
  return h.app.inject({
    method: 'POST',
    url: importsApi.studentsImport.path,
    headers: { ...by.headers, ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
}

async function jobOf(by: Account, id: string, lang = 'en') {
  const res = await h.app.inject({
    method: 'GET',
    url: pathOf(importsApi.job.path, { id }),
    headers: { ...by.headers, 'accept-language': lang },
  });
  return res;
}

/** Uploads and waits for the job to finish. */
async function importFile(by: Account, fileName: string, data: Buffer): Promise<ImportJob> {
  const res = await upload(by, fileName, data);
  expect(res.json(), res.body).toMatchObject({ code: 200, data: { status: 'running' } });
  const id = (res.json().data as ImportJob).id;
  for (let i = 0; i < 500; i++) {
    const job = (await jobOf(by, id)).json().data as ImportJob;
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}

async function studentsOf(schoolId: string) {
  return h.ctx.db.select().from(users).where(eq(users.schoolId, schoolId));
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('student import', () => {
  it('creates the students of a good file; they sign in with the default or their own password', async () => {
    const s = await school();
    const [a, b] = [stuNo(), stuNo()];
    const file = await xlsxOf([
      header,
      ['张三', a, '男', '13800000001', '计算机2401', ''],
      ['Li Si', b, 'female', '', '计算机2401', 'Own_pass1'],
    ]);
    const job = await importFile(s.teacher, '学生名单.xlsx', file);
    expect(job).toMatchObject({
      status: 'done',
      fileName: '学生名单.xlsx',
      total: 2,
      processed: 2,
      succeeded: 2,
      failed: 0,
      errors: [],
      errorKey: null,
    });
    const created = (await studentsOf(s.id)).filter((u) => u.stuNo === a || u.stuNo === b);
    expect(created.map((u) => [u.username, u.name, u.sex, u.phone, u.kind, u.classId])).toEqual(
      expect.arrayContaining([
        [a, '张三', 1, '13800000001', 1, s.classId],
        [b, 'Li Si', 2, null, 1, s.classId],
      ]),
    );
    expect((await passwordGrant(h.app, a, h.ctx.config.defaultPassword)).json().code).toBe(200);
    expect((await passwordGrant(h.app, b.toLowerCase(), 'Own_pass1')).json().code).toBe(200);
    const granted = await h.ctx.db
      .select({ code: roles.code, tenantId: roles.tenantId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        inArray(
          userRoles.userId,
          created.map((u) => u.id),
        ),
      );
    expect(granted).toEqual([
      { code: 'student', tenantId: h.ctx.config.webClientId },
      { code: 'student', tenantId: h.ctx.config.webClientId },
    ]);
  });

  it('reports bad rows with their reasons and keeps the good ones', async () => {
    const s = await school();
    await createClass(s.id, '归档班', true);
    const [good, dup, other, late] = [stuNo(), stuNo(), stuNo(), stuNo()];
    const english = [...header];
    english.splice(0, 6, 'Name', 'stuNo', 'Gender', 'Phone', 'Class', 'Password');
    const file = await xlsxOf([
      english,
      ['王五', good, '男', '13800000002', '计算机2401', ''],
      ['赵六', dup, '女', '12345', '计算机2401', ''],
      ['钱七', dup, '男', '', '计算机2401', ''],
      ['孙八', s.admin.username, '男', '', '计算机2401', ''],
      ['周九', other, '未知', '', '不存在的班', ''],
      ['吴', late, '女', '', '归档班', 'bad pass'],
      ['', '', '', '', '', ''],
      ['郑十', '', '男', '', '计算机2401', ''],
    ]);
    const job = await importFile(s.admin, 'rows.xlsx', file);
    expect(job).toMatchObject({ status: 'done', total: 7, succeeded: 1, failed: 6 });
    expect(job.errors.map((e) => [e.row, e.field, e.errorKey, e.value])).toEqual([
      [3, 'phone', 'imports.phone_invalid', '12345'],
      [4, 'stuNo', 'imports.stu_no_repeated', dup],
      [5, 'stuNo', 'imports.username_taken', s.admin.username],
      [6, 'gender', 'imports.gender_invalid', '未知'],
      [6, 'class', 'imports.class_not_found', '不存在的班'],
      [7, 'name', 'imports.name_invalid', '吴'],
      [7, 'class', 'imports.class_not_found', '归档班'],
      [7, 'password', 'imports.password_invalid', ''],
      [9, 'stuNo', 'imports.required', ''],
    ]);
    expect(job.errors[0]!.message).toBe('Invalid mobile phone number');
    const numbers = (await studentsOf(s.id)).map((u) => u.stuNo);
    expect(numbers).toContain(good);
    expect(numbers).not.toContain(dup);

    // The same file again: the student numbers imported before are now taken in this school.
    const again = await importFile(s.admin, 'rows.xlsx', file);
    expect(again.errors.find((e) => e.row === 2)).toMatchObject({
      field: 'stuNo',
      errorKey: 'imports.stu_no_exists',
    });
    expect(again.succeeded).toBe(0);

    const report = await h.app.inject({
      method: 'GET',
      url: pathOf(importsApi.jobErrors.path, { id: job.id }),
      headers: { ...s.admin.headers, 'accept-language': 'zh' },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`导入错误报告-${job.id}.xlsx`)}`,
    );
    const sheet = await readSheet(Buffer.from(report.rawPayload), 'r.xlsx', { maxRows: 100 });
    expect(sheet.header).toEqual(['行号', '列', '值', '原因']);
    expect(sheet.rows[0]!.cells).toEqual(['3', '手机号', '12345', '手机号格式不正确']);
    expect(sheet.rows).toHaveLength(9);
  });

  it('reads CSV in UTF-8 and in GB18030 (as Chinese Excel saves it)', async () => {
    const s = await school();
    const [a, b] = [stuNo(), stuNo()];
    const utf8 = Buffer.from(`\ufeff${header.join(',')}\r\n张三,${a},男,,计算机2401,\r\n`);
    expect(await importFile(s.admin, 'a.csv', utf8)).toMatchObject({ succeeded: 1, failed: 0 });
    const gbText = `${header.join(',')}\r\n李四,${b},女,13900000000,计算机2401,\r\n`;
    const gb = gb18030(gbText);
    expect(await importFile(s.admin, 'b.csv', gb)).toMatchObject({ succeeded: 1, failed: 0 });
    const names = (await studentsOf(s.id)).map((u) => u.name);
    expect(names).toEqual(expect.arrayContaining(['张三', '李四']));
  });

  it('refuses at once: another extension, a binary .xls, a broken file, a zip bomb, a file too large', async () => {
    const s = await school();
    const xlsx = await xlsxOf([header]);
    const cases: [string, Buffer, number, string][] = [
      ['students.txt', xlsx, 400, 'imports.only_excel'],
      ['old.xls', biffFile(), 400, 'imports.xls_binary'],
      ['broken.xlsx', xlsx.subarray(0, 300), 400, 'imports.bad_format'],
    ];
    for (const [name, data, status, key] of cases) {
      const res = await upload(s.admin, name, data, 'en');
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ code: 9000, errorKey: key });
    }
    expect((await upload(s.admin, 'a.txt', xlsx)).json().message).toBe('仅支持 Excel 文件');

    const { honest, lying } = await zipBombs(300);
    for (const bomb of [honest, lying]) {
      const t0 = performance.now();
      const res = await upload(s.admin, 'bomb.xlsx', bomb);
      expect(performance.now() - t0).toBeLessThan(1000);
      expect(res.json()).toMatchObject({ code: 9000, errorKey: 'imports.unsafe_file' });
    }

    const line = `${'学生,'.repeat(20)}\n`;
    const justUnder = Buffer.from(
      line.repeat(Math.floor((4.9 * 1024 * 1024) / Buffer.byteLength(line))),
    );
    const accepted = await upload(s.admin, 'under.csv', justUnder);
    expect(accepted.json(), accepted.body).toMatchObject({
      code: 200,
      data: { status: 'running' },
    });

    const big = Buffer.concat([xlsx, Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await upload(s.admin, 'big.xlsx', big, 'en');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      errorKey: 'imports.too_large',
      message: 'The file is too large; the maximum is 5 MB',
    });
    // Without a length up front the upload is cut at the limit.
    const body = multipart('big.xlsx', big);
    const chunked = await h.app.inject({
      method: 'POST',
      url: importsApi.studentsImport.path,
      headers: { ...s.admin.headers, ...body.headers },
      payload: Readable.from([body.payload]),
    });
    expect(chunked.statusCode).toBe(413);
    expect((await studentsOf(s.id)).filter((u) => u.kind === 1)).toHaveLength(1);
  });

  it('fails the job of a file whose rows cannot be read, with the reason', async () => {
    const s = await school();
    const noHeader = await xlsxOf([
      ['a', 'b'],
      ['1', '2'],
    ]);
    const job = await importFile(s.admin, 'x.xlsx', noHeader);
    expect(job).toMatchObject({
      status: 'failed',
      errorKey: 'imports.bad_header',
      errorMessage:
        'The header row does not match the import template; download the template and fill it in',
    });
    expect(await importFile(s.admin, 'empty.csv', Buffer.from('\r\n\r\n'))).toMatchObject({
      status: 'failed',
      errorKey: 'imports.empty',
    });
    expect(await importFile(s.admin, 'header.csv', Buffer.from(header.join(',')))).toMatchObject({
      status: 'failed',
      errorKey: 'imports.empty',
    });
    const tooMany = await xlsxOf([
      header,
      ...Array.from({ length: 10_001 }, (_, i) => [`学生${i}`, `N${i}`, '男', '', 'x', '']),
    ]);
    expect(await importFile(s.admin, 'many.xlsx', tooMany)).toMatchObject({
      status: 'failed',
      errorKey: 'imports.too_many_rows',
      errorMessage: 'The file has more than 10000 data rows; split it and import the parts',
    });
  });

  it('keeps to the school’s student limit', async () => {
    const s = await school(3);
    const numbers = [stuNo(), stuNo(), stuNo(), stuNo()];
    const file = await xlsxOf([
      header,
      ...numbers.map((n) => ['学生甲', n, '男', '', '计算机2401', '']),
    ]);
    // The school has one student already: room for two more.
    const job = await importFile(s.admin, 'limit.xlsx', file);
    expect(job).toMatchObject({ succeeded: 2, failed: 2 });
    expect(job.errors.map((e) => [e.row, e.field, e.errorKey])).toEqual([
      [4, '', 'imports.max_students'],
      [5, '', 'imports.max_students'],
    ]);
    await h.ctx.db.update(schools).set({ maxStudents: 0 }).where(eq(schools.id, s.id));
    expect(await importFile(s.admin, 'limit.xlsx', file)).toMatchObject({ succeeded: 2 });
  });

  it('serves a template in the caller’s language that imports as it is', async () => {
    const s = await school();
    const res = await h.app.inject({
      method: 'GET',
      url: importsApi.studentsImportTemplate.path,
      headers: { ...s.teacher.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('student-import-template.xlsx');
    const sheet = await readSheet(Buffer.from(res.rawPayload), 't.xlsx', { maxRows: 5 });
    expect(sheet.header).toEqual(['name', 'stuNo', 'gender', 'phone', 'class', 'password']);
    expect(sheet.rows[0]!.cells.slice(0, 5)).toEqual([
      'Zhang San',
      '2024001',
      'male',
      '13800000000',
      '计算机2401',
    ]);
    const zh = await h.app.inject({
      method: 'GET',
      url: importsApi.studentsImportTemplate.path,
      headers: s.teacher.headers,
    });
    expect((await readSheet(Buffer.from(zh.rawPayload), 't.xlsx', { maxRows: 5 })).header).toEqual(
      header,
    );
    const imported = await importFile(s.teacher, 'template.xlsx', Buffer.from(zh.rawPayload));
    expect(imported).toMatchObject({ succeeded: 1, failed: 0 });
    const [created] = (await studentsOf(s.id)).filter((u) => u.stuNo === '2024001');
    expect(created).toMatchObject({ name: '张三', sex: 1, classId: s.classId });
  });

  it('gives a student number wanted by two schools at once to one of them', async () => {
    const [s, t] = [await school(), await school()];
    const wanted = stuNo();
    const rows = (n: number) =>
      xlsxOf([
        header,
        ...Array.from({ length: n }, (_, i) => [
          `学生${i}`,
          i === n - 1 ? wanted : stuNo(),
          '男',
          '',
          '计算机2401',
          '',
        ]),
      ]);
    const [a, b] = await Promise.all([
      importFile(s.admin, 'a.xlsx', await rows(600)),
      importFile(t.admin, 'b.xlsx', await rows(600)),
    ]);
    expect(a.succeeded + b.succeeded).toBe(1199);
    const loser = a.failed ? a : b;
    expect(loser.errors).toEqual([
      expect.objectContaining({ row: 601, field: 'stuNo', errorKey: 'imports.username_taken' }),
    ]);
  });
});

describe('a restart', () => {
  it('marks the jobs the stopped process left running as interrupted', async () => {
    const s = await school();
    const id = h.ctx.ids.next();
    await h.ctx.db.insert(importJobs).values({
      id,
      schoolId: s.id,
      userId: s.admin.id,
      kind: 'students',
      fileName: 'a.xlsx',
      status: 'running',
    });
    const restarted = await buildApp(h.ctx, { logger: false, serveWeb: false });
    await restarted.ready();
    await restarted.close();
    expect((await jobOf(s.admin, id)).json().data).toMatchObject({
      status: 'failed',
      errorKey: 'imports.interrupted',
    });
  });
});

describe('who may import and see a job', () => {
  it('school staff with the permission; not students, not platform staff; jobs of another school are not found', async () => {
    const s = await school();
    const other = await school();
    const file = await xlsxOf([header, ['张三', stuNo(), '男', '', '计算机2401', '']]);
    const denied = await upload(s.student, 'a.xlsx', file);
    expect(denied.statusCode).toBe(403);
    const operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    expect((await upload(operator, 'a.xlsx', file)).statusCode).toBe(403);

    const job = await importFile(s.teacher, 'a.xlsx', file);
    expect((await jobOf(s.admin, job.id)).json().data.succeeded).toBe(1);
    const foreign = await jobOf(other.admin, job.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorKey).toBe('imports.job_not_found');
    const report = await h.app.inject({
      method: 'GET',
      url: pathOf(importsApi.jobErrors.path, { id: job.id }),
      headers: other.admin.headers,
    });
    expect(report.statusCode).toBe(404);
    expect((await jobOf(s.student, job.id)).statusCode).toBe(403);
    // The class names of the file are those of the importer's school.
    const intoOther = await importFile(
      other.admin,
      'b.xlsx',
      await xlsxOf([header, ['张三', stuNo(), '男', '', '别校的班', '']]),
    );
    expect(intoOther.errors[0]!.errorKey).toBe('imports.class_not_found');
    await createClass(s.id, '别校的班');
    const again = await importFile(
      other.admin,
      'b.xlsx',
      await xlsxOf([header, ['张三', stuNo(), '男', '', '别校的班', '']]),
    );
    expect(again.errors[0]!.errorKey).toBe('imports.class_not_found');
  });
});

describe('student export', () => {
  it('exports the school’s students with the list’s filters, formula-like text neutralised', async () => {
    const s = await school();
    const other = await school();
    const [a, b] = [stuNo(), stuNo()];
    await importFile(
      s.admin,
      'a.xlsx',
      await xlsxOf([
        header,
        ['张三', a, '男', '13800000003', '计算机2401', ''],
        ['李四', b, '女', '', '计算机2401', ''],
      ]),
    );
    await h.ctx.db
      .update(users)
      .set({ name: "=cmd|' /C calc'!A0", enabled: false })
      .where(eq(users.stuNo, b));
    await importFile(
      other.admin,
      'b.xlsx',
      await xlsxOf([header, ['外校生', stuNo(), '男', '', '计算机2401', '']]),
    );

    const exported = async (query: Record<string, string>, lang = 'zh') => {
      const res = await h.app.inject({
        method: 'GET',
        url: importsApi.studentsExport.path,
        query: { tz: 'Asia/Shanghai', ...query },
        headers: { ...s.teacher.headers, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const all = await exported({});
    expect(all.headers['content-disposition']).toMatch(/filename\*=UTF-8''.*\d{8}\.xlsx/);
    const [ws] = await sheetsOf(Buffer.from(all.rawPayload));
    expect(ws!.data[0]).toEqual(['姓名', '学号', '性别', '手机号', '班级', '状态', '创建时间']);
    const rows = (
      await readSheet(Buffer.from(all.rawPayload), 'e.xlsx', { maxRows: 100 })
    ).rows.map((r) => r.cells);
    expect(rows.map((r) => r[0])).not.toContain('外校生');
    const byNo = new Map(rows.map((r) => [r[1], r]));
    expect(byNo.get(a)!.slice(0, 6)).toEqual([
      '张三',
      a,
      '男',
      '13800000003',
      '计算机2401',
      '正常',
    ]);
    expect(byNo.get(a)![6]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(byNo.get(b)!.slice(0, 6)).toEqual([
      "'=cmd|' /C calc'!A0",
      b,
      '女',
      '',
      '计算机2401',
      '停用',
    ]);
    expect(hasFormula(Buffer.from(all.rawPayload))).toBe(false);

    const filtered = async (query: Record<string, string>) =>
      (
        await readSheet(Buffer.from((await exported(query, 'en')).rawPayload), 'e.xlsx', {
          maxRows: 100,
        })
      ).rows;
    expect((await filtered({ status: 'deactivated' })).map((r) => r.cells[1])).toEqual([b]);
    expect((await filtered({ stuNo: a })).map((r) => r.cells[2])).toEqual(['male']);
    expect(await filtered({ classId: other.classId })).toEqual([]);
    expect(await filtered({ status: 'expired' })).toEqual([]);

    const student = await h.app.inject({
      method: 'GET',
      url: importsApi.studentsExport.path,
      headers: s.student.headers,
    });
    expect(student.statusCode).toBe(403);
  });
});

/** GB18030 bytes of a text, by a table of the two-byte codes the platform's decoder knows. */
function gb18030(text: string): Buffer {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, number[]>();
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = decoder.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else out.push(...table.get(ch)!);
  }
  return Buffer.from(out);
}
