import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  UserKind,
  type Department,
  type Major,
  type MajorOption,
  type OrgTreeDepartment,
  orgApi,
} from '@platform/contract';
import { classMajors, classes, departments, majors, users } from '../../db/schema';
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

const call = callerOn(() => h.app);

const saveDepartment = (who: Caller, body: unknown) =>
  call<Department>(who, 'POST', orgApi.saveDepartment.path, body);
const deleteDepartment = (who: Caller, id: string, lang = 'en') =>
  call(who, 'POST', pathOf(orgApi.deleteDepartment.path, { id }), undefined, lang);
const saveMajor = (who: Caller, body: unknown) =>
  call<Major>(who, 'POST', orgApi.saveMajor.path, body);
const deleteMajor = (who: Caller, id: string, lang = 'en') =>
  call(who, 'POST', pathOf(orgApi.deleteMajor.path, { id }), undefined, lang);
const tree = (who: Caller, query = '') =>
  call<OrgTreeDepartment[]>(who, 'GET', `${orgApi.tree.path}${query}`);

async function department(who: Caller, name: string, sort = 0) {
  const res = await saveDepartment(who, { name, sort });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

async function major(who: Caller, departmentId: string, name: string, sort = 0) {
  const res = await saveMajor(who, { departmentId, name, sort });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

/** A class of the school with majors, and live students in it, written directly. */
async function makeClass(
  schoolId: string,
  name: string,
  majorIds: string[],
  opts: { students?: number; archived?: boolean } = {},
) {
  const id = h.ctx.ids.next();
  await h.ctx.db.insert(classes).values({
    id,
    schoolId,
    name,
    grade: '2024',
    archivedAt: opts.archived ? h.ctx.now() : null,
  });
  await h.ctx.db
    .insert(classMajors)
    .values(majorIds.map((majorId) => ({ classId: id, majorId, schoolId })));
  for (let i = 0; i < (opts.students ?? 0); i++) {
    const userId = h.ctx.ids.next();
    await h.ctx.db.insert(users).values({
      id: userId,
      schoolId,
      classId: id,
      username: `stu_${userId}`,
      passwordHash: 'unused',
      kind: UserKind.STUDENT,
    });
  }
  return id;
}

beforeAll(async () => {
  h = await createHarness();
  schoolA = (await createSchool(h.ctx)).id;
  schoolB = (await createSchool(h.ctx)).id;
  manager = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['school-manager'] });
  teacher = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['teacher'] });
  managerB = await signedIn(h.app, h.ctx, { schoolId: schoolB, roles: ['school-manager'] });
  operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
});
afterAll(() => h.close());

describe('organization tree', () => {
  it('lists departments by sort, their majors and each class under each of its majors', async () => {
    const school = (await createSchool(h.ctx)).id;
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    const second = await department(admin, 'Engineering', 2);
    const first = await department(admin, 'Computing', 1);
    const ai = await major(admin, first.id, 'Artificial Intelligence', 2);
    const iot = await major(admin, first.id, 'Internet of Things', 1);
    const civil = await major(admin, second.id, 'Civil Engineering');
    const shared = await makeClass(school, 'Shared class', [ai.id, iot.id], { students: 3 });
    const old = await makeClass(school, 'Old class', [iot.id], { students: 1, archived: true });

    const res = await tree(admin);
    expect(res.code).toBe(200);
    expect(res.data).toEqual([
      {
        id: first.id,
        name: 'Computing',
        sort: 1,
        majors: [
          {
            id: iot.id,
            departmentId: first.id,
            name: 'Internet of Things',
            sort: 1,
            classes: [
              { id: shared, name: 'Shared class', grade: '2024', archived: false, studentCount: 3 },
            ],
          },
          {
            id: ai.id,
            departmentId: first.id,
            name: 'Artificial Intelligence',
            sort: 2,
            classes: [
              { id: shared, name: 'Shared class', grade: '2024', archived: false, studentCount: 3 },
            ],
          },
        ],
      },
      {
        id: second.id,
        name: 'Engineering',
        sort: 2,
        majors: [
          {
            id: civil.id,
            departmentId: second.id,
            name: 'Civil Engineering',
            sort: 0,
            classes: [],
          },
        ],
      },
    ]);

    const withArchived = await tree(admin, '?archived=true');
    const iotClasses = withArchived.data[0]!.majors[0]!.classes;
    expect(iotClasses.map((c) => [c.id, c.archived])).toEqual(
      expect.arrayContaining([
        [shared, false],
        [old, true],
      ]),
    );
    expect(iotClasses).toHaveLength(2);

    const list = await call<MajorOption[]>(admin, 'GET', orgApi.majors.path);
    expect(list.data.map((m) => [m.name, m.departmentName])).toEqual([
      ['Internet of Things', 'Computing'],
      ['Artificial Intelligence', 'Computing'],
      ['Civil Engineering', 'Engineering'],
    ]);
  });

  it('is read by teachers; platform staff without a school and students are refused', async () => {
    expect((await tree(teacher)).code).toBe(200);
    expect((await call(teacher, 'GET', orgApi.majors.path)).code).toBe(200);
    const student = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['student'] });
    for (const who of [operator, student]) {
      expect(await tree(who)).toMatchObject({ status: 403, code: 9000 });
      expect((await call(who, 'GET', orgApi.majors.path)).status).toBe(403);
    }
  });
});

