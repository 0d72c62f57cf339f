import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  pathOf,
  type Student,
  type StudentBatchResult,
  type StudentDetail,
  studentsApi,
  teachersApi,
  usersApi,
} from '@platform/contract';
import { classes, customers, schools, users } from '../../db/schema';
import {
  callerOn,
  createSchool,
  createUser,
  passwordGrant,
  signedIn,
  signIn,
} from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let schoolA: string;
let schoolB: string;
let classA: string;
let classA2: string;
let archivedA: string;
let classB: string;
let adminA: Awaited<ReturnType<typeof signedIn>>;
let adminB: Awaited<ReturnType<typeof signedIn>>;
let teacherA: Awaited<ReturnType<typeof signedIn>>;

async function createClass(schoolId: string, name: string, archived = false) {
  const id = h.ctx.ids.next();
  await h.ctx.db
    .insert(classes)
    .values({ id, schoolId, name, grade: '2026', archivedAt: archived ? new Date() : null });
  return id;
}

beforeAll(async () => {
  h = await createHarness();
  schoolA = (await createSchool(h.ctx)).id;
  schoolB = (await createSchool(h.ctx)).id;
  classA = await createClass(schoolA, '物联网1班');
  classA2 = await createClass(schoolA, '物联网2班');
  archivedA = await createClass(schoolA, '已归档班', true);
  classB = await createClass(schoolB, '别校班级');
  adminA = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['school-manager'] });
  adminB = await signedIn(h.app, h.ctx, { schoolId: schoolB, roles: ['school-manager'] });
  teacherA = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['teacher'] });
});
afterAll(() => h.close());

type Who = { headers: Record<string, string> };
const tokenOf = (token: string): Who => ({ headers: { authorization: `Bearer ${token}` } });

const call = callerOn(() => h.app, 'zh');

let seq = 0;
const newStuNo = () => `S${Date.now().toString(36)}${seq++}`;

