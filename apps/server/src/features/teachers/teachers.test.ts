import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pathOf, type Teacher, teachersApi, usersApi } from '@platform/contract';
import { customers, teachingTasks, users } from '../../db/schema';
import {
  callerOn,
  createSchool,
  createUser,
  newPhone,
  passwordGrant,
  signedIn,
  signIn,
  signInFirstTime,
} from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
let schoolA: string;
let schoolB: string;
let adminA: Awaited<ReturnType<typeof signedIn>>;
let adminB: Awaited<ReturnType<typeof signedIn>>;
let teacherA: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  h = await createHarness();
  schoolA = (await createSchool(h.ctx)).id;
  schoolB = (await createSchool(h.ctx)).id;
  adminA = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['school-manager'] });
  adminB = await signedIn(h.app, h.ctx, { schoolId: schoolB, roles: ['school-manager'] });
  teacherA = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['teacher'] });
});
afterAll(() => h.close());

type Who = { headers: Record<string, string> };

const call = callerOn(() => h.app, 'zh');

async function addTeacher(body: Partial<Record<string, unknown>> = {}, who: Who = adminA) {
  const res = await call<Teacher>(who, 'POST', teachersApi.save.path, {
    name: '王老师',
    sex: 1,
    role: 'teacher',
    phone: newPhone(),
    ...body,
  });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

const page = (who: Who, query = '') =>
  call<{ records: Teacher[]; total: number }>(who, 'GET', `${teachersApi.page.path}?${query}`);

describe('adding and editing teachers', () => {
  it('adds a teacher who signs in with the phone and the default password', async () => {
    const phone = newPhone();
    const t = await addTeacher({ name: '李老师', sex: 2, phone });
    expect(t).toMatchObject({
      name: '李老师',
      sex: 2,
      phone,
      username: phone,
      role: 'teacher',
      enabled: true,
      status: 'normal',
    });
    expect(Date.parse(t.createdAt)).not.toBeNaN();
    expect((await passwordGrant(h.app, phone, h.ctx.config.defaultPassword)).json().code).toBe(200);
    const row = await h.ctx.db.query.users.findFirst({ where: eq(users.id, t.id) });
    expect(row).toMatchObject({ schoolId: schoolA, kind: 2 });
  });

  it('adds a school administrator with a chosen password', async () => {
    const t = await addTeacher({ role: 'school-manager', password: 'Chosen_1' });
    expect(t.role).toBe('school-manager');
    const row = await h.ctx.db.query.users.findFirst({ where: eq(users.id, t.id) });
    expect(row?.kind).toBe(3);
    const token = (await signInFirstTime(h.app, t.username, 'Chosen_1')).access_token;
    // The new administrator holds the teacher permissions at once.
    const listed = await page({ headers: { authorization: `Bearer ${token}` } });
    expect(listed.code).toBe(200);
  });

  it('refuses bad input field by field and a phone that is already a login', async () => {
    const bad = await call(adminA, 'POST', teachersApi.save.path, {
      name: 'x',
      sex: 3,
      role: 'student',
      phone: '12345',
      password: 'no spaces',
    });
    expect(bad).toMatchObject({ status: 400, code: 9000 });
    expect(bad.fields).toMatchObject({
      name: 'too_short',
      sex: 'required',
      role: 'required',
      phone: 'invalid_format',
      password: 'invalid_format',
    });

    const first = await addTeacher();
    const again = await call(adminA, 'POST', teachersApi.save.path, {
      name: '重复',
      sex: 1,
      role: 'teacher',
      phone: first.phone,
    });
    expect(again).toMatchObject({
      status: 400,
      errorKey: 'teachers.phone_taken',
      fields: { phone: 'invalid_value' },
    });
    // Taken by an account of another school as well: logins are unique platform-wide.
    const other = await addTeacher({}, adminB);
    const cross = await call(adminA, 'POST', teachersApi.save.path, {
      name: '重复',
      sex: 1,
      role: 'teacher',
      phone: other.phone,
    });
    expect(cross.errorKey).toBe('teachers.phone_taken');
  });

  it('edits: the login follows a phone change only when it was the phone', async () => {
    const t = await addTeacher();
    const phone = newPhone();
    const edited = await call<Teacher>(adminA, 'POST', teachersApi.save.path, {
      id: t.id,
      name: '王老师二',
      sex: 2,
      role: 'school-manager',
      phone,
      password: '',
    });
    expect(edited.data).toMatchObject({
      name: '王老师二',
      sex: 2,
      role: 'school-manager',
      phone,
      username: phone,
    });
    // A blank password leaves it unchanged.
    expect((await passwordGrant(h.app, phone, h.ctx.config.defaultPassword)).json().code).toBe(200);

    // An account whose login is not its phone keeps its login.
    const named = await createUser(h.ctx, { schoolId: schoolA, roles: ['teacher'] });
    const kept = await call<Teacher>(adminA, 'POST', teachersApi.save.path, {
      id: named.id,
      name: '张老师',
      sex: 1,
      role: 'teacher',
      phone: newPhone(),
    });
    expect(kept.data.username).toBe(named.username);

    // A phone that another account signs in with is refused when the login would follow.
    const other = await addTeacher();
    const clash = await call(adminA, 'POST', teachersApi.save.path, {
      id: other.id,
      name: '王老师',
      sex: 1,
      role: 'teacher',
      phone,
    });
    expect(clash.errorKey).toBe('teachers.phone_taken');
  });

  it('a new password ends the sessions and replaces the old one', async () => {
    const t = await addTeacher();
    const token = (await signIn(h.app, t.username, h.ctx.config.defaultPassword)).access_token;
    const res = await call(adminA, 'POST', teachersApi.save.path, {
      id: t.id,
      name: t.name,
      sex: 1,
      role: 'teacher',
      phone: t.phone,
      password: 'Newpass_9',
    });
    expect(res.code).toBe(200);
    expect((await page({ headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await passwordGrant(h.app, t.username, 'Newpass_9')).json().code).toBe(200);
  });

  it('a role change applies to a signed-in teacher at once', async () => {
    const t = await addTeacher({ password: 'Role_pass1' });
    const who = {
      headers: {
        authorization: `Bearer ${(await signInFirstTime(h.app, t.username, 'Role_pass1')).access_token}`,
      },
    };
    expect((await page(who)).status).toBe(403);
    await call(adminA, 'POST', teachersApi.save.path, {
      id: t.id,
      name: t.name,
      sex: 1,
      role: 'school-manager',
      phone: t.phone,
    });
    expect((await page(who)).code).toBe(200);
  });
});

describe('listing teachers', () => {
  it('pages on the server with name, phone, role and status filters', async () => {
    const school = (await createSchool(h.ctx)).id;
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    const added: Teacher[] = [];
    for (let i = 0; i < 5; i++)
      added.push(
        await addTeacher(
          { name: `分页教师${i}`, role: i < 2 ? 'school-manager' : 'teacher' },
          admin,
        ),
      );
    await call(admin, 'POST', teachersApi.enable.path, { id: added[4]!.id, enabled: false });
    // Students of the school are not teachers.
    await createUser(h.ctx, { schoolId: school, roles: ['student'] });

    const all = await page(admin, 'pageSize=2&pageNum=1');
    // The five teachers and the administrator.
    expect(all.data.total).toBe(6);
    expect(all.data.records).toHaveLength(2);
    const second = await page(admin, 'pageSize=2&pageNum=3');
    expect(second.data.records).toHaveLength(2);
    expect(second.data.records.map((r) => r.id)).not.toContain(all.data.records[0]!.id);

    const byName = await page(admin, `name=${encodeURIComponent('分页教师3')}`);
    expect(byName.data.records.map((r) => r.id)).toEqual([added[3]!.id]);
    const byPhone = await page(admin, `phone=${added[1]!.phone!.slice(3)}`);
    expect(byPhone.data.records.map((r) => r.id)).toEqual([added[1]!.id]);
    const managers = await page(admin, 'role=school-manager');
    expect(managers.data.records.map((r) => r.id).sort()).toEqual(
      [added[0]!.id, added[1]!.id, admin.id].sort(),
    );
    const teachers = await page(admin, 'role=teacher');
    expect(teachers.data.total).toBe(3);
    const off = await page(admin, 'status=deactivated');
    expect(off.data.records).toEqual([
      expect.objectContaining({ id: added[4]!.id, status: 'deactivated' }),
    ]);
    expect((await page(admin, 'status=normal')).data.total).toBe(5);
    expect((await page(admin, 'status=expired')).data.total).toBe(0);
    expect((await page(admin, 'status=gone')).status).toBe(400);

    // Other schools' teachers never show.
    const other = await page(adminA, `name=${encodeURIComponent('分页教师')}`);
    expect(other.data.total).toBe(0);
  });

  it('teachers of a school whose service time ended are expired', async () => {
    const school = (await createSchool(h.ctx)).id;
    const admin = await signedIn(h.app, h.ctx, { schoolId: school, roles: ['school-manager'] });
    const t = await addTeacher({}, admin);
    const past = new Date(Date.now() - 86_400_000);
    await h.ctx.db.insert(customers).values({
      id: h.ctx.ids.next(),
      schoolId: school,
      name: 'ended',
      kind: 1,
      serviceStart: new Date(past.getTime() - 86_400_000),
      serviceEnd: past,
    });
    const got = await call<Teacher>(admin, 'GET', pathOf(teachersApi.get.path, { id: t.id }));
    expect(got.data.status).toBe('expired');
    expect((await page(admin, 'status=expired')).data.total).toBe(2);
    expect((await page(admin, 'status=normal')).data.total).toBe(0);
  });
});

describe('enabling, disabling and deleting teachers', () => {
  it('a disabled teacher cannot sign in and the live token stops working', async () => {
    const t = await addTeacher({ password: 'Live_pass1' });
    const token = (await signIn(h.app, t.username, 'Live_pass1')).access_token;
    const who = { headers: { authorization: `Bearer ${token}` } };
    expect((await call(who, 'GET', usersApi.current.path)).code).toBe(200);

    const off = await call<Teacher>(adminA, 'POST', teachersApi.enable.path, {
      id: t.id,
      enabled: false,
    });
    expect(off.data).toMatchObject({ enabled: false, status: 'deactivated' });
    expect((await call(who, 'GET', usersApi.current.path)).status).toBe(401);
    const refused = await passwordGrant(h.app, t.username, 'Live_pass1');
    expect(refused.json()).toMatchObject({ code: 9000, errorKey: 'auth.account_disabled' });

    await call(adminA, 'POST', teachersApi.enable.path, { id: t.id, enabled: true });
    expect((await passwordGrant(h.app, t.username, 'Live_pass1')).json().code).toBe(200);
  });

  it('refuses to delete a teacher with an unarchived teaching task, then deletes', async () => {
    const t = await addTeacher();
    const taskId = h.ctx.ids.next();
    await h.ctx.db
      .insert(teachingTasks)
      .values({ id: taskId, schoolId: schoolA, teacherId: t.id, name: '任务一' });
    const url = pathOf(teachersApi.delete.path, { id: t.id });

    const zh = await call(adminA, 'DELETE', url);
    expect(zh).toMatchObject({
      status: 409,
      code: 9000,
      errorKey: 'teachers.has_tasks',
      message: '该教师有未归档的教学任务，无法删除',
    });
    const en = await call(adminA, 'DELETE', url, undefined, 'en');
    expect(en.message).toBe(
      'This teacher holds teaching tasks that are not archived and cannot be deleted',
    );

    await h.ctx.db
      .update(teachingTasks)
      .set({ archivedAt: new Date() })
      .where(eq(teachingTasks.id, taskId));
    expect((await call(adminA, 'DELETE', url)).code).toBe(200);
    expect((await call(adminA, 'GET', pathOf(teachersApi.get.path, { id: t.id }))).status).toBe(
      404,
    );
    expect(
      (await passwordGrant(h.app, t.username, h.ctx.config.defaultPassword)).json().code,
    ).not.toBe(200);
    // The login is free again.
    const again = await addTeacher({ phone: t.phone });
    expect(again.id).not.toBe(t.id);
  });

  it('lets a deleted teaching task no longer hold its teacher, while an unarchived one does', async () => {
    const t = await addTeacher();
    const [open, deleted] = [h.ctx.ids.next(), h.ctx.ids.next()];
    await h.ctx.db.insert(teachingTasks).values([
      { id: open, schoolId: schoolA, teacherId: t.id, name: '任务二' },
      { id: deleted, schoolId: schoolA, teacherId: t.id, name: '任务三', deletedAt: new Date() },
    ]);
    const url = pathOf(teachersApi.delete.path, { id: t.id });
    expect(await call(adminA, 'DELETE', url)).toMatchObject({
      status: 409,
      errorKey: 'teachers.has_tasks',
    });
    await h.ctx.db
      .update(teachingTasks)
      .set({ deletedAt: new Date() })
      .where(eq(teachingTasks.id, open));
    expect((await call(adminA, 'DELETE', url)).code).toBe(200);
  });

  it('an administrator cannot disable, delete or demote themself', async () => {
    const self = await call(adminA, 'POST', teachersApi.enable.path, {
      id: adminA.id,
      enabled: false,
    });
    expect(self).toMatchObject({ status: 409, errorKey: 'teachers.self_disable' });
    const del = await call(adminA, 'DELETE', pathOf(teachersApi.delete.path, { id: adminA.id }));
    expect(del).toMatchObject({ status: 409, errorKey: 'teachers.self_delete' });
    const demote = await call(adminA, 'POST', teachersApi.save.path, {
      id: adminA.id,
      name: '管理员',
      sex: 1,
      role: 'teacher',
      phone: '13900000000',
    });
    expect(demote).toMatchObject({ status: 409, errorKey: 'teachers.self_role' });
  });
});

describe('who may manage teachers', () => {
  it('teacher role holders, students and platform staff are refused on every route', async () => {
    const t = await addTeacher();
    const student = await signedIn(h.app, h.ctx, { schoolId: schoolA, roles: ['student'] });
    const operator = await signedIn(h.app, h.ctx, { roles: ['operator'] });
    for (const who of [teacherA, student, operator]) {
      const answers = await Promise.all([
        page(who),
        call(who, 'GET', pathOf(teachersApi.get.path, { id: t.id })),
        call(who, 'POST', teachersApi.save.path, {
          name: '新教师',
          sex: 1,
          role: 'teacher',
          phone: newPhone(),
        }),
        call(who, 'POST', teachersApi.save.path, {
          id: t.id,
          name: '改名',
          sex: 1,
          role: 'teacher',
          phone: t.phone,
        }),
        call(who, 'POST', teachersApi.enable.path, { id: t.id, enabled: false }),
        call(who, 'DELETE', pathOf(teachersApi.delete.path, { id: t.id })),
      ]);
      for (const a of answers) expect(a).toMatchObject({ status: 403, code: 9000 });
    }
    expect(
      (await call(adminA, 'GET', pathOf(teachersApi.get.path, { id: t.id }))).data,
    ).toMatchObject({
      name: t.name,
      enabled: true,
    });
  });

  it('answers ids of other schools, and of students, as not found on every route', async () => {
    const t = await addTeacher();
    const student = await createUser(h.ctx, { schoolId: schoolA, roles: ['student'] });
    for (const [who, id] of [
      [adminB, t.id],
      [adminA, student.id],
    ] as const) {
      const answers = await Promise.all([
        call(who, 'GET', pathOf(teachersApi.get.path, { id })),
        call(who, 'POST', teachersApi.save.path, {
          id,
          name: '越权',
          sex: 1,
          role: 'teacher',
          phone: newPhone(),
        }),
        call(who, 'POST', teachersApi.enable.path, { id, enabled: false }),
        call(who, 'DELETE', pathOf(teachersApi.delete.path, { id })),
      ]);
      for (const a of answers) {
        expect(a).toMatchObject({ status: 404, code: 9000 });
        expect(a.data ?? null).toBeNull();
      }
    }
    const unchanged = await call<Teacher>(
      adminA,
      'GET',
      pathOf(teachersApi.get.path, { id: t.id }),
    );
    expect(unchanged.data).toMatchObject({ name: t.name, enabled: true });
    const listed = await page(adminB, `phone=${t.phone}`);
    expect(listed.data.total).toBe(0);
  });

  it('needs a signed-in caller and a well-formed id', async () => {
    const anon = await h.app.inject({ method: 'GET', url: teachersApi.page.path });
    expect(anon.statusCode).toBe(401);
    const bad = await call(adminA, 'GET', pathOf(teachersApi.get.path, { id: 'abc' }));
    expect(bad).toMatchObject({ status: 400, code: 9000 });
  });
});
