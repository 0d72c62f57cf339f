import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { UserKind, type RoleCode } from '@platform/contract';
import {
  classes,
  classMajors,
  courseChapters,
  courseEnvironments,
  coursePurchases,
  courseResources,
  courseStepReports,
  courseSteps,
  courses,
  customers,
  departments,
  importJobs,
  labContainers,
  majors,
  notices,
  schools,
  stepProgress,
  studentTasks,
  taskReports,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../db/schema';
import {
  createImportJob,
  createLabContainer,
  createNotice,
  createSchool,
  createTeachingTask,
  createUser,
  signIn,
} from './factories';
import { type Harness } from './harness';
import { type Tenant } from './tenancy';
import { png } from './sample-files';
import { insertCourseTree } from '../features/courses/courses.tree';
import { reportFileRoute } from '../features/teaching/teaching.service';
import { stepReportFileRoute } from '../features/courses/courses.study';
import {
  courseFileKey,
  FileSigner,
  fileUrlSecret,
  newFileId,
  resourceKey,
} from '../features/courses/courses.files';

/**
 * The two schools of the tenant walk: every kind of object a route can address, with spares for
 * the requests that consume one, and a snapshot of the rows that must not change.
 */

async function account(h: Harness, schoolId: string, role: RoleCode, kind: number, name: string) {
  const u = await createUser(h.ctx, { schoolId, roles: [role] });
  await h.ctx.db.update(users).set({ kind, name }).where(eq(users.id, u.id));
  const { access_token } = await signIn(h.app, u.username, u.password);
  return { id: u.id, username: u.username, token: access_token };
}

export async function makeTenant(
  h: Harness,
  label: string,
  envId: string,
  spares: boolean,
): Promise<Tenant> {
  const { ctx } = h;
  const marker = `ZZ${label}${ctx.ids.next().slice(-6)}`;
  const school = await createSchool(ctx, { name: `${marker} school` });
  const schoolId = school.id;
  const newDepartment = async () => {
    const id = ctx.ids.next();
    await ctx.db.insert(departments).values({ id, schoolId, name: `${marker} department ${id}` });
    return id;
  };
  const departmentId = await newDepartment();
  const newMajor = async () => {
    const id = ctx.ids.next();
    await ctx.db
      .insert(majors)
      .values({ id, schoolId, departmentId, name: `${marker} major ${id}` });
    return id;
  };
  const majorId = await newMajor();
  const newClass = async () => {
    const id = ctx.ids.next();
    await ctx.db
      .insert(classes)
      .values({ id, schoolId, name: `${marker} class ${id}`, grade: '2026' });
    await ctx.db.insert(classMajors).values({ classId: id, majorId, schoolId });
    return id;
  };
  const classId = await newClass();
  const manager = await account(
    h,
    schoolId,
    'school-manager',
    UserKind.SCHOOL_ADMIN,
    `${marker} manager`,
  );
  const teacher = await account(h, schoolId, 'teacher', UserKind.TEACHER, `${marker} teacher`);
  const student = await account(h, schoolId, 'student', UserKind.STUDENT, `${marker} student`);
  await ctx.db
    .update(users)
    .set({ classId, stuNo: `${marker}s` })
    .where(eq(users.id, student.id));
  const newStudent = async () => {
    const u = await createUser(ctx, { schoolId, roles: ['student'] });
    await ctx.db
      .update(users)
      .set({ kind: UserKind.STUDENT, classId, stuNo: u.username, name: `${marker} student` })
      .where(eq(users.id, u.id));
    return u.id;
  };
  const newTeacher = async () => {
    const u = await createUser(ctx, { schoolId, roles: ['teacher'] });
    await ctx.db
      .update(users)
      .set({ kind: UserKind.TEACHER, name: `${marker} teacher` })
      .where(eq(users.id, u.id));
    return u.id;
  };
  const containerId = await createLabContainer(ctx, { userId: student.id, schoolId, envId });
  const jobId = await createImportJob(ctx, { schoolId, userId: manager.id, name: marker });
  const customerId = ctx.ids.next();
  const now = ctx.now().getTime();
  await ctx.db.insert(customers).values({
    id: customerId,
    schoolId,
    name: `${marker} customer`,
    kind: 1,
    serviceStart: new Date(now - 86_400_000),
    serviceEnd: new Date(now + 365 * 86_400_000),
  });
  const spare = async (make: () => Promise<string>) => {
    if (!spares) return make;
    const id = await make();
    return async () => id;
  };
  const className = (await ctx.db.query.classes.findFirst({ where: eq(classes.id, classId) }))!
    .name;
  const signer = new FileSigner(await fileUrlSecret(ctx.db), ctx.now);
  const newCourse = async () =>
    insertCourseTree(ctx, {
      id: ctx.ids.next(),
      schoolId,
      authorId: teacher.id,
      course: { name: { zh: `${marker} 课程` }, difficulty: 'entry', specialty: 'iot' },
      chapters: [],
    });
  const courseId = await insertCourseTree(ctx, {
    id: ctx.ids.next(),
    schoolId,
    authorId: teacher.id,
    course: {
      name: { zh: `${marker} 课程` },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [envId],
    },
    selfStudy: true,
    chapters: [
      {
        name: { zh: `第1章 ${marker}` },
        steps: [
          {
            name: { zh: `1-1 ${marker}` },
            content: {
              type: 'document',
              doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } },
            },
          },
        ],
      },
    ],
  });
  const [chapter] = await ctx.db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  const [step] = await ctx.db.select().from(courseSteps).where(eq(courseSteps.courseId, courseId));
  const newChapter = async () => {
    const id = ctx.ids.next();
    await ctx.db
      .insert(courseChapters)
      .values({ id, courseId, name: { zh: `第9章 ${marker}` }, position: 9 });
    return id;
  };
  const insertStep = async (type: string, content: Record<string, unknown>) => {
    const id = ctx.ids.next();
    await ctx.db.insert(courseSteps).values({
      id,
      courseId,
      chapterId: chapter!.id,
      name: { zh: `1-9 ${marker}` },
      type,
      content,
      position: 9,
    });
    return id;
  };
  const newStep = () =>
    insertStep('document', { doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } } });
  const newQuestionStep = () =>
    insertStep('question', {
      questions: [{ kind: 'judgement', stem: { zh: `${marker} 对吗` }, score: 1, answer: true }],
    });
  const newResource = async () => {
    const id = ctx.ids.next();
    const fileKey = resourceKey(courseId, id);
    await ctx.storage.put(fileKey, Readable.from([Buffer.from(marker)]), {
      contentType: 'text/plain',
    });
    await ctx.db.insert(courseResources).values({
      id,
      courseId,
      name: `${marker}.txt`,
      fileKey,
      size: marker.length,
      contentType: 'text/plain',
    });
    return id;
  };
  const resourceId = await newResource();
  const fileId = newFileId();
  await ctx.storage.put(courseFileKey(courseId, fileId), Readable.from([png()]), {
    contentType: 'image/png',
  });
  const reportStepId = await insertStep('report', {
    doc: { zh: { type: 'doc', content: [{ type: 'paragraph' }] } },
  });
  const hour = 3600_000;
  const newTaskOf = (
    opts: {
      startsIn?: number;
      stepIds?: string[];
      student?: Partial<typeof studentTasks.$inferInsert>;
      scoresIssuedAt?: Date;
    } = {},
  ) =>
    createTeachingTask(ctx, {
      schoolId,
      teacherId: teacher.id,
      courseId,
      stepIds: opts.stepIds ?? [step!.id, reportStepId],
      studentId: student.id,
      task: {
        name: `${marker} task`,
        hasReport: true,
        scoresIssuedAt: opts.scoresIssuedAt ?? null,
        ...(opts.startsIn ? { startAt: new Date(ctx.now().getTime() + opts.startsIn) } : {}),
      },
      ...(opts.student ? { student: opts.student } : {}),
    });
  const { taskId: teachingTaskId, studentTaskId } = await newTaskOf();
  const scored = { score: 80, status: 2, markStatus: 1 };
  const newAnswerable = async () => {
    const stepId = await newQuestionStep();
    const { studentTaskId: id } = await newTaskOf({ stepIds: [stepId] });
    return { studentTaskId: id, stepId };
  };
  const reportFileId = newFileId();
  await ctx.storage.put(`reports/${studentTaskId}/${reportFileId}`, Readable.from([png()]), {
    contentType: 'image/png',
  });
  const stepReportId = ctx.ids.next();
  await ctx.db.insert(courseStepReports).values({
    id: stepReportId,
    studentId: student.id,
    stepId: reportStepId,
    courseId,
    schoolId,
    content: { type: 'doc', content: [] },
  });
  const stepReportFileId = newFileId();
  await ctx.storage.put(
    `course-reports/${stepReportId}/${stepReportFileId}`,
    Readable.from([png()]),
    { contentType: 'image/png' },
  );
  const noticeId = await createNotice(ctx, {
    userId: student.id,
    schoolId,
    taskId: teachingTaskId,
    name: `${marker} task`,
  });
  return {
    schoolId,
    marker,
    className,
    manager,
    teacher,
    student,
    classId,
    departmentId,
    majorId,
    teachingTaskId,
    studentTaskId,
    reportStepId,
    reportFileUrl: signer.for(reportFileRoute).url(studentTaskId, reportFileId),
    stepReportFileUrl: signer.for(stepReportFileRoute).url(stepReportId, stepReportFileId),
    noticeId,
    containerId,
    jobId,
    customerId,
    envId,
    courseId,
    chapterId: chapter!.id,
    stepId: step!.id,
    resourceId,
    fileUrl: signer.url(courseId, fileId),
    newClass: await spare(newClass),
    newStudent: await spare(newStudent),
    newTeacher: await spare(newTeacher),
    newDepartment: await spare(newDepartment),
    newMajor: await spare(newMajor),
    newCourse: await spare(newCourse),
    newChapter: await spare(newChapter),
    newStep: await spare(newStep),
    newQuestionStep: await spare(newQuestionStep),
    newResource: await spare(newResource),
    newTask: await spare(async () => (await newTaskOf({ startsIn: hour })).taskId),
    newScoredTask: await spare(async () => (await newTaskOf({ student: scored })).taskId),
    newIssuedTask: await spare(
      async () =>
        (await newTaskOf({ student: { ...scored, markStatus: 2 }, scoresIssuedAt: ctx.now() }))
          .taskId,
    ),
    newStudentTask: await spare(async () => (await newTaskOf()).studentTaskId),
    newSubmittedStudentTask: await spare(
      async () =>
        (await newTaskOf({ student: { status: 1, reportStatus: 2, submittedAt: ctx.now() } }))
          .studentTaskId,
    ),
    newAnswerable: spares
      ? await (async () => {
          const fixed = await newAnswerable();
          return async () => fixed;
        })()
      : newAnswerable,
  };
}

