import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  type ImportJob,
  studentsApi,
  collegesApi,
  importsApi,
  teachersApi,
  usersApi,
} from '@platform/contract';
import { users } from '../../db/schema';
import {
  callAs,
  createUser,
  newPhone,
  schoolWithStaff,
  signedIn,
  unique,
} from '../../test/factories';
import { createHarness, TEST_PASSWORD, type Harness } from '../../test/harness';
import { multipart, xlsxOf } from '../imports/imports.fixtures';

/** Common passwords and a person's own login name or name are refused wherever a password is set. */
let h: Harness;
let schoolId: string;
let classId: string;
let admin: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  ({ schoolId, classId, admin, operator } = await schoolWithStaff(h.app, h.ctx, '密码班'));
});
afterAll(() => h.close());

type Who = { headers: Record<string, string> };
const call = (who: Who, method: 'POST' | 'PUT', url: string, payload: unknown, lang = 'en') =>
  callAs(h.app, who, method, url, payload, lang);

describe('changing one’s own password', () => {
  it('refuses a common password, whatever its letter case, on the new password', async () => {
    const u = await signedIn(h.app, h.ctx, { schoolId, roles: ['student'] });
    for (const newPwd of ['password1', 'QWERTY123', 'Iloveyou']) {
      const res = await call(u, 'PUT', usersApi.changePassword.path, {
        userId: u.id,
        oldPwd: TEST_PASSWORD,
        newPwd,
      });
      expect(res).toMatchObject({
        status: 400,
        code: 9000,
        errorKey: 'users.password_too_common',
        fields: { newPwd: 'too_common' },
      });
    }
    const zh = await call(
      u,
      'PUT',
      usersApi.changePassword.path,
      { userId: u.id, oldPwd: TEST_PASSWORD, newPwd: 'abc123' },
      'zh',
    );
    expect(zh.message).toBe('密码过于常见，容易被猜中，请换一个');
  });

  it('refuses the login name, the person’s name and the platform’s default password', async () => {
    const u = await signedIn(h.app, h.ctx, {
      schoolId,
      roles: ['teacher'],
      username: `Wang_${unique()}`,
    });
    await h.ctx.db.update(users).set({ name: ' Wang_Fang ' }).where(eq(users.id, u.id));
    const cases: [string, string, string][] = [
      [u.username.toLowerCase(), 'users.password_personal', 'same_as_name'],
      ['WANG_FANG', 'users.password_personal', 'same_as_name'],
      [h.ctx.config.defaultPassword, 'users.password_too_common', 'too_common'],
    ];
    for (const [newPwd, errorKey, field] of cases) {
      const res = await call(u, 'PUT', usersApi.changePassword.path, {
        userId: u.id,
        oldPwd: TEST_PASSWORD,
        newPwd,
      });
      expect(res).toMatchObject({ status: 400, errorKey, fields: { newPwd: field } });
    }
    const ok = await call(u, 'PUT', usersApi.changePassword.path, {
      userId: u.id,
      oldPwd: TEST_PASSWORD,
      newPwd: 'Wang_Fang_2026',
    });
    expect(ok.code).toBe(200);
  });
  it('refuses the person’s Chinese name in pinyin, whatever its case, spaces, tones and order', async () => {
    const u = await signedIn(h.app, h.ctx, { schoolId, roles: ['student'] });
    await h.ctx.db.update(users).set({ name: '张华' }).where(eq(users.id, u.id));
    const change = (newPwd: string, lang = 'en') =>
      call(
        u,
        'PUT',
        usersApi.changePassword.path,
        {
          userId: u.id,
          oldPwd: TEST_PASSWORD,
          newPwd,
        },
        lang,
      );
    for (const newPwd of ['zhanghua', 'ZhangHua', 'ZHANGHUA', 'huazhang', 'zhang1hua2'])
      expect(await change(newPwd), newPwd).toMatchObject({
        status: 400,
        errorKey: 'users.password_personal',
        fields: { newPwd: 'same_as_name' },
      });
    // Spaces and tone marks are outside the password's alphabet: refused either way.
    for (const newPwd of ['Zhang Hua', 'zhānghuá'])
      expect((await change(newPwd)).status, newPwd).toBe(400);
    expect((await change('zhanghua', 'zh')).message).toBe('密码不能与用户名或姓名相同');
    const ok = await change('zhanghua_2026');
    expect(ok.code).toBe(200);
  });
});