describe('departments', () => {
  it('adds, renames and deletes; names are unique per school', async () => {
    const d = await department(manager, 'Department of Physics', 5);
    const renamed = await saveDepartment(manager, { id: d.id, name: 'School of Physics', sort: 6 });
    expect(renamed.data).toEqual({ id: d.id, name: 'School of Physics', sort: 6 });

    const dup = await saveDepartment(manager, { name: 'School of Physics' });
    expect(dup).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'org.department_name_taken',
      message: 'A department with this name already exists',
      fields: { name: 'invalid_value' },
    });
    const other = await department(manager, 'Department of Chemistry');
    expect(
      (await saveDepartment(manager, { id: other.id, name: 'School of Physics' })).status,
    ).toBe(409);
    // Another school may use the name.
    expect((await saveDepartment(managerB, { name: 'School of Physics' })).code).toBe(200);

    expect((await deleteDepartment(manager, d.id)).code).toBe(200);
    expect(await deleteDepartment(manager, d.id)).toMatchObject({
      status: 404,
      errorKey: 'org.department_not_found',
    });
  });

  it('validates the name length and sort', async () => {
    expect((await saveDepartment(manager, { name: 'X' })).fields).toEqual({ name: 'too_short' });
    expect((await saveDepartment(manager, { name: 'Y'.repeat(31) })).fields).toEqual({
      name: 'too_long',
    });
    expect((await saveDepartment(manager, { name: 'Fine name', sort: -1 })).fields).toEqual({
      sort: 'invalid_value',
    });
  });

  it('refuses to delete a department that has majors, with a translated message', async () => {
    const d = await department(manager, 'Has majors');
    const m = await major(manager, d.id, 'Blocking major');
    expect(await deleteDepartment(manager, d.id, 'zh')).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'org.department_has_majors',
      message: '删除失败，该院系下存在专业',
    });
    expect((await deleteDepartment(manager, d.id)).message).toBe(
      'Delete failed: this department still has majors',
    );
    expect((await deleteMajor(manager, m.id)).code).toBe(200);
    expect((await deleteDepartment(manager, d.id)).code).toBe(200);
  });

  it('needs org.edit: a teacher may not write', async () => {
    const d = await department(manager, 'Teachers cannot touch');
    expect(await saveDepartment(teacher, { name: 'By a teacher' })).toMatchObject({
      status: 403,
      errorKey: 'permissions.denied',
    });
    expect((await saveDepartment(teacher, { id: d.id, name: 'Renamed' })).status).toBe(403);
    expect((await deleteDepartment(teacher, d.id)).status).toBe(403);
    expect((await saveDepartment(operator, { name: 'By staff' })).status).toBe(403);
    const [row] = await h.ctx.db.select().from(departments).where(eq(departments.id, d.id));
    expect(row?.name).toBe('Teachers cannot touch');
  });
});

