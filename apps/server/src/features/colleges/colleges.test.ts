import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UserKind,
  type College,
  type CollegeAdmin,
  type CollegeImportResult,
  type CollegeOption,
  collegesApi,
  usersApi,
} from '@platform/contract';
import { menus, roleMenus, roles, schools, users } from '../../db/schema';
import {
  bearer,
  createSchool,
  createUser,
  passwordGrant,
  signIn,
  signedIn,
} from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { sheetsOf, xlsxOf } from '../imports/imports.fixtures';

let h: Harness;
let operator: Awaited<ReturnType<typeof signedIn>>;
let caseDeveloper: Awaited<ReturnType<typeof signedIn>>;
let manager: Awaited<ReturnType<typeof signedIn>>;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let ownSchool: Awaited<ReturnType<typeof createSchool>>;

beforeAll(async () => {
  h = await createHarness();
  ownSchool = await createSchool(h.ctx);
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  caseDeveloper = await signedIn(h.app, h.ctx, { roles: ['case-developer'] });
  manager = await signedIn(h.app, h.ctx, { schoolId: ownSchool.id, roles: ['school-manager'] });
  teacher = await signedIn(h.app, h.ctx, { schoolId: ownSchool.id, roles: ['teacher'] });
});
afterAll(() => h.close());

interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  errorKey?: string;
  fields?: Record<string, string>;
}

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  opts: { headers?: Record<string, string>; lang?: string } = {},
): Promise<Answer<T>> {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(opts.headers ?? operator.headers), 'accept-language': opts.lang ?? 'en' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { ...res.json<Omit<Answer<T>, 'status'>>(), status: res.statusCode };
}

