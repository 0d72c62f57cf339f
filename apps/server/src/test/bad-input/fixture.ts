import { eq } from 'drizzle-orm';
import { UserKind, type RoleCode, labsApi } from '@platform/contract';
import {
  classes,
  classMajors,
  courseSteps,
  customers,
  departments,
  majors,
  users,
} from '../../db/schema';
import {
  createEnvironment,
  createImportJob,
  createLabContainer,
  createNotice,
  createSchool,
  createTeachingTask,
  createUser,
  signIn,
} from '../factories';
import { createHarness, type Harness } from '../harness';
import { insertCourseTree } from '../../features/courses/courses.tree';

export type Role = 'student' | 'teacher' | 'school-manager' | 'operator' | 'admin';

export interface Fixture {
  h: Harness;
  tokens: Record<Role, string>;
  student: { id: string; classId: string };
  /** Ids of rows the generated requests may address; never the signed-in accounts themselves. */
  ids: string[];
  /** A terminal environment the student can start for real, and its lab once started. */
  lab: { envId: string; containerId: string };
  /** A course of the school open to its students, with one chapter and a question step. */
  course: { id: string; chapterId: string; stepId: string };
  /** An ongoing teaching task of the course with the student in it. */
  task: { id: string; studentTaskId: string };
}

/** A fresh database with one school, its people and objects, and platform staff. */
export async function createFixture(): Promise<Fixture> {
  const h = await createHarness();
  const { ctx } = h;
  const school = await createSchool(ctx);
  const victim = await createSchool(ctx);
  const schoolId = school.id;
  const departmentId = ctx.ids.next();
  await ctx.db.insert(departments).values({ id: departmentId, schoolId, name: 'Department' });
  const majorId = ctx.ids.next();
  await ctx.db.insert(majors).values({ id: majorId, schoolId, departmentId, name: 'Major' });
  const classId = ctx.ids.next();
  await ctx.db.insert(classes).values({ id: classId, schoolId, name: 'Class', grade: '2026' });
  await ctx.db.insert(classMajors).values({ classId, majorId, schoolId });

  const person = async (role: RoleCode, kind: number, inSchool: boolean) => {
    const u = await createUser(ctx, { schoolId: inSchool ? schoolId : null, roles: [role] });
    await ctx.db
      .update(users)
      .set({
        kind,
        ...(kind === UserKind.STUDENT ? { classId, stuNo: u.username } : {}),
      })
      .where(eq(users.id, u.id));
    return u;
  };
  const signedIn = async (role: Role, kind: number, inSchool: boolean) => {
    const u = await person(role, kind, inSchool);
    return { id: u.id, token: (await signIn(h.app, u.username, u.password)).access_token };
  };
  const student = await signedIn('student', UserKind.STUDENT, true);
  const teacher = await signedIn('teacher', UserKind.TEACHER, true);
  const manager = await signedIn('school-manager', UserKind.SCHOOL_ADMIN, true);
  const operator = await signedIn('operator', UserKind.STAFF, false);
  const admin = await signedIn('admin', UserKind.STAFF, false);
  const spares: string[] = [];
  for (let i = 0; i < 2; i++) {
    spares.push((await person('teacher', UserKind.TEACHER, true)).id);
    spares.push((await person('student', UserKind.STUDENT, true)).id);
  }

  const env = await createEnvironment(ctx, { resourceKind: 'THINGSBOARD' });
  const terminal = await createEnvironment(ctx, { resourceKind: 'TERMINAL' });
  const containerId = await createLabContainer(ctx, {
    userId: student.id,
    schoolId,
    envId: env.id,
  });
  const jobId = await createImportJob(ctx, { schoolId, userId: manager.id, name: 'students' });
  const customerId = ctx.ids.next();
  const now = ctx.now().getTime();
  await ctx.db.insert(customers).values({
    id: customerId,
    schoolId: victim.id,
    name: 'Customer',
    kind: 1,
    serviceStart: new Date(now - 86_400_000),
    serviceEnd: new Date(now + 365 * 86_400_000),
  });

  const courseId = await insertCourseTree(ctx, {
    id: ctx.ids.next(),
    schoolId,
    authorId: null,
    course: {
      name: { zh: '测验课程' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [terminal.id],
    },
    selfStudy: true,
    chapters: [
      {
        name: { zh: '第1章' },
        steps: [
          {
            name: { zh: '1-1 测验' },
            content: {
              type: 'question',
              questions: [{ kind: 'judgement', stem: { zh: '对不对' }, score: 1, answer: true }],
            },
          },
        ],
      },
    ],
  });
  const [step] = await ctx.db.select().from(courseSteps).where(eq(courseSteps.courseId, courseId));
  const { taskId, studentTaskId } = await createTeachingTask(ctx, {
    schoolId,
    teacherId: teacher.id,
    courseId,
    stepIds: [step!.id],
    studentId: student.id,
    task: { classId, endAt: new Date(now + 30 * 86_400_000) },
  });
  const noticeId = await createNotice(ctx, {
    userId: student.id,
    schoolId,
    taskId,
    name: 'Task',
  });

  return {
    h,
    tokens: {
      student: student.token,
      teacher: teacher.token,
      'school-manager': manager.token,
      operator: operator.token,
      admin: admin.token,
    },
    student: { id: student.id, classId },
    ids: [
      victim.id,
      departmentId,
      majorId,
      classId,
      ...spares,
      env.id,
      terminal.id,
      containerId,
      jobId,
      customerId,
      courseId,
      step!.chapterId,
      step!.id,
      taskId,
      studentTaskId,
      noticeId,
    ],
    lab: { envId: terminal.id, containerId },
    course: { id: courseId, chapterId: step!.chapterId, stepId: step!.id },
    task: { id: taskId, studentTaskId },
  };
}

/** Starts a terminal lab of the student, so uploads reach its files; answers its container id. */
export async function startLab(fx: Fixture): Promise<string> {
  const res = await fx.h.app.inject({
    method: 'POST',
    url: labsApi.start.path,
    headers: { authorization: `Bearer ${fx.tokens.student}` },
    payload: { expEnvId: fx.lab.envId },
  });
  const [id] = res.json<{ data: string[] }>().data;
  await fx.h.app.labs.runtime.settle();
  fx.lab.containerId = id!;
  return id!;
}
