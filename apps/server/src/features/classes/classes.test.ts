import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, UserKind, type ClassRecord, classesApi } from '@platform/contract';
import { classes, departments, majors, studentTasks, teachingTasks, users } from '../../db/schema';
import { callerOn, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

type Caller = Awaited<ReturnType<typeof signedIn>>;

let h: Harness;
let schoolA: string;
let schoolB: string;
let manager: Caller;
let teacher: Caller;
let managerB: Caller;
let operator: Caller;
let studentCaller: Caller;
let majorA: string;
let majorA2: string;
let majorB: string;

/** A department with majors of a school, written directly. */
async function makeMajors(schoolId: string, names: string[]): Promise<string[]> {
  const departmentId = h.ctx.ids.next();
  await h.ctx.db
    .insert(departments)
    .values({ id: departmentId, schoolId, name: `Dept ${departmentId}` });
  const ids = names.map(() => h.ctx.ids.next());
  await h.ctx.db
    .insert(majors)
    .values(names.map((name, i) => ({ id: ids[i]!, schoolId, departmentId, name })));
  return ids;
}

/** A student account in a class (users row with kind 1). */
async function makeStudent(schoolId: string, classId: string, deleted = false): Promise<string> {
  const id = h.ctx.ids.next();
  await h.ctx.db.insert(users).values({
    id,
    schoolId,
    classId,
    username: `stu_${id}`,
    passwordHash: 'unused',
    kind: UserKind.STUDENT,
    deletedAt: deleted ? h.ctx.now() : null,
  });
  return id;
}

/** Training data: a teaching task of the school and one student task per student. */
async function makeTasks(schoolId: string, teacherId: string, studentIds: string[]) {
  const taskId = h.ctx.ids.next();
  await h.ctx.db.insert(teachingTasks).values({ id: taskId, schoolId, teacherId, name: 'Lab 1' });
  await h.ctx.db
    .insert(studentTasks)
    .values(studentIds.map((studentId) => ({ id: h.ctx.ids.next(), schoolId, taskId, studentId })));
  return taskId;
}

async function tasksOf(studentIds: string[]) {
  return h.ctx.db
    .select({ studentId: studentTasks.studentId })
    .from(studentTasks)
    .where(inArray(studentTasks.studentId, studentIds));
}

const call = callerOn(() => h.app);

const save = (who: Caller, body: unknown) =>
  call<ClassRecord>(who, 'POST', classesApi.save.path, body);
const del = (who: Caller, id: string, lang = 'en') =>
  call(who, 'POST', pathOf(classesApi.delete.path, { id }), undefined, lang);
const archive = (who: Caller, id: string, body: unknown = { confirm: 'delete' }) =>
  call<ClassRecord>(who, 'POST', pathOf(classesApi.archive.path, { id }), body);
const get = (who: Caller, id: string) =>
  call<ClassRecord>(who, 'GET', pathOf(classesApi.get.path, { id }));
const page = (who: Caller, query = '') =>
  call<{ records: ClassRecord[]; total: number; pageNum: number; pageSize: number }>(
    who,
    'GET',
    `${classesApi.page.path}${query}`,
  );

async function addClass(name: string, grade = '2024', majorIds = [majorA]) {
  const res = await save(manager, { name, grade, majorIds });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

beforeAll(async () => {
  h = await createHarness();
  schoolA = (await createSchool(h.ctx)).id;
  schoolB = (await createSchool(h.ctx)).id;
  manager = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['school-manager'] });
  teacher = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['teacher'] });
  studentCaller = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['student'] });
  managerB = await signedIn(h.app, h.ctx, { schoolId: schoolB, roles: ['school-manager'] });
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
  [majorA, majorA2] = (await makeMajors(schoolA, ['Internet of Things', 'Big Data'])) as [
    string,
    string,
  ];
  [majorB] = (await makeMajors(schoolB, ['Other school major'])) as [string];
});
afterAll(() => h.close());