describe('passwords set for someone else', () => {
  it('are refused on students being added or edited', async () => {
    const stuNo = `P${unique()}`;
    const add = (password: string) =>
      call(admin, 'POST', studentsApi.save.path, {
        stuNo,
        name: 'Li_Ming',
        sex: 1,
        classId,
        password,
      });
    expect(await add('superman')).toMatchObject({
      status: 400,
      errorKey: 'users.password_too_common',
      fields: { password: 'too_common' },
    });
    expect(await add('li_ming')).toMatchObject({
      status: 400,
      fields: { password: 'same_as_name' },
    });
    const added = await add('Li_Ming_2026');
    expect(added.code).toBe(200);
    const edit = await call(admin, 'POST', studentsApi.save.path, {
      id: (added.data as { id: string }).id,
      stuNo,
      name: 'Li_Ming',
      sex: 1,
      classId,
      password: 'zxcvbnm',
    });
    expect(edit).toMatchObject({ status: 400, fields: { password: 'too_common' } });
  });

  it('are refused on students being added when they are the Chinese name in pinyin', async () => {
    const add = (password: string, name: string) =>
      call(admin, 'POST', studentsApi.save.path, {
        stuNo: `P${unique()}`,
        name,
        sex: 1,
        classId,
        password,
      });
    expect(await add('ZengXiaoming', '曾小明')).toMatchObject({
      status: 400,
      errorKey: 'users.password_personal',
      fields: { password: 'same_as_name' },
    });
    expect(await add('lvxiaobu_1', '吕小布')).toMatchObject({ code: 200 });
    expect(await add('LVXIAOBU', '吕小布')).toMatchObject({ fields: { password: 'same_as_name' } });
  });

  it('are refused on teachers being added or edited, also against a login that is not the phone', async () => {
    const phone = newPhone();
    const add = (password: string) =>
      call(admin, 'POST', teachersApi.save.path, {
        name: 'Zhao_Lei',
        sex: 1,
        role: 'teacher',
        phone,
        password,
      });
    expect(await add('1qaz2wsx')).toMatchObject({
      status: 400,
      fields: { password: 'too_common' },
    });
    expect(await add(phone)).toMatchObject({ status: 400, fields: { password: 'same_as_name' } });
    expect((await add('Zhao_Lei_2026')).code).toBe(200);

    const named = await createUser(h.ctx, {
      schoolId,
      roles: ['teacher'],
      username: `teacher_${unique()}`,
    });
    await h.ctx.db.update(users).set({ phone: newPhone(), kind: 2 }).where(eq(users.id, named.id));
    const row = await h.ctx.db.query.users.findFirst({ where: eq(users.id, named.id) });
    const edit = await call(admin, 'POST', teachersApi.save.path, {
      id: named.id,
      name: 'Sun_Li',
      sex: 2,
      role: 'teacher',
      phone: row!.phone,
      password: named.username.toUpperCase(),
    });
    expect(edit).toMatchObject({
      status: 400,
      errorKey: 'users.password_personal',
      fields: { password: 'same_as_name' },
    });
  });

  it('are refused on school administrators added by operators', async () => {
    const phone = newPhone();
    const add = (password: string) =>
      call(operator, 'POST', collegesApi.admins.path, {
        collegeId: schoolId,
        name: 'Admin Qian',
        phone,
        password,
      });
    expect(await add('a123456')).toMatchObject({
      status: 400,
      errorKey: 'users.password_too_common',
      fields: { password: 'too_common' },
    });
    expect(await add(phone)).toMatchObject({ status: 400, fields: { password: 'same_as_name' } });
    expect((await add('Qian_Admin_1')).code).toBe(200);
  });

  it('are refused on imported rows, as row errors', async () => {
    const [common, personal, good] = [`I${unique()}`, `I${unique()}`, `I${unique()}`];
    const file = await xlsxOf([
      ['姓名', '学号', '性别', '手机号', '班级', '密码'],
      ['导入甲', common, '男', '', '密码班', 'password1'],
      ['导入乙', personal, '女', '', '密码班', personal.toLowerCase()],
      ['导入丙', good, '女', '', '密码班', 'Good_pass_7'],
    ]);
    const body = multipart('students.xlsx', file);
    const res = await h.app.inject({
      method: 'POST',
      url: importsApi.studentsImport.path,
      headers: { ...admin.headers, ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
    let job = res.json().data as ImportJob;
    for (let i = 0; i < 500 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const polled = await h.app.inject({
        method: 'GET',
        url: importsApi.job.path.replace(':id', job.id),
        headers: admin.headers,
      });
      job = polled.json().data as ImportJob;
    }
    expect(job).toMatchObject({ status: 'done', succeeded: 1, failed: 2 });
    expect(job.errors.map((e) => [e.row, e.field, e.errorKey])).toEqual([
      [2, 'password', 'imports.password_too_common'],
      [3, 'password', 'imports.password_personal'],
    ]);
  });
});
