import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserKind, type College, type CollegeOption, collegesApi } from '@platform/contract';
import { schools, users } from '../../db/schema';
import { collegesSuite, type Answer } from '../../test/colleges-fixture';
import { createUser } from '../../test/factories';

const suite = collegesSuite();
const { call, token, newCollege, addCollege, page, upload } = suite;

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
    const row = await suite.h.ctx.db.query.schools.findFirst({ where: eq(schools.id, id) });
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
      const u = await createUser(suite.h.ctx, { schoolId: college.id });
      await suite.h.ctx.db.update(users).set({ kind }).where(eq(users.id, u.id));
      made.push(u);
    }
    await suite.h.ctx.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, made[3]!.id));
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
      const u = await createUser(suite.h.ctx, { schoolId: college.id });
      await suite.h.ctx.db.update(users).set({ kind: UserKind.STUDENT }).where(eq(users.id, u.id));
    }
    const post = (totalUser: string, lang = 'en') =>
      suite.h.app
        .inject({
          method: 'POST',
          url: collegesApi.updateTotalUser.path,
          headers: {
            ...suite.w.operator.headers,
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