async function addStudent(body: Record<string, unknown> = {}, who: Who = adminA) {
  const res = await call<StudentDetail>(who, 'POST', studentsApi.save.path, {
    stuNo: newStuNo(),
    name: '李同学',
    sex: 1,
    classId: classA,
    ...body,
  });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

const page = (who: Who, query = '') =>
  call<{ records: Student[]; total: number }>(who, 'GET', `${studentsApi.page.path}?${query}`);
const detail = (who: Who, id: string) =>
  call<StudentDetail>(who, 'GET', pathOf(studentsApi.get.path, { id }));
const defaultPassword = () => h.ctx.config.defaultPassword;

describe('adding and editing students', () => {
  it('adds a student who signs in with the student number and the default password', async () => {
    const stuNo = newStuNo();
    const s = await addStudent({ stuNo, name: '王同学', sex: 2, phone: '' });
    expect(s).toMatchObject({
      stuNo,
      username: stuNo,
      name: '王同学',
      sex: 2,
      phone: null,
      classId: classA,
      className: '物联网1班',
      classArchived: false,
      enabled: true,
      status: 'normal',
      lastLoginAt: null,
    });
    const token = (await signIn(h.app, stuNo, defaultPassword())).access_token;
    expect((await call(tokenOf(token), 'GET', usersApi.current.path)).code).toBe(200);
    const seen = await detail(adminA, s.id);
    expect(Date.parse(seen.data.lastLoginAt ?? '')).not.toBeNaN();
  });

  it('teachers add and edit students with a chosen password and a phone', async () => {
    const s = await addStudent({ phone: '13811112222', password: 'Stu_pass1' }, teacherA);
    expect(s.phone).toBe('13811112222');
    expect((await passwordGrant(h.app, s.stuNo!, 'Stu_pass1')).json().code).toBe(200);
    const edited = await call<StudentDetail>(teacherA, 'POST', studentsApi.save.path, {
      id: s.id,
      stuNo: s.stuNo,
      name: '改名同学',
      sex: 2,
      classId: classA2,
      phone: '',
    });
    expect(edited.data).toMatchObject({
      name: '改名同学',
      sex: 2,
      phone: null,
      className: '物联网2班',
    });
    // A blank password leaves it unchanged.
    expect((await passwordGrant(h.app, s.stuNo!, 'Stu_pass1')).json().code).toBe(200);
  });

  it('refuses bad fields, numbers in use and classes that do not take students', async () => {
    const bad = await call(adminA, 'POST', studentsApi.save.path, {
      stuNo: 'a!',
      name: '',
      sex: 0,
      classId: '',
      phone: '123',
      password: 'abc',
    });
    expect(bad).toMatchObject({ status: 400, code: 9000 });
    expect(bad.fields).toMatchObject({
      stuNo: 'too_short',
      name: 'required',
      sex: 'required',
      classId: 'required',
      phone: 'invalid_format',
      password: 'too_short',
    });

    const first = await addStudent();
    const dup = await call(adminA, 'POST', studentsApi.save.path, {
      stuNo: first.stuNo,
      name: '重复学号',
      sex: 1,
      classId: classA,
    });
    expect(dup).toMatchObject({
      status: 400,
      errorKey: 'students.stu_no_exists',
      fields: { stuNo: 'invalid_value' },
    });

    // A number another account signs in with (here a student of another school).
    const other = await addStudent({ classId: classB }, adminB);
    const taken = await call(adminA, 'POST', studentsApi.save.path, {
      stuNo: other.stuNo!.toLowerCase(),
      name: '占用学号',
      sex: 1,
      classId: classA,
    });
    expect(taken).toMatchObject({
      status: 400,
      errorKey: 'students.stu_no_taken',
      message: '该学号已被占用',
      fields: { stuNo: 'invalid_value' },
    });

    const archived = await call(adminA, 'POST', studentsApi.save.path, {
      stuNo: newStuNo(),
      name: '归档班级',
      sex: 1,
      classId: archivedA,
    });
    expect(archived).toMatchObject({
      status: 400,
      errorKey: 'students.class_archived',
      fields: { classId: 'invalid_value' },
    });
    const foreign = await call(adminA, 'POST', studentsApi.save.path, {
      stuNo: newStuNo(),
      name: '别校班级',
      sex: 1,
      classId: classB,
    });
    expect(foreign).toMatchObject({ status: 404, code: 9000 });
  });

  it('a new student number moves the login; a new password ends the sessions', async () => {
    const s = await addStudent();
    const token = (await signIn(h.app, s.stuNo!, defaultPassword())).access_token;
    const stuNo = newStuNo();
    const edited = await call<StudentDetail>(adminA, 'POST', studentsApi.save.path, {
      id: s.id,
      stuNo,
      name: s.name,
      sex: 1,
      classId: classA,
      password: 'Moved_pass1',
    });
    expect(edited.data).toMatchObject({ stuNo, username: stuNo });
    expect((await call(tokenOf(token), 'GET', usersApi.current.path)).status).toBe(401);
    expect((await passwordGrant(h.app, stuNo, 'Moved_pass1')).json().code).toBe(200);
    expect((await passwordGrant(h.app, s.stuNo!, 'Moved_pass1')).json().code).not.toBe(200);
    // The old number is free again.
    await addStudent({ stuNo: s.stuNo });
  });

  it('a student may stay in an archived class but not move into one', async () => {
    const s = await addStudent();
    await h.ctx.db.update(classes).set({ archivedAt: new Date() }).where(eq(classes.id, classA2));
    try {
      const moved = await call(adminA, 'POST', studentsApi.save.path, {
        id: s.id,
        stuNo: s.stuNo,
        name: s.name,
        sex: 1,
        classId: classA2,
      });
      expect(moved.errorKey).toBe('students.class_archived');
      await h.ctx.db.update(users).set({ classId: classA2 }).where(eq(users.id, s.id));
      const stays = await call<StudentDetail>(adminA, 'POST', studentsApi.save.path, {
        id: s.id,
        stuNo: s.stuNo,
        name: '留在归档班',
        sex: 1,
        classId: classA2,
      });
      expect(stays.data).toMatchObject({ name: '留在归档班', classArchived: true });
    } finally {
      await h.ctx.db.update(classes).set({ archivedAt: null }).where(eq(classes.id, classA2));
    }
  });
});

describe("the school's student limit", () => {
  it('refuses adding past maxStudents, alone or in a batch, and 0 means no limit', async () => {
    const school = (await createSchool(h.ctx, { maxStudents: 3 })).id;
    const klass = await createClass(school, '限额班');
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    await addStudent({ classId: klass }, admin);
    await addStudent({ classId: klass }, admin);

    const over = await call(admin, 'POST', studentsApi.batchCreate.path, {
      classId: klass,
      stuNoPrefix: `Q${school.slice(-6)}`,
      start: 1,
      count: 2,
      digits: 3,
    });
    expect(over).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'students.batch_over_limit',
      message: '新建 2 个账号将超过学校的学生账号上限（上限 3 个，已有 2 个）',
    });
    const count = async () =>
      (
        await h.ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.schoolId, school), eq(users.kind, 1), isNull(users.deletedAt)))
      ).length;
    expect(await count()).toBe(2);

    await addStudent({ classId: klass }, admin);
    const full = await call(
      admin,
      'POST',
      studentsApi.save.path,
      { stuNo: newStuNo(), name: '满员', sex: 1, classId: klass },
      'en',
    );
    expect(full).toMatchObject({
      status: 409,
      errorKey: 'students.school_full',
      message: 'The school has reached its limit of 3 student accounts; no more can be added',
    });
    expect(await count()).toBe(3);

    await h.ctx.db.update(schools).set({ maxStudents: 0 }).where(eq(schools.id, school));
    await addStudent({ classId: klass }, admin);
    expect(await count()).toBe(4);
  });
});

