import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  formatMessage,
  pathOf,
  teachingApi,
  UserKind,
  type MessageKey,
  type TaskDetail,
  type TaskSave,
  type TaskSummary,
} from '@platform/contract';
import {
  classes,
  courseResources,
  courseSteps,
  labScripts,
  notices,
  studentTasks,
  users,
} from '../db/schema';
import { insertCourseTree } from '../features/courses/courses.tree';
import { resourceKey } from '../features/courses/courses.files';
import { callerOn, createEnvironment, createSchool, signedIn, type Answer } from './factories';
import { createHarness, type Harness } from './harness';

export type Who = Awaited<ReturnType<typeof signedIn>>;

/** Two schools with their people, a class of three students and a course of every kind of step. */
export interface TeachingWorld {
  schoolA: string;
  schoolB: string;
  managerA: Who;
  teacherA: Who;
  otherTeacherA: Who;
  managerB: Who;
  teacherB: Who;
  /** The class's students. */
  students: Who[];
  /** A student of school A in no class. */
  loneStudent: Who;
  studentB: Who;
  classId: string;
  emptyClassId: string;
  classB: string;
  envId: string;
  scriptId: string;
  envCode: string;
  course: {
    id: string;
    doc: string;
    question: string;
    training: string;
    report: string;
    resourceId: string;
  };
  /** A course of school B with one document step. */
  courseB: { id: string; step: string };
}

const kinds = {
  'school-manager': UserKind.SCHOOL_ADMIN,
  teacher: UserKind.TEACHER,
  student: UserKind.STUDENT,
} as const;

async function person(
  h: Harness,
  schoolId: string,
  role: keyof typeof kinds,
  classId: string | null = null,
) {
  const who = await signedIn(h.app, h.ctx, { schoolId, roles: [role] });
  await h.ctx.db
    .update(users)
    .set({ kind: kinds[role], classId, name: `${role} ${who.username}` })
    .where(eq(users.id, who.id));
  return who;
}

async function newClass(h: Harness, schoolId: string, name: string) {
  const id = h.ctx.ids.next();
  await h.ctx.db.insert(classes).values({ id, schoolId, name, grade: '2026' });
  return id;
}

