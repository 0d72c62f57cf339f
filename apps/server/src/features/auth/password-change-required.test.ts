import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  type ImportJob,
  studentsApi,
  announcementsApi,
  footerApi,
  coursesApi,
  teachingApi,
  trialsApi,
  cmsApi,
  authApi,
  collegesApi,
  importsApi,
  siteConfigApi,
  teachersApi,
  usersApi,
} from '@platform/contract';
import { multipart, xlsxOf } from '../imports/imports.fixtures';
import { seedDemo } from '../seed/demo.seed';
import {
  bearer,
  callAs,
  createUser,
  passwordGrant,
  newPhone,
  schoolWithStaff,
  unique,
  signedIn,
} from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

/**
 * Accounts whose password someone else set (the default, a reset, an import, an administrator)
 * must change it at first sign-in: they get a token, but every route refuses them except those
 * needed to change the password.
 */
let h: Harness;
let schoolId: string;
let classId: string;
let admin: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  ({ schoolId, classId, admin, operator } = await schoolWithStaff(h.app, h.ctx, '首登班'));
});
afterAll(() => h.close());

const upperUnique = () => unique().toUpperCase();

type Who = { headers: Record<string, string> };
async function ok<T = { id: string }>(
  who: Who,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
): Promise<T> {
  const res = await callAs<T>(h.app, who, method, url, payload);
  expect(res.code, res.message).toBe(200);
  return res.data;
}

/** Signs in and answers the flag of the token response and of users/current. */
async function flagsOf(login: string, password: string) {
  const res = await passwordGrant(h.app, login, password);
  expect(res.json().code, res.body).toBe(200);
  const token = res.json().data as { access_token: string; must_change_password: boolean };
  const me = await callAs<{ mustChangePassword: boolean }>(
    h.app,
    { headers: bearer(token.access_token) },
    'GET',
    usersApi.current.path,
  );
  return { token: token.must_change_password, current: me.data.mustChangePassword };
}

const defaultPassword = () => h.ctx.config.defaultPassword;