describe('concurrent additions', () => {
  it('one of two adds of the same number wins, and the limit holds under concurrency', async () => {
    const stuNo = newStuNo();
    const body = { stuNo, name: '并发同学', sex: 1, classId: classA };
    const both = await Promise.all([
      call(adminA, 'POST', studentsApi.save.path, body),
      call(adminA, 'POST', studentsApi.save.path, body),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(both.find((a) => a.status === 400)?.fields).toEqual({ stuNo: 'invalid_value' });

    const school = (await createSchool(h.ctx, { maxStudents: 2 })).id;
    const klass = await createClass(school, '并发班');
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        call(admin, 'POST', studentsApi.save.path, {
          stuNo: newStuNo(),
          name: '并发同学',
          sex: 1,
          classId: klass,
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.errorKey === 'students.school_full')).toHaveLength(2);
  });
});

describe('new student accounts in a batch', () => {
  it('creates numbered accounts with the default password and the number as name', async () => {
    const prefix = `B${Date.now().toString(36)}`;
    const res = await call<StudentBatchResult>(adminA, 'POST', studentsApi.batchCreate.path, {
      classId: classA,
      stuNoPrefix: prefix,
      start: 9,
      count: 3,
      digits: 3,
    });
    expect(res.data).toEqual({
      stuNos: [`${prefix}009`, `${prefix}010`, `${prefix}011`],
      className: '物联网1班',
    });
    const listed = await page(adminA, `stuNo=${prefix}&pageSize=10`);
    expect(
      listed.data.records.map((r) => [r.stuNo, r.name, r.username, r.className]).sort(),
    ).toEqual(res.data.stuNos.map((n) => [n, n, n, '物联网1班']));
    expect((await passwordGrant(h.app, `${prefix}010`, defaultPassword())).json().code).toBe(200);

    // All or nothing: one number in use refuses the batch and lists it.
    const again = await call(adminA, 'POST', studentsApi.batchCreate.path, {
      classId: classA,
      stuNoPrefix: prefix,
      start: 5,
      count: 6,
      digits: 3,
    });
    expect(again).toMatchObject({
      status: 409,
      errorKey: 'students.batch_taken',
      message: `以下 2 个学号已被占用：${prefix}009, ${prefix}010`,
    });
    expect((await page(adminA, `stuNo=${prefix}`)).data.total).toBe(3);
  });

  it('checks the batch shape, the class and who may create', async () => {
    const body = { classId: classA, stuNoPrefix: 'X', start: 1, count: 5, digits: 2 };
    const tooMany = await call(adminA, 'POST', studentsApi.batchCreate.path, {
      ...body,
      count: 201,
    });
    expect(tooMany).toMatchObject({ status: 400, fields: { count: 'invalid_value' } });
    const narrow = await call(adminA, 'POST', studentsApi.batchCreate.path, {
      ...body,
      start: 98,
      count: 5,
    });
    expect(narrow).toMatchObject({ status: 400, fields: { digits: 'invalid_value' } });
    const short = await call(adminA, 'POST', studentsApi.batchCreate.path, {
      ...body,
      stuNoPrefix: '',
      digits: 2,
    });
    expect(short).toMatchObject({ status: 400, fields: { digits: 'too_short' } });
    const archived = await call(adminA, 'POST', studentsApi.batchCreate.path, {
      ...body,
      classId: archivedA,
    });
    expect(archived.errorKey).toBe('students.class_archived');
    const foreign = await call(adminA, 'POST', studentsApi.batchCreate.path, {
      ...body,
      classId: classB,
    });
    expect(foreign).toMatchObject({ status: 404, code: 9000 });
    const teacher = await call(teacherA, 'POST', studentsApi.batchCreate.path, body);
    expect(teacher).toMatchObject({ status: 403, code: 9000 });
  });
});

describe('passwords and account state', () => {
  it('a random password is 8 letters and digits, signs in and ends the old sessions', async () => {
    const s = await addStudent();
    const token = (await signIn(h.app, s.stuNo!, defaultPassword())).access_token;
    const res = await call<{ password: string }>(teacherA, 'POST', studentsApi.resetPassword.path, {
      id: s.id,
      mode: 'random',
    });
    expect(res.code).toBe(200);
    expect(res.message).toBe('密码已重置');
    const { password } = res.data;
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(password).toMatch(/[A-Za-z]/);
    expect(password).toMatch(/\d/);
    expect((await call(tokenOf(token), 'GET', usersApi.current.path)).status).toBe(401);
    expect((await passwordGrant(h.app, s.stuNo!, password)).json().code).toBe(200);

    const back = await call<{ password: string }>(adminA, 'POST', studentsApi.resetPassword.path, {
      id: s.id,
      mode: 'default',
    });
    expect(back.data.password).toBe(defaultPassword());
    expect((await passwordGrant(h.app, s.stuNo!, defaultPassword())).json().code).toBe(200);
    expect(
      (await call(adminA, 'POST', studentsApi.resetPassword.path, { id: s.id, mode: 'x' })).status,
    ).toBe(400);
  });

  it('disabling ends the sessions; teachers may not enable or disable', async () => {
    const s = await addStudent();
    const token = (await signIn(h.app, s.stuNo!, defaultPassword())).access_token;
    const byTeacher = await call(teacherA, 'POST', studentsApi.enable.path, {
      id: s.id,
      enabled: false,
    });
    expect(byTeacher).toMatchObject({ status: 403, code: 9000 });
    expect((await call(tokenOf(token), 'GET', usersApi.current.path)).code).toBe(200);

    const off = await call<StudentDetail>(adminA, 'POST', studentsApi.enable.path, {
      id: s.id,
      enabled: false,
    });
    expect(off.data).toMatchObject({ enabled: false, status: 'deactivated' });
    expect((await call(tokenOf(token), 'GET', usersApi.current.path)).status).toBe(401);
    expect((await passwordGrant(h.app, s.stuNo!, defaultPassword())).json().errorKey).toBe(
      'auth.account_disabled',
    );
    await call(adminA, 'POST', studentsApi.enable.path, { id: s.id, enabled: true });
    expect((await passwordGrant(h.app, s.stuNo!, defaultPassword())).json().code).toBe(200);
  });

  it('students and platform staff may not use the student routes', async () => {
    const s = await addStudent();
    const student = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['student'] });
    const operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    for (const who of [student, operator]) {
      const answers = await Promise.all([
        page(who),
        detail(who, s.id),
        call(who, 'POST', studentsApi.save.path, {
          stuNo: newStuNo(),
          name: '越权',
          sex: 1,
          classId: classA,
        }),
        call(who, 'POST', studentsApi.enable.path, { id: s.id, enabled: false }),
        call(who, 'POST', studentsApi.resetPassword.path, { id: s.id, mode: 'random' }),
      ]);
      for (const a of answers) expect(a).toMatchObject({ status: 403, code: 9000 });
    }
  });
});