export const doc = (...texts: string[]) => ({
  type: 'doc' as const,
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** The hidden check's title and script: they must never reach a student. */
export const SECRET_TITLE = 'Hidden inspection ZQX';
export const SECRET_SCRIPT = 'echo SECRET_RULE_ZQX';

export async function teachingWorld(h: Harness): Promise<TeachingWorld> {
  const { ctx } = h;
  const schoolA = (await createSchool(ctx)).id;
  const schoolB = (await createSchool(ctx)).id;
  const classId = await newClass(h, schoolA, '物联网1班');
  const emptyClassId = await newClass(h, schoolA, '空班');
  const classB = await newClass(h, schoolB, '别校班');
  const [managerA, teacherA, otherTeacherA, managerB, teacherB, loneStudent, studentB] =
    await Promise.all([
      person(h, schoolA, 'school-manager'),
      person(h, schoolA, 'teacher'),
      person(h, schoolA, 'teacher'),
      person(h, schoolB, 'school-manager'),
      person(h, schoolB, 'teacher'),
      person(h, schoolA, 'student'),
      person(h, schoolB, 'student', classB),
    ]);
  const students = await Promise.all([0, 1, 2].map(() => person(h, schoolA, 'student', classId)));
  students.sort((a, b) => a.username.localeCompare(b.username));

  const env = await createEnvironment(ctx, { name: 'Shell lab' });
  const scriptId = ctx.ids.next();
  await ctx.db
    .insert(labScripts)
    .values({ id: scriptId, envId: env.id, name: 'Guide', label: 'guide' });

  const courseId = await insertCourseTree(ctx, {
    id: ctx.ids.next(),
    schoolId: schoolA,
    authorId: teacherA.id,
    course: {
      name: { zh: '物联网实训', en: 'IoT practice' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [env.id],
    },
    chapters: [
      {
        name: { zh: '第2章 报告', en: 'Chapter 2 Report' },
        steps: [
          {
            name: { zh: '2-1 实验报告', en: '2-1 Report' },
            content: { type: 'report', doc: { zh: doc('写下你的发现'), en: doc('Write up') } },
          },
        ],
      },
      {
        name: { zh: '第1章 基础', en: 'Chapter 1 Basics' },
        steps: [
          {
            name: { zh: '1-3 实训', en: '1-3 Training' },
            content: {
              type: 'training',
              doc: { zh: doc('在终端里操作') },
              envId: env.id,
              commands: [{ title: { zh: '列出文件' }, command: 'ls -la' }],
              checks: [
                {
                  kind: 'file',
                  key: 'notes',
                  title: { zh: '笔记文件', en: 'Notes file' },
                  score: 20,
                  path: 'notes.txt',
                  contains: 'sensor',
                },
                {
                  kind: 'script',
                  key: 'secret',
                  title: { zh: SECRET_TITLE, en: SECRET_TITLE },
                  score: 10,
                  hidden: true,
                  script: SECRET_SCRIPT,
                },
              ],
            },
          },
          {
            name: { zh: '1-1 阅读', en: '1-1 Reading' },
            content: { type: 'document', doc: { zh: doc('传感器简介'), en: doc('Sensors') } },
          },
          {
            name: { zh: '1-2 测验', en: '1-2 Quiz' },
            content: {
              type: 'exercises',
              questions: [
                {
                  kind: 'judgement',
                  stem: { zh: '温度是模拟量', en: 'Analog?' },
                  score: 10,
                  answer: true,
                },
                {
                  kind: 'single',
                  stem: { zh: '哪个是协议', en: 'Which is a protocol' },
                  score: 5,
                  options: [
                    { text: { zh: 'MQTT', en: 'MQTT' }, right: true },
                    { text: { zh: '电阻', en: 'Resistor' }, right: false },
                  ],
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const steps = await ctx.db.select().from(courseSteps).where(eq(courseSteps.courseId, courseId));
  const stepOf = (type: string) => steps.find((s) => s.type === type)!.id;

  const resourceId = ctx.ids.next();
  const fileKey = resourceKey(courseId, resourceId);
  await ctx.storage.put(fileKey, Readable.from([Buffer.from('datasheet')]), {
    contentType: 'text/plain',
  });
  await ctx.db.insert(courseResources).values({
    id: resourceId,
    courseId,
    name: 'datasheet.txt',
    fileKey,
    size: 9,
    contentType: 'text/plain',
  });

  const courseBId = await insertCourseTree(ctx, {
    id: ctx.ids.next(),
    schoolId: schoolB,
    authorId: teacherB.id,
    course: { name: { zh: '别校课程' }, difficulty: 'entry', specialty: 'iot' },
    chapters: [
      {
        name: { zh: '第1章 其他' },
        steps: [{ name: { zh: '1-1 文档' }, content: { type: 'document', doc: { zh: doc('x') } } }],
      },
    ],
  });
  const [stepB] = await ctx.db
    .select()
    .from(courseSteps)
    .where(eq(courseSteps.courseId, courseBId));

  return {
    schoolA,
    schoolB,
    managerA,
    teacherA,
    otherTeacherA,
    managerB,
    teacherB,
    students,
    loneStudent,
    studentB,
    classId,
    emptyClassId,
    classB,
    envId: env.id,
    scriptId,
    envCode: env.code,
    course: {
      id: courseId,
      doc: stepOf('document'),
      question: stepOf('exercises'),
      training: stepOf('training'),
      report: stepOf('report'),
      resourceId,
    },
    courseB: { id: courseBId, step: stepB!.id },
  };
}

export const HOUR = 3600_000;

/** A route's path with its `:id` filled in. */
export const idPath = (path: string, id: string) => pathOf(path, { id });

/** A task of the world's course for its class, running from a minute ago for an hour. */
export function taskBody(w: TeachingWorld, now: Date, overrides: Partial<TaskSave> = {}): TaskSave {
  return {
    name: '传感器实训任务',
    kind: 'practice',
    courseId: w.course.id,
    stepIds: [w.course.doc, w.course.question, w.course.training, w.course.report],
    classId: w.classId,
    timeType: 'range',
    startAt: new Date(now.getTime() - 60_000).toISOString(),
    endAt: new Date(now.getTime() + HOUR).toISOString(),
    resourceIds: [w.course.resourceId],
    requirements: '按步骤完成',
    ...overrides,
  };
}

/** Calls of the harness's app, in Chinese unless told. */
export function teachingCalls(h: () => Harness) {
  const call = callerOn(() => h().app, 'zh');

  /** Issues (or updates) a task and answers its summary. */
  async function issue(who: Who, body: TaskSave, lang = 'zh'): Promise<TaskSummary> {
    const res = await call<TaskSummary>(who, 'POST', teachingApi.taskSave.path, body, lang);
    expect(res.code, res.message).toBe(200);
    return res.data;
  }

  /**
   * The request is refused with `key` (and its parameters) in both languages: the status, the
   * key and the message of each.
   */
  async function refusedInBoth(
    who: Who,
    method: 'GET' | 'POST',
    url: string,
    payload: unknown,
    status: number,
    key: MessageKey,
    params?: Record<string, string | number>,
  ): Promise<Answer> {
    let last: Answer | undefined;
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(who, method, url, payload, lang);
      expect(res, `${url} in ${lang}`).toMatchObject({
        status,
        errorKey: key,
        message: formatMessage(key, lang, params),
      });
      last = res;
    }
    return last!;
  }

  /** A task's detail as `who` sees it. */
  const detail = (who: Who, id: string, lang = 'zh') =>
    call<TaskDetail>(who, 'GET', idPath(teachingApi.taskDetail.path, id), undefined, lang);

  return { call, issue, refusedInBoth, detail };
}

/** A one-paragraph report document. */
export const text = (t: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }],
});

/** The right answers to the world's quiz step. */
export const rightAnswers = [
  { kind: 'judgement', answer: true },
  { kind: 'single', chosen: [0] },
];

/**
 * A harness with a teaching world for the tests of one file, made before them and closed after,
 * with calls on it. `h` and `w` are set once the file's `beforeAll` ran.
 */
export function teachingSuite() {
  const state = {
    h: undefined as unknown as Harness,
    w: undefined as unknown as TeachingWorld,
  };
  beforeAll(async () => {
    state.h = await createHarness();
    state.w = await teachingWorld(state.h);
  }, 60_000);
  afterAll(() => state.h.close());
  return {
    get h() {
      return state.h;
    },
    get w() {
      return state.w;
    },
    ...teachingCalls(() => state.h),
    now: () => state.h.ctx.now(),
    body: (overrides: Partial<TaskSave> = {}) => taskBody(state.w, state.h.ctx.now(), overrides),
    /** The student's task of a teaching task. */
    async studentTaskOf(taskId: string, student: Who) {
      const rows = await state.h.ctx.db
        .select()
        .from(studentTasks)
        .where(eq(studentTasks.taskId, taskId));
      return rows.find((r) => r.studentId === student.id)!;
    },
    /** Every student task of a teaching task. */
    studentTasksOf: (taskId: string) =>
      state.h.ctx.db.select().from(studentTasks).where(eq(studentTasks.taskId, taskId)),
    /** A user's notices. */
    noticesOf: (userId: string) =>
      state.h.ctx.db.select().from(notices).where(eq(notices.userId, userId)),
  };
}