describe('majors', () => {
  it('adds, moves between departments, and refuses duplicates', async () => {
    const d1 = await department(manager, 'Majors one');
    const d2 = await department(manager, 'Majors two');
    const m = await major(manager, d1.id, 'Robotics', 3);
    expect(m).toMatchObject({ departmentId: d1.id, name: 'Robotics', sort: 3 });
    const moved = await saveMajor(manager, { id: m.id, departmentId: d2.id, name: 'Robotics' });
    expect(moved.data).toMatchObject({ id: m.id, departmentId: d2.id, sort: 0 });
    expect(await saveMajor(manager, { departmentId: d1.id, name: 'Robotics' })).toMatchObject({
      status: 409,
      errorKey: 'org.major_name_taken',
      fields: { name: 'invalid_value' },
    });
    expect((await saveMajor(manager, { departmentId: '', name: 'No department' })).fields).toEqual({
      departmentId: 'required',
    });
  });

  it('refuses to delete a major that classes use, archived ones too', async () => {
    const d = await department(manager, 'Majors in use');
    const used = await major(manager, d.id, 'Used by a class');
    const archivedOnly = await major(manager, d.id, 'Used by an archived class');
    await makeClass(schoolA, 'User of a major', [used.id]);
    await makeClass(schoolA, 'Archived user', [archivedOnly.id], { archived: true });
    expect(await deleteMajor(manager, used.id, 'zh')).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'org.major_in_use',
      message: '删除失败，该专业下存在班级',
    });
    expect((await deleteMajor(manager, archivedOnly.id)).errorKey).toBe('org.major_in_use');
    const free = await major(manager, d.id, 'Free major');
    expect((await deleteMajor(manager, free.id)).code).toBe(200);
    expect((await h.ctx.db.select().from(majors).where(eq(majors.id, free.id))).length).toBe(0);
  });

  it('needs org.edit', async () => {
    const d = await department(manager, 'Major permissions');
    const m = await major(manager, d.id, 'Protected major');
    expect((await saveMajor(teacher, { departmentId: d.id, name: 'Teacher major' })).status).toBe(
      403,
    );
    expect((await deleteMajor(teacher, m.id)).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("answers another school's departments and majors as not found, and never lists them", async () => {
    const d = await department(manager, 'Private department');
    const m = await major(manager, d.id, 'Private major');
    await makeClass(schoolA, 'Private class', [m.id], { students: 1 });
    const own = await department(managerB, 'B department');

    expect(await saveDepartment(managerB, { id: d.id, name: 'Taken over' })).toMatchObject({
      status: 404,
      code: 9000,
      errorKey: 'org.department_not_found',
    });
    expect((await deleteDepartment(managerB, d.id)).status).toBe(404);
    expect(
      await saveMajor(managerB, { id: m.id, departmentId: own.id, name: 'Taken over' }),
    ).toMatchObject({ status: 404, errorKey: 'org.major_not_found' });
    // A major of B placed in A's department.
    expect(await saveMajor(managerB, { departmentId: d.id, name: 'Sneaky major' })).toMatchObject({
      status: 404,
      code: 9000,
      errorKey: 'org.department_not_found',
      fields: { departmentId: 'invalid_value' },
    });
    expect((await deleteMajor(managerB, m.id)).status).toBe(404);

    const treeB = JSON.stringify((await tree(managerB, '?archived=true')).data);
    const listB = JSON.stringify((await call(managerB, 'GET', orgApi.majors.path)).data);
    for (const body of [treeB, listB]) {
      expect(body).not.toContain(d.id);
      expect(body).not.toContain(m.id);
      expect(body).not.toContain('Private');
    }
    const [dRow] = await h.ctx.db.select().from(departments).where(eq(departments.id, d.id));
    const [mRow] = await h.ctx.db.select().from(majors).where(eq(majors.id, m.id));
    expect(dRow?.name).toBe('Private department');
    expect(mRow).toMatchObject({ name: 'Private major', departmentId: d.id });
  });
});