describe('listing students', () => {
  it('pages on the server with name, number, phone, class and status filters', async () => {
    const school = (await createSchool(h.ctx)).id;
    const k1 = await createClass(school, '一班');
    const k2 = await createClass(school, '二班');
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    const added: StudentDetail[] = [];
    for (let i = 0; i < 5; i++) {
      added.push(
        await addStudent(
          {
            name: `列表学生${i}`,
            classId: i < 3 ? k1 : k2,
            phone: `1360000000${i}`,
          },
          admin,
        ),
      );
    }
    await call(admin, 'POST', studentsApi.enable.path, { id: added[0]!.id, enabled: false });
    // Teachers of the school are not students.
    await createUser(h.ctx, { schoolId: school, roles: ['teacher'] });

    const first = await page(admin, 'pageSize=2&pageNum=1');
    expect(first.data.total).toBe(5);
    expect(first.data.records).toHaveLength(2);
    // Newest first.
    expect(first.data.records[0]!.id).toBe(added[4]!.id);
    const last = await page(admin, 'pageSize=2&pageNum=3');
    expect(last.data.records.map((r) => r.id)).toEqual([added[0]!.id]);

    const ids = async (q: string) => (await page(admin, q)).data.records.map((r) => r.id).sort();
    expect(await ids(`name=${encodeURIComponent('列表学生2')}`)).toEqual([added[2]!.id]);
    expect(await ids(`stuNo=${added[3]!.stuNo}`)).toEqual([added[3]!.id]);
    expect(await ids('phone=13600000001')).toEqual([added[1]!.id]);
    expect(await ids(`classId=${k2}`)).toEqual([added[3]!.id, added[4]!.id].sort());
    expect(await ids('status=deactivated')).toEqual([added[0]!.id]);
    expect((await page(admin, 'status=normal')).data.total).toBe(4);
    expect((await page(admin, `classId=${k1}&status=normal`)).data.total).toBe(2);
    expect((await page(admin, 'status=expired')).data.total).toBe(0);
    const row = (await page(admin, `stuNo=${added[3]!.stuNo}`)).data.records[0]!;
    expect(row).toMatchObject({ className: '二班', status: 'normal', phone: '13600000003' });

    await h.ctx.db.insert(customers).values({
      id: h.ctx.ids.next(),
      schoolId: school,
      name: 'ended',
      kind: 1,
      serviceStart: new Date(Date.now() - 2 * 86_400_000),
      serviceEnd: new Date(Date.now() - 86_400_000),
    });
    expect((await page(admin, 'status=expired')).data.total).toBe(4);
    expect((await detail(admin, added[1]!.id)).data.status).toBe('expired');

    // Another school sees none of them, and cannot filter by this school's class.
    expect((await page(adminA, `name=${encodeURIComponent('列表学生')}`)).data.total).toBe(0);
    expect(await page(adminA, `classId=${k1}`)).toMatchObject({ status: 404, code: 9000 });
  });
});

