import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  coursesApi as api,
  pathOf,
  UserKind,
  type ChapterSave,
  type CourseDetail,
  type CourseFileUploaded,
  type CourseSave,
  type CourseSummary,
  type StepSave,
} from '@platform/contract';
import { users } from '../db/schema';
import { callerOn, createEnvironment, createSchool, signedIn } from './factories';
import { createHarness, type Harness } from './harness';
import { multipartFile } from './sample-files';

export type Who = Awaited<ReturnType<typeof signedIn>>;
export type Page<T> = { records: T[]; total: number };

/** Two schools with a manager, a teacher and a student each (school A a second teacher), and two environments. */
export interface CoursesWorld {
  managerA: Who;
  teacherA: Who;
  otherTeacherA: Who;
  studentA: Who;
  managerB: Who;
  teacherB: Who;
  studentB: Who;
  schoolA: string;
  schoolB: string;
  envA: string;
  envB: string;
}

async function person(
  h: Harness,
  schoolId: string,
  role: 'school-manager' | 'teacher' | 'student',
) {
  const who = await signedIn(h.app, h.ctx, { schoolId, roles: [role] });
  const kind = {
    'school-manager': UserKind.SCHOOL_ADMIN,
    teacher: UserKind.TEACHER,
    student: UserKind.STUDENT,
  }[role];
  await h.ctx.db.update(users).set({ kind }).where(eq(users.id, who.id));
  return who;
}

async function coursesWorld(h: Harness): Promise<CoursesWorld> {
  const schoolA = (await createSchool(h.ctx)).id;
  const schoolB = (await createSchool(h.ctx)).id;
  const [managerA, teacherA, otherTeacherA, studentA, managerB, teacherB, studentB] =
    await Promise.all([
      person(h, schoolA, 'school-manager'),
      person(h, schoolA, 'teacher'),
      person(h, schoolA, 'teacher'),
      person(h, schoolA, 'student'),
      person(h, schoolB, 'school-manager'),
      person(h, schoolB, 'teacher'),
      person(h, schoolB, 'student'),
    ]);
  const envA = (await createEnvironment(h.ctx)).id;
  const envB = (await createEnvironment(h.ctx)).id;
  return {
    managerA,
    teacherA,
    otherTeacherA,
    studentA,
    managerB,
    teacherB,
    studentB,
    schoolA,
    schoolB,
    envA,
    envB,
  };
}

export const doc = (...texts: string[]) => ({
  type: 'doc' as const,
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** A document step's content. */
export const docStep = (text = '内容'): StepSave['content'] => ({
  type: 'document',
  doc: { zh: doc(text) },
});

/**
 * A harness with the courses' world for the tests of one file, made before them and closed
 * after, with calls on it in Chinese unless told. `h` and `w` are set once the file's
 * `beforeAll` ran; courses are made by school A's teacher unless told.
 */
export function coursesSuite() {
  const state = {
    h: undefined as unknown as Harness,
    w: undefined as unknown as CoursesWorld,
    seq: 0,
  };
  beforeAll(async () => {
    state.h = await createHarness();
    state.seq = 0;
    state.w = await coursesWorld(state.h);
  });
  afterAll(() => state.h.close());

  const call = callerOn(() => state.h.app, 'zh');

  async function addCourse(
    body: Partial<CourseSave> = {},
    who: Who = state.w.teacherA,
    lang = 'zh',
  ) {
    state.seq += 1;
    const res = await call<CourseSummary>(
      who,
      'POST',
      api.save.path,
      { name: { zh: `物联网课程${state.seq}` }, difficulty: 'entry', specialty: 'iot', ...body },
      lang,
    );
    expect(res.code, res.message).toBe(200);
    return res.data;
  }

  async function addChapter(
    courseId: string,
    name: ChapterSave['name'],
    who: Who = state.w.teacherA,
  ) {
    const res = await call<{ id: string }>(who, 'POST', api.chapterSave.path, { courseId, name });
    expect(res.code, res.message).toBe(200);
    return res.data.id;
  }

  const saveStep = (body: StepSave, who: Who = state.w.teacherA, lang = 'zh') =>
    call<{ id: string; content: Record<string, unknown>; fileUrl: string | null }>(
      who,
      'POST',
      api.stepSave.path,
      body,
      lang,
    );

  async function addStep(chapterId: string, name: string, content: StepSave['content']) {
    const res = await saveStep({ chapterId, name: { zh: name }, content });
    expect(res.code, res.message).toBe(200);
    return res.data.id;
  }

  async function upload(
    who: Who,
    courseId: string,
    kind: string,
    name: string,
    data: Buffer,
    lang = 'zh',
  ) {
    const { payload, headers } = multipartFile(name, data, { courseId, kind });
    const res = await state.h.app.inject({
      method: 'POST',
      url: api.fileUpload.path,
      payload,
      headers: { ...who.headers, ...headers, 'accept-language': lang },
    });
    return {
      status: res.statusCode,
      ...res.json<{ code: number; errorKey?: string; message: string; data: CourseFileUploaded }>(),
    };
  }

  const detail = (who: Who, id: string, lang = 'zh') =>
    call<CourseDetail>(who, 'GET', pathOf(api.detail.path, { id }), undefined, lang);

  /** A course of school A with one chapter and one step each, open for self-study. */
  async function openCourse(body: Partial<CourseSave> = {}) {
    const course = await addCourse(body);
    const chapterId = await addChapter(course.id, { zh: '第1章 入门' });
    const stepId = await addStep(chapterId, '1-1 阅读', docStep());
    const res = await call(state.w.teacherA, 'POST', api.selfStudy.path, {
      id: course.id,
      open: true,
    });
    expect(res.code, res.message).toBe(200);
    return { course, chapterId, stepId };
  }

  return {
    get h() {
      return state.h;
    },
    get w() {
      return state.w;
    },
    call,
    addCourse,
    addChapter,
    saveStep,
    addStep,
    upload,
    detail,
    openCourse,
  };
}