/** Every row of a school's objects, to prove a walk changed none of them. */
export async function snapshot(h: Harness, t: Tenant) {
  const { db } = h.ctx;
  return JSON.stringify({
    school: await db.select().from(schools).where(eq(schools.id, t.schoolId)),
    classes: await db.select().from(classes).where(eq(classes.schoolId, t.schoolId)),
    classMajors: await db.select().from(classMajors).where(eq(classMajors.schoolId, t.schoolId)),
    departments: await db.select().from(departments).where(eq(departments.schoolId, t.schoolId)),
    majors: await db.select().from(majors).where(eq(majors.schoolId, t.schoolId)),
    users: await db.select().from(users).where(eq(users.schoolId, t.schoolId)),
    tasks: await db.select().from(teachingTasks).where(eq(teachingTasks.schoolId, t.schoolId)),
    studentTasks: await db.select().from(studentTasks).where(eq(studentTasks.schoolId, t.schoolId)),
    jobs: await db.select().from(importJobs).where(eq(importJobs.schoolId, t.schoolId)),
    containers: await db
      .select()
      .from(labContainers)
      .where(inArray(labContainers.userId, [t.student.id])),
    courses: await db.select().from(courses).where(eq(courses.schoolId, t.schoolId)),
    courseEnvironments: await db
      .select()
      .from(courseEnvironments)
      .where(eq(courseEnvironments.courseId, t.courseId)),
    chapters: await db.select().from(courseChapters).where(eq(courseChapters.courseId, t.courseId)),
    steps: await db.select().from(courseSteps).where(eq(courseSteps.courseId, t.courseId)),
    resources: await db
      .select()
      .from(courseResources)
      .where(eq(courseResources.courseId, t.courseId)),
    purchases: await db
      .select()
      .from(coursePurchases)
      .where(eq(coursePurchases.schoolId, t.schoolId)),
    progress: await db.select().from(stepProgress).where(eq(stepProgress.schoolId, t.schoolId)),
    taskSteps: await db
      .select()
      .from(teachingTaskSteps)
      .where(eq(teachingTaskSteps.taskId, t.teachingTaskId)),
    reports: await db.select().from(taskReports).where(eq(taskReports.schoolId, t.schoolId)),
    stepReports: await db
      .select()
      .from(courseStepReports)
      .where(eq(courseStepReports.schoolId, t.schoolId)),
    notices: await db.select().from(notices).where(eq(notices.schoolId, t.schoolId)),
  });
}