describe('the API description', () => {
  it('describes the student and teacher routes from their schemas', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of [
      studentsApi.page.path,
      studentsApi.save.path,
      studentsApi.batchCreate.path,
      studentsApi.resetPassword.path,
      teachersApi.page.path,
      teachersApi.save.path,
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    const batch =
      doc.paths[studentsApi.batchCreate.path].post.requestBody.content['application/json'].schema;
    expect(batch.required).toEqual(
      expect.arrayContaining(['classId', 'stuNoPrefix', 'start', 'count', 'digits']),
    );
  });
});

describe('tenant isolation', () => {
  it('answers ids of other schools, and of teachers, as not found on every route', async () => {
    const s = await addStudent();
    const teacher = await createUser(h.ctx, { schoolId: schoolA, roles: ['teacher'] });
    for (const [who, id] of [
      [adminB, s.id],
      [adminA, teacher.id],
    ] as const) {
      const answers = await Promise.all([
        detail(who, id),
        call(who, 'POST', studentsApi.save.path, {
          id,
          stuNo: newStuNo(),
          name: '越权',
          sex: 1,
          classId: classB,
        }),
        call(who, 'POST', studentsApi.enable.path, { id, enabled: false }),
        call(who, 'POST', studentsApi.resetPassword.path, { id, mode: 'random' }),
      ]);
      for (const a of answers) {
        expect(a).toMatchObject({ status: 404, code: 9000 });
        expect(a.data ?? null).toBeNull();
      }
    }
    expect((await detail(adminA, s.id)).data).toMatchObject({ name: s.name, enabled: true });
    expect((await passwordGrant(h.app, s.stuNo!, defaultPassword())).json().code).toBe(200);
    // Moving a student into another school's class is not found either.
    const move = await call(adminA, 'POST', studentsApi.save.path, {
      id: s.id,
      stuNo: s.stuNo,
      name: s.name,
      sex: 1,
      classId: classB,
    });
    expect(move).toMatchObject({ status: 404, code: 9000 });
  });
});
