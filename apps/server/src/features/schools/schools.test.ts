import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserKind, type SchoolProfile, schoolsApi } from '@platform/contract';
import { classes, regions, schools, users } from '../../db/schema';
import { callerOn, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

type Caller = Awaited<ReturnType<typeof signedIn>>;

let h: Harness;
let schoolA: Awaited<ReturnType<typeof createSchool>>;
let schoolB: Awaited<ReturnType<typeof createSchool>>;
let manager: Caller;
let teacher: Caller;
let managerB: Caller;
let operator: Caller;

// Codes outside GB/T 2260, so they never meet the seeded dictionary.
const province = '990000';
const city = '990100';

const call = callerOn(() => h.app);

const profile = (who: Caller, lang = 'en') =>
  call<SchoolProfile>(who, 'GET', schoolsApi.profile.path, undefined, lang);
const update = (who: Caller, body: unknown) =>
  call<SchoolProfile>(who, 'POST', schoolsApi.profileUpdate.path, body);

async function account(schoolId: string, kind: number, deleted = false) {
  const id = h.ctx.ids.next();
  await h.ctx.db.insert(users).values({
    id,
    schoolId,
    username: `acc_${id}`,
    passwordHash: 'unused',
    kind,
    deletedAt: deleted ? h.ctx.now() : null,
  });
}

beforeAll(async () => {
  h = await createHarness();
  await h.ctx.db
    .insert(regions)
    .values([
      { id: province, pid: '100000', name: '测试省', nameEn: 'Test Province' },
      { id: city, pid: province, name: '测试市', nameEn: 'Test City' },
    ])
    .onConflictDoNothing();
  schoolA = await createSchool(h.ctx, {
    name: '测试职业技术学院',
    type: 2,
    province,
    city,
    intro: 'An old intro',
    address: 'Old road 1',
    totalBalance: 123456,
    rechargeBalance: 100000,
    giftBalance: 23456,
    tokenCount: 5000,
    pptCount: 12,
    maxStudents: 800,
    purchasedCourseCount: 4,
  });
  schoolB = await createSchool(h.ctx, { name: 'Other college', intro: 'B intro' });
  manager = await signedIn(h.app, h.ctx, { schoolId: schoolA.id, roles: ['school-manager'] });
  teacher = await signedIn(h.app, h.ctx, { schoolId: schoolA.id, roles: ['teacher'] });
  managerB = await signedIn(h.app, h.ctx, { schoolId: schoolB.id, roles: ['school-manager'] });
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  await h.ctx.db.update(users).set({ kind: UserKind.TEACHER }).where(eq(users.id, teacher.id));
  await h.ctx.db.update(users).set({ kind: UserKind.SCHOOL_ADMIN }).where(eq(users.id, manager.id));
  for (let i = 0; i < 3; i++) await account(schoolA.id, UserKind.STUDENT);
  await account(schoolA.id, UserKind.STUDENT, true);
  await account(schoolA.id, UserKind.TEACHER);
  await account(schoolB.id, UserKind.STUDENT);
  await h.ctx.db.insert(classes).values([
    { id: h.ctx.ids.next(), schoolId: schoolA.id, name: 'Class 1', grade: '2024' },
    { id: h.ctx.ids.next(), schoolId: schoolA.id, name: 'Class 2', grade: '2024' },
    {
      id: h.ctx.ids.next(),
      schoolId: schoolA.id,
      name: 'Archived',
      grade: '2020',
      archivedAt: h.ctx.now(),
    },
  ]);
});
afterAll(() => h.close());

describe('school profile', () => {
  it("answers the actor's own school with names, balances and counts", async () => {
    const res = await profile(manager);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      id: schoolA.id,
      name: '测试职业技术学院',
      url: schoolA.url,
      type: 2,
      typeName: 'Higher vocational college',
      enabled: true,
      province,
      provinceName: 'Test Province',
      city,
      cityName: 'Test City',
      intro: 'An old intro',
      address: 'Old road 1',
      logo: null,
      totalBalance: 123456,
      rechargeBalance: 100000,
      giftBalance: 23456,
      tokenCount: 5000,
      pptCount: 12,
      maxStudents: 800,
      purchasedCourseCount: 4,
      accountCount: 6,
      studentCount: 3,
      teacherCount: 2,
      classCount: 2,
    });
    const zh = await profile(teacher, 'zh');
    expect(zh.data).toMatchObject({
      typeName: '高职院校',
      provinceName: '测试省',
      cityName: '测试市',
    });
  });

  it('refuses platform staff without a school, and students', async () => {
    const student = await signedIn(h.app, h.ctx, { schoolId: schoolA.id, roles: ['student'] });
    for (const who of [operator, student]) {
      expect(await profile(who)).toMatchObject({ status: 403, code: 9000 });
      expect((await update(who, { intro: 'Staff intro', address: 'Staff road' })).status).toBe(403);
    }
  });

  it('updates intro and address of the own school only, with school.profile.edit', async () => {
    const res = await update(manager, { intro: 'A new introduction', address: 'New road 2' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      id: schoolA.id,
      intro: 'A new introduction',
      address: 'New road 2',
      studentCount: 3,
    });
    const [b] = await h.ctx.db.select().from(schools).where(eq(schools.id, schoolB.id));
    expect(b).toMatchObject({ intro: 'B intro', address: '' });
    const other = await profile(managerB);
    expect(other.data).toMatchObject({ id: schoolB.id, intro: 'B intro', studentCount: 1 });
    expect(JSON.stringify(other.data)).not.toContain(schoolA.id);

    expect(
      await update(teacher, { intro: 'Teacher intro', address: 'Teacher road' }),
    ).toMatchObject({
      status: 403,
      errorKey: 'permissions.denied',
    });
    expect((await profile(manager)).data.intro).toBe('A new introduction');
  });

  it('validates the lengths (intro 3–244, address 3–50) and spaces', async () => {
    const short = await update(manager, { intro: 'ab', address: 'x'.repeat(51) });
    expect(short).toMatchObject({
      status: 400,
      code: 9000,
      fields: { intro: 'too_short', address: 'too_long' },
    });
    const long = await update(manager, { intro: 'i'.repeat(245), address: ' padded ' });
    expect(long.fields).toEqual({ intro: 'too_long', address: 'invalid_format' });
    expect((await update(manager, { intro: 'Only intro' })).fields).toEqual({
      address: 'required',
    });
  });
});