describe('class save and read', () => {
  it('adds with majors, reads, updates and lists', async () => {
    const added = await addClass('IoT 2024-1', '2024', [majorA2, majorA, majorA]);
    expect(added).toMatchObject({
      name: 'IoT 2024-1',
      grade: '2024',
      // In the majors' order (sort, then name), each once.
      majors: [
        { id: majorA2, name: 'Big Data' },
        { id: majorA, name: 'Internet of Things' },
      ],
      studentCount: 0,
      archived: false,
      archivedAt: null,
    });
    await makeStudent(schoolA, added.id);
    await makeStudent(schoolA, added.id);
    await makeStudent(schoolA, added.id, true);

    const got = await get(manager, added.id);
    expect(got.data).toMatchObject({ id: added.id, studentCount: 2 });

    const updated = await save(teacher, {
      id: added.id,
      name: 'IoT 2024-01',
      grade: '2025',
      majorIds: [majorA2],
    });
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({
      id: added.id,
      name: 'IoT 2024-01',
      grade: '2025',
      majors: [{ id: majorA2, name: 'Big Data' }],
      studentCount: 2,
    });

    const list = await call<{ id: string }[]>(teacher, 'GET', classesApi.list.path);
    expect(list.data).toContainEqual({
      id: added.id,
      name: 'IoT 2024-01',
      grade: '2025',
      archived: false,
    });
  });

  it('validates name, grade and majors with field errors', async () => {
    const res = await save(manager, { name: 'A', grade: '24', majorIds: [] });
    expect(res).toMatchObject({
      status: 400,
      code: 9000,
      fields: { name: 'too_short', grade: 'invalid_format', majorIds: 'required' },
    });
    const missing = await save(manager, { name: 'Fine name' });
    expect(missing.fields).toMatchObject({ grade: 'required', majorIds: 'required' });
    const spaces = await save(manager, { name: ' padded ', grade: '2024', majorIds: [majorA] });
    expect(spaces.fields).toEqual({ name: 'invalid_format' });
  });

  it('refuses a name used by another class in use, with a field error; archived ones free it', async () => {
    const first = await addClass('Duplicate me');
    const again = await save(manager, { name: 'duplicate ME', grade: '2024', majorIds: [majorA] });
    expect(again).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'classes.name_taken',
      message: 'A class with this name already exists',
      fields: { name: 'invalid_value' },
    });
    const other = await addClass('Not a duplicate');
    const rename = await save(manager, {
      id: other.id,
      name: 'Duplicate me',
      grade: '2024',
      majorIds: [majorA],
    });
    expect(rename.errorKey).toBe('classes.name_taken');
    // Saving a class under its own name is fine.
    expect(
      (
        await save(manager, {
          id: first.id,
          name: 'Duplicate me',
          grade: '2023',
          majorIds: [majorA],
        })
      ).code,
    ).toBe(200);

    expect((await archive(manager, first.id)).code).toBe(200);
    expect(
      (await save(manager, { name: 'Duplicate me', grade: '2024', majorIds: [majorA] })).code,
    ).toBe(200);
    // Another school may use the same name.
    const elsewhere = await save(managerB, {
      name: 'Not a duplicate',
      grade: '2024',
      majorIds: [majorB],
    });
    expect(elsewhere.code).toBe(200);
  });

  it("refuses another school's major as not found, and writes nothing", async () => {
    const res = await save(manager, {
      name: 'Mixed majors',
      grade: '2024',
      majorIds: [majorA, majorB],
    });
    expect(res).toMatchObject({
      status: 404,
      code: 9000,
      errorKey: 'org.major_not_found',
      fields: { majorIds: 'invalid_value' },
    });
    const rows = await h.ctx.db.select().from(classes).where(eq(classes.name, 'Mixed majors'));
    expect(rows).toEqual([]);
    const unknown = await save(manager, { name: 'Ghost major', grade: '2024', majorIds: ['123'] });
    expect(unknown.status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a teacher read, add and edit, but not delete or archive', async () => {
    const added = await save(teacher, { name: 'Teacher made', grade: '2024', majorIds: [majorA] });
    expect(added.code).toBe(200);
    expect((await page(teacher)).code).toBe(200);
    expect(await del(teacher, added.data.id)).toMatchObject({
      status: 403,
      code: 9000,
      errorKey: 'permissions.denied',
    });
    expect(await archive(teacher, added.data.id)).toMatchObject({ status: 403, code: 9000 });
    expect((await get(manager, added.data.id)).data.archived).toBe(false);
  });

  it('refuses platform staff without a school, and students', async () => {
    const cls = await addClass('Staff cannot see');
    for (const who of [operator, studentCaller]) {
      expect((await page(who)).status).toBe(403);
      expect((await call(who, 'GET', classesApi.list.path)).status).toBe(403);
      expect((await get(who, cls.id)).status).toBe(403);
      expect(
        (await save(who, { name: 'Nope class', grade: '2024', majorIds: [majorA] })).status,
      ).toBe(403);
      expect((await del(who, cls.id)).status).toBe(403);
      expect((await archive(who, cls.id)).status).toBe(403);
    }
  });
});