async function importStudents(rows: string[][]) {
  const body = multipart(
    'students.xlsx',
    await xlsxOf([['姓名', '学号', '性别', '手机号', '班级', '密码'], ...rows]),
  );
  const res = await h.app.inject({
    method: 'POST',
    url: importsApi.studentsImport.path,
    headers: { ...admin.headers, ...body.headers },
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
  expect(job).toMatchObject({ status: 'done', failed: 0 });
}

describe('passwords someone else set', () => {
  it('must be changed: new, batch, imported, reset and administrator-made accounts', async () => {
    const both = { token: true, current: true };
    const student = (password?: string) =>
      ok<{ id: string; username: string }>(admin, 'POST', studentsApi.save.path, {
        stuNo: `F${upperUnique()}`,
        name: '首登学生',
        sex: 1,
        classId,
        ...(password ? { password } : {}),
      });

    const plain = await student();
    expect(await flagsOf(plain.username, defaultPassword())).toEqual(both);
    const chosen = await student('Chosen_by_admin1');
    expect(await flagsOf(chosen.username, 'Chosen_by_admin1')).toEqual(both);

    const prefix = `B${upperUnique()}`;
    const batch = await ok<{ stuNos: string[] }>(admin, 'POST', studentsApi.batchCreate.path, {
      classId,
      stuNoPrefix: prefix,
      start: 1,
      count: 2,
      digits: 2,
    });
    expect(await flagsOf(batch.stuNos[0]!, defaultPassword())).toEqual(both);

    const [imported, importedOwn] = [`M${upperUnique()}`, `M${upperUnique()}`];
    await importStudents([
      ['导入甲', imported, '男', '', '首登班', ''],
      ['导入乙', importedOwn, '女', '', '首登班', 'Sheet_pass_77'],
    ]);
    expect(await flagsOf(imported, defaultPassword())).toEqual(both);
    expect(await flagsOf(importedOwn, 'Sheet_pass_77')).toEqual(both);

    const own = await passwordGrant(h.app, plain.username, defaultPassword());
    const changed = await callAs(
      h.app,
      { headers: bearer(own.json().data.access_token) },
      'PUT',
      usersApi.changePassword.path,
      { userId: plain.id, oldPwd: defaultPassword(), newPwd: 'Mine_own_pw1' },
    );
    expect(changed.code).toBe(200);
    expect(await flagsOf(plain.username, 'Mine_own_pw1')).toEqual({ token: false, current: false });
    for (const mode of ['default', 'random'] as const) {
      const reset = await ok<{ password: string }>(admin, 'POST', studentsApi.resetPassword.path, {
        id: plain.id,
        mode,
      });
      expect(await flagsOf(plain.username, reset.password)).toEqual(both);
    }

    const phone = newPhone();
    await ok(admin, 'POST', teachersApi.save.path, {
      name: '首登老师',
      sex: 2,
      role: 'teacher',
      phone,
    });
    expect(await flagsOf(phone, defaultPassword())).toEqual(both);

    const adminPhone = newPhone();
    await ok(operator, 'POST', collegesApi.admins.path, {
      collegeId: schoolId,
      name: 'First Admin',
      phone: adminPhone,
      password: 'Given_by_op1',
    });
    expect(await flagsOf(adminPhone, 'Given_by_op1')).toEqual(both);
  });

  it('is cleared when the owner changes it; demo accounts and own choices are not flagged', async () => {
    const u = await createUser(h.ctx, { schoolId, roles: ['student'], mustChangePassword: true });
    const { access_token } = (await passwordGrant(h.app, u.username, u.password)).json().data;
    const changed = await callAs(
      h.app,
      { headers: bearer(access_token) },
      'PUT',
      usersApi.changePassword.path,
      {
        userId: u.id,
        oldPwd: u.password,
        newPwd: 'Now_mine_123',
      },
    );
    expect(changed.code).toBe(200);
    expect(await flagsOf(u.username, 'Now_mine_123')).toEqual({ token: false, current: false });

    await seedDemo(h.ctx);
    expect(await flagsOf('teacher01', h.ctx.config.seedPassword)).toEqual({
      token: false,
      current: false,
    });
    const self = await signedIn(h.app, h.ctx, { schoolId, roles: ['school-manager'] });
    const row = await callAs<{ phone: string; name: string }>(
      h.app,
      self,
      'GET',
      `${teachersApi.get.path.replace(':id', self.id)}`,
    );
    const phone = newPhone();
    await ok(self, 'POST', teachersApi.save.path, {
      id: self.id,
      name: row.data.name,
      sex: 1,
      role: 'school-manager',
      phone,
      password: 'Self_chosen_9',
    });
    expect(await flagsOf(self.username, 'Self_chosen_9')).toEqual({ token: false, current: false });
  });
});

/** Routes that answer without a token (no account to refuse). */
const publicRoutes = new Set([
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/health',
  `POST ${authApi.token.path}`,
  `POST ${authApi.logout.path}`,
  `GET ${siteConfigApi.list.path}`,
  `GET ${announcementsApi.get.path}`,
  `GET ${footerApi.get.path}`,
  `GET ${footerApi.qrImage.path}`,
  // A signed address is the credential (decision 0024).
  `GET ${coursesApi.file.path}`,
  `GET ${teachingApi.reportFile.path}`,
  `GET ${coursesApi.stepReportFile.path}`,
  // A visitor's trial application, and the public site's published content and its images.
  `POST ${trialsApi.sendCode.path}`,
  `POST ${trialsApi.apply.path}`,
  `GET ${coursesApi.frontPage.path}`,
  ...(
    [
      'image',
      'frontCatalogs',
      'frontSub',
      'frontCatalogList',
      'frontArticlePage',
      'frontArticle',
      'frontNoticePage',
      'frontNotice',
    ] as const
  ).map((name) => `GET ${cmsApi[name].path}`),
]);

/** Routes a flagged account may call: what it needs to change the password, and its own sign-in. */
const allowedRoutes = new Set([
  `GET ${usersApi.current.path}`,
  `PUT ${usersApi.changePassword.path}`,
  `POST ${usersApi.loginLog.path}`,
]);

const requestOf = (method: string, url: string): InjectOptions => ({
  method,
  url: url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x'),
});

describe('a flagged account', () => {
  it('is refused on every route but its own account, the password change and the login log', async () => {
    const u = await createUser(h.ctx, {
      schoolId,
      roles: ['school-manager'],
      mustChangePassword: true,
    });
    const { access_token } = (await passwordGrant(h.app, u.username, u.password)).json().data;
    const unlisted: string[] = [];
    const wrong: string[] = [];
    for (const route of h.app.registeredRoutes) {
      if (route.labGateway) continue;
      const key = `${route.method} ${route.url}`;
      if (publicRoutes.has(key)) continue;
      const anonymous = await h.app.inject(requestOf(route.method, route.url));
      if (anonymous.statusCode !== 401) {
        unlisted.push(key);
        continue;
      }
      const res = await h.app.inject({
        ...requestOf(route.method, route.url),
        headers: { ...bearer(access_token), 'accept-language': 'en' },
      });
      const refused =
        res.statusCode === 403 && res.json().errorKey === 'auth.password_change_required';
      if (refused === allowedRoutes.has(key))
        wrong.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(unlisted).toEqual([]);
    expect(wrong).toEqual([]);
    const res = await h.app.inject({
      method: 'GET',
      url: teachersApi.page.path,
      headers: { ...bearer(access_token), 'accept-language': 'zh' },
    });
    expect(res.json()).toMatchObject({ code: 9000, errorKey: 'auth.password_change_required' });
    expect(res.json().message).toContain('修改密码');
  });
});