let counter = 0;
const token = () => `t${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A valid new school in Shenzhen, Guangdong. */
function newCollege(overrides: Record<string, unknown> = {}) {
  const t = token();
  return {
    name: `College ${t}`,
    url: `c_${t}`,
    type: 1,
    province: '440000',
    city: '440300',
    intro: 'A college for tests',
    address: '1 Test Road',
    maxStudents: 100,
    purchasedCourseCount: 3,
    ...overrides,
  };
}

async function addCollege(overrides: Record<string, unknown> = {}): Promise<College> {
  const res = await call<College>('POST', collegesApi.save.path, newCollege(overrides));
  expect(res.code, res.message).toBe(200);
  return res.data;
}

const page = (query: Record<string, string | number>) =>
  call<{ records: College[]; total: number; pageNum: number; pageSize: number }>(
    'GET',
    `${collegesApi.page.path}?${new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()}`,
  );

describe('colleges', () => {
  it('adds, reads, updates and soft-deletes a school with every field of the spec', async () => {
    const body = newCollege();
    const added = await call<College>('POST', collegesApi.save.path, body);
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({
      name: body.name,
      url: body.url,
      type: 1,
      province: '440000',
      provinceName: 'Guangdong',
      city: '440300',
      cityName: 'Shenzhen',
      enabled: true,
      intro: 'A college for tests',
      address: '1 Test Road',
      totalBalance: 0,
      rechargeBalance: 0,
      giftBalance: 0,
      tokenCount: 0,
      pptCount: 0,
      accountCount: 0,
      maxStudents: 100,
      studentCount: 0,
      purchasedCourseCount: 3,
    });
    const id = added.data.id;
    expect(Number.isNaN(Date.parse(added.data.createdAt))).toBe(false);

    const got = await call<College>('POST', `${collegesApi.get.path}?id=${id}`, undefined, {
      lang: 'zh-CN',
    });
    expect(got.data).toMatchObject({ id, provinceName: '广东省', cityName: '深圳市' });

    // Left-out fields keep their values; '' clears the city and the texts.
    const updated = await call<College>('POST', collegesApi.save.path, {
      id,
      name: 'Renamed college',
      type: 2,
      province: '110000',
      city: '',
      intro: '',
    });
    expect(updated.data).toMatchObject({
      id,
      name: 'Renamed college',
      url: body.url,
      type: 2,
      province: '110000',
      provinceName: 'Beijing',
      city: null,
      cityName: null,
      intro: '',
      address: '1 Test Road',
      maxStudents: 100,
      purchasedCourseCount: 3,
      enabled: true,
    });

    const removed = await call('POST', `${collegesApi.delete.path}?id=${id}`);
    expect(removed).toMatchObject({ code: 200, data: null });
    const row = await h.ctx.db.query.schools.findFirst({ where: eq(schools.id, id) });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // A deleted school is gone from every list and route.
    for (const res of [
      await call('POST', `${collegesApi.get.path}?id=${id}`),
      await call('POST', `${collegesApi.delete.path}?id=${id}`),
      await call('POST', collegesApi.save.path, { ...body, id, url: undefined }),
      await call('POST', collegesApi.enable.path, { id, enabled: false }),
    ]) {
      expect(res).toMatchObject({ status: 404, code: 9000, errorKey: 'schools.not_found' });
    }
    expect((await page({ name: 'Renamed college' })).data.total).toBe(0);
    // Its url prefix stays reserved.
    const again = await call('POST', collegesApi.save.path, newCollege({ url: body.url }));
    expect(again).toMatchObject({ status: 409, fields: { url: 'invalid_value' } });
  });

  it('counts live accounts and students of a school', async () => {
    const college = await addCollege();
    const kinds = [UserKind.STUDENT, UserKind.STUDENT, UserKind.TEACHER, UserKind.STUDENT];
    const made = [];
    for (const kind of kinds) {
      const u = await createUser(h.ctx, { schoolId: college.id });
      await h.ctx.db.update(users).set({ kind }).where(eq(users.id, u.id));
      made.push(u);
    }
    await h.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, made[3]!.id));
    const got = await call<College>('POST', `${collegesApi.get.path}?id=${college.id}`);
    expect(got.data).toMatchObject({ accountCount: 3, studentCount: 2 });
    const listed = await page({ name: college.name });
    expect(listed.data.records[0]).toMatchObject({ accountCount: 3, studentCount: 2 });
  });

  it('filters by name (contains, any case), type, province, city and state, and pages', async () => {
    const tag = token();
    const a = await addCollege({ name: `Alpha ${tag} Tech`, type: 1 });
    const b = await addCollege({
      name: `beta ${tag}`,
      type: 2,
      province: '110000',
      city: '110108',
    });
    const c = await addCollege({ name: `Gamma ${tag}`, type: 2, city: '440100' });
    await call('POST', collegesApi.enable.path, { id: c.id, enabled: false });

    const ids = async (query: Record<string, string | number>) =>
      (await page({ name: tag.toUpperCase(), ...query })).data.records.map((r) => r.id).sort();
    expect(await ids({})).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ type: 2 })).toEqual([b.id, c.id].sort());
    expect(await ids({ province: '440000' })).toEqual([a.id, c.id].sort());
    expect(await ids({ city: '440100' })).toEqual([c.id]);
    expect(await ids({ enabled: 'false' })).toEqual([c.id]);
    expect(await ids({ enabled: 'true', province: '110000' })).toEqual([b.id]);
    // Newest first, two per page.
    const second = await page({ name: tag, pageNum: 2, pageSize: 2 });
    expect(second.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(second.data.records.map((r) => r.id)).toEqual([a.id]);
    // `%` and `_` are searched as themselves.
    expect((await page({ name: '%' })).data.total).toBe(0);
    expect(await page({ type: 9 })).toMatchObject({
      status: 400,
      fields: { type: 'invalid_value' },
    });
  });

  it('refuses bad input with field errors', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'A' }, { name: 'too_short' }],
      [{ name: 'x'.repeat(51) }, { name: 'too_long' }],
      [{ name: ' Padded' }, { name: 'invalid_format' }],
      [{ url: undefined }, { url: 'required' }],
      [{ url: '9abc' }, { url: 'invalid_format' }],
      [{ url: 'Upper' }, { url: 'invalid_format' }],
      [{ type: 9 }, { type: 'invalid_value' }],
      [{ type: undefined }, { type: 'required' }],
      [{ province: undefined }, { province: 'required' }],
      [{ city: 'shenzhen' }, { city: 'invalid_format' }],
      [{ intro: 'ab' }, { intro: 'too_short' }],
      [{ intro: 'x'.repeat(245) }, { intro: 'too_long' }],
      [{ address: 'x'.repeat(51) }, { address: 'too_long' }],
      [{ maxStudents: -1 }, { maxStudents: 'invalid_value' }],
      [{ maxStudents: 2147483648 }, { maxStudents: 'invalid_value' }],
      [{ maxStudents: 1.5 }, { maxStudents: 'invalid_format' }],
      [{ purchasedCourseCount: -1 }, { purchasedCourseCount: 'invalid_value' }],
    ];
    for (const [change, fields] of cases) {
      const res = await call('POST', collegesApi.save.path, newCollege(change));
      expect(res, JSON.stringify(change)).toMatchObject({ status: 400, code: 9000, fields });
    }
    expect(
      (await call('POST', collegesApi.save.path, newCollege({ maxStudents: 2147483647 }))).code,
    ).toBe(200);
  });

  it('answers a failed add or update with the reason on the field', async () => {
    const unknown = await call('POST', collegesApi.save.path, newCollege({ province: '990000' }));
    expect(unknown).toMatchObject({
      status: 400,
      errorKey: 'colleges.add_failed',
      message: 'Failed to add: No such province',
      fields: { province: 'invalid_value' },
    });
    // A city is a prefecture, not a province, and lies in the chosen province.
    const notProvince = await call(
      'POST',
      collegesApi.save.path,
      newCollege({ province: '440300', city: '' }),
    );
    expect(notProvince.fields).toEqual({ province: 'invalid_value' });
    const elsewhere = await call('POST', collegesApi.save.path, newCollege({ city: '110108' }));
    expect(elsewhere).toMatchObject({
      message: 'Failed to add: No such city in the chosen province',
      fields: { city: 'invalid_value' },
    });

    const first = await addCollege();
    const second = await addCollege();
    const taken = await call('POST', collegesApi.save.path, newCollege({ url: first.url }), {
      lang: 'zh',
    });
    expect(taken).toMatchObject({
      status: 409,
      errorKey: 'colleges.add_failed',
      message: '添加失败：该学校地址前缀已被使用',
      fields: { url: 'invalid_value' },
    });
    const update = await call('POST', collegesApi.save.path, {
      ...newCollege(),
      id: second.id,
      url: first.url,
    });
    expect(update).toMatchObject({
      status: 409,
      errorKey: 'colleges.update_failed',
      message: 'Update failed: This URL prefix is already used',
    });
    // Keeping its own url is no conflict.
    const same = await call('POST', collegesApi.save.path, {
      ...newCollege(),
      id: second.id,
      url: second.url,
    });
    expect(same.code).toBe(200);
  });

  it('sets the account limit form encoded, never below the students there are', async () => {
    const college = await addCollege({ maxStudents: 0 });
    for (let i = 0; i < 2; i++) {
      const u = await createUser(h.ctx, { schoolId: college.id });
      await h.ctx.db.update(users).set({ kind: UserKind.STUDENT }).where(eq(users.id, u.id));
    }
    const post = (totalUser: string, lang = 'en') =>
      h.app
        .inject({
          method: 'POST',
          url: collegesApi.updateTotalUser.path,
          headers: {
            ...operator.headers,
            'accept-language': lang,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({ collegeId: college.id, totalUser }).toString(),
        })
        .then((r) => ({ status: r.statusCode, ...r.json<Omit<Answer<College>, 'status'>>() }));

    expect((await post('5')).data).toMatchObject({ id: college.id, maxStudents: 5 });
    const below = await post('1', 'zh');
    expect(below).toMatchObject({
      status: 400,
      errorKey: 'colleges.below_students',
      message: '学生账号上限不能小于当前学生数（2）',
      fields: { totalUser: 'invalid_value' },
    });
    expect((await post('2')).data.maxStudents).toBe(2);
    // 0 is no limit.
    expect((await post('0')).data.maxStudents).toBe(0);
    expect(await post('-3')).toMatchObject({ status: 400, fields: { totalUser: 'invalid_value' } });
    expect(await post('many')).toMatchObject({ fields: { totalUser: 'invalid_format' } });
    // The same rule holds when the limit is saved with the school.
    const saved = await call('POST', collegesApi.save.path, {
      ...newCollege(),
      id: college.id,
      url: college.url,
      maxStudents: 1,
    });
    expect(saved).toMatchObject({
      message:
        'Update failed: The student account limit cannot be below the current number of students (2)',
      fields: { maxStudents: 'invalid_value' },
    });
  });

  it('offers up to 20 live schools by name for selects', async () => {
    const tag = token();
    for (let i = 0; i < 22; i++)
      await addCollege({ name: `Option ${tag} ${String(i).padStart(2, '0')}` });
    const gone = await addCollege({ name: `Option ${tag} gone` });
    await call('POST', `${collegesApi.delete.path}?id=${gone.id}`);
    const res = await call<CollegeOption[]>(
      'GET',
      `${collegesApi.options.path}?name=${encodeURIComponent(`option ${tag}`)}`,
    );
    expect(res.data).toHaveLength(20);
    expect(res.data[0]?.name).toBe(`Option ${tag} 00`);
    expect(res.data.some((o) => o.id === gone.id)).toBe(false);
  });
});

describe('generated input', () => {
  it('saving never answers 500, whatever the body', async () => {
    const text = fc.oneof(fc.string({ maxLength: 60 }), fc.integer(), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            id: fc.oneof(fc.constant('1'), fc.string({ maxLength: 22 }), fc.integer()),
            name: text,
            url: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{1,29}$/), text),
            type: fc.oneof(fc.integer({ min: -2, max: 7 }), text),
            province: fc.oneof(fc.constantFrom('440000', '110000', '440300', '000000'), text),
            city: fc.oneof(fc.constantFrom('', '440300', '110108'), text),
            intro: text,
            address: text,
            maxStudents: fc.oneof(fc.integer(), fc.double(), text),
            enabled: fc.oneof(fc.boolean(), text),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await call('POST', collegesApi.save.path, body);
          expect(res.status, JSON.stringify(body)).toBeLessThan(500);
          expect([200, 9000]).toContain(res.code);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('importing never answers 500, whatever the file holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom('a.xlsx', 'a.csv', 'a.xls'),
        async (bytes, name) => {
          const res = await upload(name, Buffer.from(bytes));
          expect(res.status).toBeLessThan(500);
          expect([200, 9000]).toContain(res.code);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('disabling and deleting a school', () => {
  it("ends its accounts' sessions and refuses their sign-in", async () => {
    const college = await addCollege();
    const member = await createUser(h.ctx, { schoolId: college.id, roles: ['teacher'] });
    const token = (await signIn(h.app, member.username, member.password)).access_token;
    const me = () =>
      h.app.inject({ method: 'GET', url: usersApi.current.path, headers: bearer(token) });
    expect((await me()).json().code).toBe(200);
    await call('POST', collegesApi.enable.path, { id: college.id, enabled: false });
    expect((await me()).json().code).toBe(401);
    const refused = await passwordGrant(h.app, member.username, member.password);
    expect(refused.json()).toMatchObject({ errorKey: 'auth.school_disabled' });

    await call('POST', collegesApi.enable.path, { id: college.id, enabled: true });
    const again = (await signIn(h.app, member.username, member.password)).access_token;
    await call('POST', `${collegesApi.delete.path}?id=${college.id}`);
    const after = await h.app.inject({
      method: 'GET',
      url: usersApi.current.path,
      headers: bearer(again),
    });
    expect(after.json().code).toBe(401);
  });
});

describe('school administrators', () => {
  it('adds an administrator who signs in with the phone and belongs to the school', async () => {
    const college = await addCollege();
    const other = await addCollege();
    const phone = `137${String(Date.now()).slice(-8)}`;
    const added = await call<CollegeAdmin>('POST', collegesApi.admins.path, {
      collegeId: college.id,
      name: 'Admin Li',
      phone,
    });
    expect(added.data).toMatchObject({ username: phone, name: 'Admin Li', phone, enabled: true });

    // No password given: the default one.
    const { access_token } = await signIn(h.app, phone, h.ctx.config.defaultPassword);
    const me = await call<{ collegeId: string; kind: number; roles: { code: string }[] }>(
      'GET',
      usersApi.current.path,
      undefined,
      { headers: bearer(access_token) },
    );
    expect(me.data).toMatchObject({ collegeId: college.id, kind: UserKind.SCHOOL_ADMIN });
    expect(me.data.roles.map((r) => r.code)).toEqual(['school-manager']);

    const withPassword = await call<CollegeAdmin>('POST', collegesApi.admins.path, {
      collegeId: college.id,
      name: 'Admin Wang',
      phone: `136${String(Date.now()).slice(-8)}`,
      password: 'Own_pass#1',
    });
    await signIn(h.app, withPassword.data.username, 'Own_pass#1');

    // Teachers of the school and administrators of other schools are not listed.
    await createUser(h.ctx, { schoolId: college.id, roles: ['teacher'] });
    await createUser(h.ctx, { schoolId: other.id, roles: ['school-manager'] });
    const listed = await call<CollegeAdmin[]>(
      'GET',
      `${collegesApi.admins.path}?collegeId=${college.id}`,
    );
    expect(listed.data.map((a) => a.id)).toEqual([added.data.id, withPassword.data.id]);

    const taken = await call('POST', collegesApi.admins.path, {
      collegeId: other.id,
      name: 'Someone',
      phone,
    });
    expect(taken).toMatchObject({
      status: 409,
      message: 'Failed to add: This phone number is already registered',
      fields: { phone: 'invalid_value' },
    });
    const bad = await call('POST', collegesApi.admins.path, {
      collegeId: college.id,
      name: 'A',
      phone: '12345',
      password: 'short',
    });
    expect(bad.fields).toEqual({
      name: 'too_short',
      phone: 'invalid_format',
      password: 'too_short',
    });
  });

  it('answers a deleted or unknown school as not found', async () => {
    const college = await addCollege();
    await call('POST', `${collegesApi.delete.path}?id=${college.id}`);
    for (const id of [college.id, '123456789']) {
      const list = await call('GET', `${collegesApi.admins.path}?collegeId=${id}`);
      expect(list).toMatchObject({ status: 404, errorKey: 'schools.not_found' });
      const add = await call('POST', collegesApi.admins.path, {
        collegeId: id,
        name: 'Nobody',
        phone: '13500000001',
      });
      expect(add.status).toBe(404);
      const limit = await h.app.inject({
        method: 'POST',
        url: collegesApi.updateTotalUser.path,
        headers: { ...operator.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `collegeId=${id}&totalUser=5`,
      });
      expect(limit.statusCode).toBe(404);
    }
    const users_ = await h.ctx.db.select().from(users).where(eq(users.phone, '13500000001'));
    expect(users_).toEqual([]);
  });
});

/** A multipart body with one file field. */
function multipart(fileName: string, data: Buffer, contentType: string) {
  const boundary = `----test${token()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(
  fileName: string,
  data: Buffer,
  opts: { headers?: Record<string, string>; lang?: string } = {},
) {
  const body = multipart(fileName, data, fileName.endsWith('.csv') ? 'text/csv' : xlsxType);
  const res = await h.app.inject({
    method: 'POST',
    url: collegesApi.import.path,
    headers: {
      ...(opts.headers ?? operator.headers),
      'accept-language': opts.lang ?? 'en',
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
  return { status: res.statusCode, ...res.json<Omit<Answer<CollegeImportResult>, 'status'>>() };
}

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

    const created = await h.ctx.db
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
    const refused = await h.ctx.db
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
    const none = await h.app.inject({
      method: 'POST',
      url: collegesApi.import.path,
      headers: { ...operator.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.json()).toMatchObject({ code: 9000, errorKey: 'imports.file_required' });
  });

  it('answers the template with the header in the caller’s language', async () => {
    for (const [lang, first, name] of [
      ['zh', '学校名称', '学校导入模板.xlsx'],
      ['en', 'name', 'college-import-template.xlsx'],
    ] as const) {
      const res = await h.app.inject({
        method: 'GET',
        url: collegesApi.importTemplate.path,
        headers: { ...operator.headers, 'accept-language': lang },
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

describe('who may operate schools', () => {
  /** Every colleges route with a valid request. */
  async function everyRoute(college: College) {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const file = multipart('s.csv', Buffer.from('name,url,type,province\n'), 'text/csv');
    return [
      { method: 'GET', url: `${collegesApi.page.path}?pageNum=1` },
      { method: 'POST', url: `${collegesApi.get.path}?id=${college.id}` },
      { method: 'POST', url: collegesApi.save.path, payload: newCollege() },
      { method: 'POST', url: collegesApi.save.path, payload: { ...newCollege(), id: college.id } },
      { method: 'POST', url: `${collegesApi.delete.path}?id=${college.id}` },
      {
        method: 'POST',
        url: collegesApi.enable.path,
        payload: { id: college.id, enabled: false },
      },
      { method: 'GET', url: `${collegesApi.options.path}?name=a` },
      { method: 'GET', url: `${collegesApi.admins.path}?collegeId=${college.id}` },
      {
        method: 'POST',
        url: collegesApi.admins.path,
        payload: { collegeId: college.id, name: 'Admin', phone: '13800000009' },
      },
      {
        method: 'POST',
        url: collegesApi.updateTotalUser.path,
        payload: `collegeId=${college.id}&totalUser=9`,
        headers: form,
      },
      {
        method: 'POST',
        url: collegesApi.import.path,
        payload: file.payload,
        headers: { 'content-type': file.contentType },
      },
      { method: 'GET', url: collegesApi.importTemplate.path },
    ] as {
      method: 'GET' | 'POST';
      url: string;
      payload?: object | string | Buffer;
      headers?: Record<string, string>;
    }[];
  }

  it('refuses school administrators and teachers on every route, even for their own school', async () => {
    const own = await call<College>('POST', `${collegesApi.get.path}?id=${ownSchool.id}`);
    for (const user of [manager, teacher]) {
      for (const r of await everyRoute(own.data)) {
        const res = await h.app.inject({
          method: r.method,
          url: r.url,
          headers: { ...user.headers, ...r.headers },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(res.json(), r.url).toMatchObject({ code: 9000 });
        expect(res.body).not.toContain(ownSchool.name);
      }
    }
    // Refused before the input is looked at.
    for (const user of [manager, teacher]) {
      const res = await call('POST', collegesApi.save.path, {}, { headers: user.headers });
      expect(res).toMatchObject({ status: 403, errorKey: 'common.forbidden' });
    }
    const row = await h.ctx.db.query.schools.findFirst({ where: eq(schools.id, ownSchool.id) });
    expect(row).toMatchObject({ enabled: true, deletedAt: null, maxStudents: 0 });
  });

  it('refuses staff without the grants of the school screens both reading and changing', async () => {
    const college = await addCollege();
    const read = await call(
      'GET',
      `${collegesApi.page.path}?name=${encodeURIComponent(college.name)}`,
      undefined,
      {
        headers: caseDeveloper.headers,
      },
    );
    expect(read).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
    expect(JSON.stringify(read)).not.toContain(college.name);
    const write = await call('POST', collegesApi.save.path, newCollege(), {
      headers: caseDeveloper.headers,
    });
    expect(write).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
  });

  it('refuses an operator whose role lost the grant of an action', async () => {
    const college = await addCollege();
    const [role] = await h.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, h.ctx.config.webClientId), eq(roles.code, 'operator')));
    const grants = await h.ctx.db
      .select({ menuId: menus.id, customFields: menus.customFields })
      .from(menus)
      .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
      .where(eq(roleMenus.roleId, role!.id));
    const grantOf = (key: string) => grants.find((g) => g.customFields === `perm:${key}`)!.menuId;
    const revoked = [grantOf('college.delete'), grantOf('college.enable')];
    await h.ctx.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, role!.id), inArray(roleMenus.menuId, revoked)));
    try {
      const del = await call('POST', `${collegesApi.delete.path}?id=${college.id}`);
      expect(del).toMatchObject({ status: 403, errorKey: 'permissions.denied' });
      const enable = await call('POST', collegesApi.enable.path, {
        id: college.id,
        enabled: false,
      });
      expect(enable.status).toBe(403);
      // Changing the state through an edit needs the same grant; other edits do not.
      const viaEdit = await call('POST', collegesApi.save.path, {
        ...newCollege(),
        id: college.id,
        enabled: false,
      });
      expect(viaEdit.status).toBe(403);
      const edit = await call('POST', collegesApi.save.path, {
        ...newCollege(),
        id: college.id,
        enabled: true,
      });
      expect(edit.code).toBe(200);
      const row = await h.ctx.db.query.schools.findFirst({ where: eq(schools.id, college.id) });
      expect(row).toMatchObject({ enabled: true, deletedAt: null });
    } finally {
      await h.ctx.db
        .insert(roleMenus)
        .values(revoked.map((menuId) => ({ roleId: role!.id, menuId })));
    }
  });
});