describe('delete', () => {
  it('refuses while the class holds a student, with the translated message', async () => {
    const cls = await addClass('Has students');
    const stu = await makeStudent(schoolA, cls.id);
    expect(await del(manager, cls.id, 'zh')).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'classes.has_students',
      message: '该班级下存在学生，无法删除',
    });
    expect((await del(manager, cls.id)).message).toBe(
      'This class has students and cannot be deleted',
    );
    // Once the student is deleted (soft), the class can go.
    await h.ctx.db.update(users).set({ deletedAt: h.ctx.now() }).where(eq(users.id, stu));
    expect((await del(manager, cls.id)).code).toBe(200);
    expect((await get(manager, cls.id)).status).toBe(404);
    const [left] = await h.ctx.db.select().from(users).where(eq(users.id, stu));
    expect(left?.classId).toBeNull();
  });

  it('deletes an empty class with its major links', async () => {
    const cls = await addClass('Empty class', '2022', [majorA, majorA2]);
    expect((await del(manager, cls.id)).code).toBe(200);
    expect(await del(manager, cls.id)).toMatchObject({
      status: 404,
      errorKey: 'classes.not_found',
    });
  });
});

describe('archive', () => {
  it("needs the word delete, then clears only this class's students' training data", async () => {
    const target = await addClass('Archive me');
    const neighbour = await addClass('Keep me');
    const s1 = await makeStudent(schoolA, target.id);
    const s2 = await makeStudent(schoolA, target.id);
    const n1 = await makeStudent(schoolA, neighbour.id);
    const otherSchoolClass = (
      await save(managerB, { name: 'B class', grade: '2024', majorIds: [majorB] })
    ).data;
    const b1 = await makeStudent(schoolB, otherSchoolClass.id);
    await makeTasks(schoolA, teacher.id, [s1, s2, n1]);
    await makeTasks(schoolA, teacher.id, [s1]);
    await makeTasks(schoolB, managerB.id, [b1]);

    for (const body of [{}, { confirm: 'Delete' }, { confirm: 'yes' }, { confirm: ' delete' }]) {
      const refused = await archive(manager, target.id, body);
      expect(refused).toMatchObject({
        status: 400,
        code: 9000,
        fields: { confirm: 'invalid_value' },
      });
    }
    const noBody = await h.app.inject({
      method: 'POST',
      url: pathOf(classesApi.archive.path, { id: target.id }),
      headers: manager.headers,
    });
    expect(noBody.json()).toMatchObject({ code: 9000, fields: { confirm: 'required' } });
    expect(await tasksOf([s1, s2])).toHaveLength(3);

    const done = await archive(manager, target.id);
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({ id: target.id, archived: true, studentCount: 2 });
    expect(done.data.archivedAt).not.toBeNull();
    expect(await tasksOf([s1, s2])).toEqual([]);
    expect(await tasksOf([n1])).toHaveLength(1);
    expect(await tasksOf([b1])).toHaveLength(1);
    // The students stay in the class.
    expect((await get(manager, target.id)).data.studentCount).toBe(2);

    expect(await archive(manager, target.id)).toMatchObject({
      status: 409,
      errorKey: 'classes.archived',
    });
    const edit = await save(manager, {
      id: target.id,
      name: 'Archive me',
      grade: '2024',
      majorIds: [majorA],
    });
    expect(edit).toMatchObject({ status: 409, errorKey: 'classes.archived' });
  });

  it('moves the class out of the lists in use', async () => {
    const cls = await addClass('Soon archived');
    await archive(manager, cls.id);
    const inUse = await page(manager, '?pageSize=100');
    expect(inUse.data.records.map((r) => r.id)).not.toContain(cls.id);
    const archived = await page(manager, '?archived=true&pageSize=100');
    expect(archived.data.records.map((r) => r.id)).toContain(cls.id);
    expect(archived.data.records.every((r) => r.archived)).toBe(true);
    const list = await call<{ id: string }[]>(manager, 'GET', classesApi.list.path);
    expect(list.data.map((c) => c.id)).not.toContain(cls.id);
    const all = await call<{ id: string; archived: boolean }[]>(
      manager,
      'GET',
      `${classesApi.list.path}?includeArchived=true`,
    );
    expect(all.data).toContainEqual(expect.objectContaining({ id: cls.id, archived: true }));
  });
});

describe('page', () => {
  it('pages on the server and filters by name, grade and major', async () => {
    const school = (await createSchool(h.ctx)).id;
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    const [m1, m2] = (await makeMajors(school, ['Paging major 1', 'Paging major 2'])) as [
      string,
      string,
    ];
    for (let i = 0; i < 12; i++) {
      const res = await save(admin, {
        name: `Class ${String(i).padStart(2, '0')}`,
        grade: i < 4 ? '2023' : '2024',
        majorIds: i % 3 === 0 ? [m2] : [m1],
      });
      expect(res.code).toBe(200);
      h.advance(1000);
    }
    const third = await page(admin, '?pageNum=3&pageSize=5');
    expect(third.data).toMatchObject({ total: 12, pageNum: 3, pageSize: 5 });
    // Newest first.
    expect(third.data.records.map((r) => r.name)).toEqual(['Class 01', 'Class 00']);

    const byName = await page(admin, '?name=ss%200');
    expect(byName.data.total).toBe(10);
    expect((await page(admin, '?name=%25')).data.total).toBe(0);
    expect((await page(admin, '?grade=2023')).data.total).toBe(4);
    const byMajor = await page(admin, `?majorId=${m2}&pageSize=100`);
    expect(byMajor.data.records.map((r) => r.name).sort()).toEqual([
      'Class 00',
      'Class 03',
      'Class 06',
      'Class 09',
    ]);
    expect((await page(admin, `?majorId=${majorA}`)).data.total).toBe(0);
    expect((await page(admin, '?pageSize=1000')).status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("answers another school's class as not found on every route", async () => {
    const mine = await addClass('Only school A');
    await makeStudent(schoolA, mine.id);
    const stranger = managerB;
    const read = await get(stranger, mine.id);
    expect(read).toMatchObject({ status: 404, code: 9000, errorKey: 'classes.not_found' });
    expect(read.data).toBeUndefined();
    expect(
      await save(stranger, { id: mine.id, name: 'Hijacked', grade: '2024', majorIds: [majorB] }),
    ).toMatchObject({ status: 404, code: 9000 });
    expect(await del(stranger, mine.id)).toMatchObject({ status: 404, code: 9000 });
    expect(await archive(stranger, mine.id)).toMatchObject({ status: 404, code: 9000 });

    const pageB = await page(stranger, '?pageSize=100');
    expect(pageB.data.records.map((r) => r.id)).not.toContain(mine.id);
    expect((await page(stranger, `?majorId=${majorA}`)).data.total).toBe(0);
    const listB = await call<{ id: string }[]>(
      stranger,
      'GET',
      `${classesApi.list.path}?includeArchived=true`,
    );
    expect(listB.data.map((c) => c.id)).not.toContain(mine.id);

    const after = await get(manager, mine.id);
    expect(after.data).toMatchObject({ name: 'Only school A', archived: false, studentCount: 1 });
  });
});
