import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coursesApi as api,
  pathOf,
  UserKind,
  type ChapterSave,
  type CourseDetail,
  type CourseEdit,
  type CourseFileUploaded,
  type CourseResource,
  type CourseSave,
  type CourseSummary,
  type FrontCourse,
  type StepSave,
  type StudentCourseCard,
  type StudentCourseInfo,
  type StudyStep,
} from '@platform/contract';
import { courses, coursePurchases, users } from '../../db/schema';
import { readSetting } from '../settings/settings.service';
import { callerOn, createEnvironment, createSchool, signedIn } from '../../test/factories';
import { createHarness, type Harness } from '../../test/harness';
import { jpeg, mp4, multipartFile, pdf, png } from '../../test/sample-files';
import { courseFileKey, newFileId } from './courses.service';
import { insertCourseTree } from './courses.tree';

let h: Harness;
type Who = Awaited<ReturnType<typeof signedIn>>;
let managerA: Who;
let teacherA: Who;
let otherTeacherA: Who;
let studentA: Who;
let managerB: Who;
let teacherB: Who;
let studentB: Who;
let schoolA: string;
let schoolB: string;
let envA: string;
let envB: string;

const call = callerOn(() => h.app, 'zh');
type Page<T> = { records: T[]; total: number };

async function person(schoolId: string, role: 'school-manager' | 'teacher' | 'student') {
  const who = await signedIn(h.app, h.ctx, { schoolId, roles: [role] });
  const kind = {
    'school-manager': UserKind.SCHOOL_ADMIN,
    teacher: UserKind.TEACHER,
    student: UserKind.STUDENT,
  }[role];
  await h.ctx.db.update(users).set({ kind }).where(eq(users.id, who.id));
  return who;
}

beforeAll(async () => {
  h = await createHarness();
  schoolA = (await createSchool(h.ctx)).id;
  schoolB = (await createSchool(h.ctx)).id;
  [managerA, teacherA, otherTeacherA, studentA, managerB, teacherB, studentB] = await Promise.all([
    person(schoolA, 'school-manager'),
    person(schoolA, 'teacher'),
    person(schoolA, 'teacher'),
    person(schoolA, 'student'),
    person(schoolB, 'school-manager'),
    person(schoolB, 'teacher'),
    person(schoolB, 'student'),
  ]);
  envA = (await createEnvironment(h.ctx)).id;
  envB = (await createEnvironment(h.ctx)).id;
});
afterAll(() => h.close());

const doc = (...texts: string[]) => ({
  type: 'doc' as const,
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

let seq = 0;
async function addCourse(body: Partial<CourseSave> = {}, who: Who = teacherA, lang = 'zh') {
  seq += 1;
  const res = await call<CourseSummary>(
    who,
    'POST',
    api.save.path,
    { name: { zh: `物联网课程${seq}` }, difficulty: 'entry', specialty: 'iot', ...body },
    lang,
  );
  expect(res.code, res.message).toBe(200);
  return res.data;
}

async function addChapter(courseId: string, name: ChapterSave['name'], who: Who = teacherA) {
  const res = await call<{ id: string }>(who, 'POST', api.chapterSave.path, { courseId, name });
  expect(res.code, res.message).toBe(200);
  return res.data.id;
}

const saveStep = (body: StepSave, who: Who = teacherA, lang = 'zh') =>
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

const docStep = (text = '内容'): StepSave['content'] => ({
  type: 'document',
  doc: { zh: doc(text) },
});

async function upload(
  who: Who,
  courseId: string,
  kind: string,
  name: string,
  data: Buffer,
  lang = 'zh',
) {
  const { payload, headers } = multipartFile(name, data, { courseId, kind });
  const res = await h.app.inject({
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
  const res = await call(teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true });
  expect(res.code, res.message).toBe(200);
  return { course, chapterId, stepId };
}

describe('courses: the course record', () => {
  it('takes names of 3 to 25 characters in either language, refused in the caller’s language', async () => {
    const short = await call(teacherA, 'POST', api.save.path, {
      name: { zh: '短名' },
      difficulty: 'entry',
      specialty: 'iot',
    });
    expect(short.status).toBe(400);
    expect(short.fields).toEqual({ 'name.zh': 'too_short' });
    expect(short.message).toBe('输入有误，请检查后重试');
    const long = await call(
      teacherA,
      'POST',
      api.save.path,
      { name: { en: 'x'.repeat(26) }, difficulty: 'entry', specialty: 'iot' },
      'en',
    );
    expect(long.fields).toEqual({ 'name.en': 'too_long' });
    expect(long.message).toBe('Invalid input, please check and retry');
    const none = await call(teacherA, 'POST', api.save.path, {
      name: { zh: '', en: '' },
      difficulty: 'entry',
      specialty: 'iot',
    });
    expect(none.fields).toEqual({ name: 'required' });
    await addCourse({ name: { zh: '三个字', en: 'x'.repeat(25) } });
  });

  it('takes the difficulty and specialty values of the specification only', async () => {
    const res = await call(teacherA, 'POST', api.save.path, {
      name: { zh: '难度课程' },
      difficulty: 'hard',
      specialty: 'cooking',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.fields!).sort()).toEqual(['difficulty', 'specialty']);
    for (const difficulty of ['entry', 'easy', 'harder', 'high'] as const)
      expect((await addCourse({ difficulty, specialty: 'big-data' })).difficulty).toBe(difficulty);
  });

  it('lists the school’s courses and the platform’s, filtered, never another school’s', async () => {
    const mine = await addCourse({
      name: { zh: '过滤专用课程', en: 'Filtered course' },
      specialty: 'blockchain',
    });
    await addCourse({ name: { zh: '别校的过滤课程' }, specialty: 'blockchain' }, teacherB);
    const platformId = await insertCourseTree(h.ctx, {
      id: h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: { name: { zh: '平台过滤课程' }, difficulty: 'easy', specialty: 'blockchain' },
      chapters: [],
    });
    const page = await call<Page<CourseSummary>>(
      teacherA,
      'GET',
      `${api.page.path}?specialty=blockchain&name=${encodeURIComponent('过滤')}`,
    );
    expect(page.data.records.map((r) => r.id).sort()).toEqual([mine.id, platformId].sort());
    const own = page.data.records.find((r) => r.id === mine.id)!;
    expect(own.editable).toBe(true);
    expect(own.authorId).toBe(teacherA.id);
    expect(page.data.records.find((r) => r.id === platformId)!.editable).toBe(false);
    const en = await call<Page<CourseSummary>>(
      teacherA,
      'GET',
      `${api.page.path}?name=filtered&owner=school`,
      undefined,
      'en',
    );
    expect(en.data.records.map((r) => r.name)).toEqual(['Filtered course']);
    const platform = await call<Page<CourseSummary>>(
      teacherA,
      'GET',
      `${api.page.path}?owner=platform&specialty=blockchain`,
    );
    expect(platform.data.records.map((r) => r.id)).toEqual([platformId]);
  });

  it('answers in the caller’s language, else the other one', async () => {
    const course = await addCourse({
      name: { zh: '只有中文的课程' },
      overview: { en: 'English only' },
    });
    const en = await detail(teacherA, course.id, 'en');
    expect(en.data.name).toBe('只有中文的课程');
    expect(en.data.overview).toBe('English only');
    const zh = await detail(teacherA, course.id, 'zh');
    expect(zh.data.overview).toBe('English only');
  });

  it('refuses platform courses to their editors and other schools’ courses to everyone', async () => {
    const platformId = await insertCourseTree(h.ctx, {
      id: h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: { name: { zh: '平台只读课程' }, difficulty: 'easy', specialty: 'ai' },
      chapters: [],
    });
    expect((await detail(teacherA, platformId)).code).toBe(200);
    const edit = await call(teacherA, 'POST', api.save.path, {
      id: platformId,
      name: { zh: '改掉平台课程' },
      difficulty: 'easy',
      specialty: 'ai',
    });
    expect(edit.status).toBe(403);
    expect(edit.errorKey).toBe('courses.not_editable');
    const course = await addCourse();
    const other = await detail(teacherB, course.id);
    expect(other.status).toBe(404);
    expect(other.errorKey).toBe('courses.not_found');
    const write = await call(teacherB, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '抢来的课程' },
      difficulty: 'easy',
      specialty: 'ai',
    });
    expect(write.status).toBe(404);
  });
});

describe('courses: covers and files', () => {
  it('takes a JPG or PNG cover by its content, whatever its name, and answers it signed', async () => {
    const course = await addCourse();
    const renamed = await upload(teacherA, course.id, 'cover', 'cover.gif', png());
    expect(renamed.code, renamed.message).toBe(200);
    expect(renamed.data.contentType).toBe('image/png');
    expect(renamed.data.name).toBe('cover.gif');
    const saved = await call<CourseSummary>(teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '有封面的课程' },
      difficulty: 'entry',
      specialty: 'iot',
      coverFileId: renamed.data.fileId,
    });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.coverUrl).toMatch(
      new RegExp(
        `^/api-teaching/course/file/${course.id}/${renamed.data.fileId}\\?e=\\d+&s=[\\w-]+$`,
      ),
    );
    const image = await h.app.inject({ method: 'GET', url: saved.data.coverUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png())).toBe(true);
    expect((await upload(teacherA, course.id, 'cover', 'c.jpg', jpeg())).code).toBe(200);
  });

  it('refuses a text file named .png as a cover, in both languages', async () => {
    const course = await addCourse();
    const zh = await upload(teacherA, course.id, 'cover', 'fake.png', Buffer.from('just text'));
    expect(zh.status).toBe(400);
    expect(zh.errorKey).toBe('courses.cover_type');
    expect(zh.message).toBe('封面只能是 JPG 或 PNG 图片');
    const en = await upload(teacherA, course.id, 'cover', 'fake.png', Buffer.from('x'), 'en');
    expect(en.message).toBe('The cover must be a JPG or PNG image');
    const image = await upload(teacherA, course.id, 'image', 'fake.png', Buffer.from('x'), 'en');
    expect(image.errorKey).toBe('common.file_type_refused');
    expect(image.message).toContain('JPG, PNG');
  });

  it('refuses a cover over 5 MB with 413', async () => {
    const course = await addCourse();
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(teacherA, course.id, 'cover', 'big.png', big, 'en');
    expect(res.status).toBe(413);
    expect(res.errorKey).toBe('courses.cover_too_large');
    expect(res.message).toBe('The cover image cannot be larger than 5 MB');
  });

  it('takes as cover only an image of the same course', async () => {
    const course = await addCourse();
    const other = await addCourse();
    const foreign = await upload(teacherA, other.id, 'cover', 'c.png', png());
    const pdfFile = await upload(teacherA, course.id, 'pdf', 'a.pdf', pdf());
    const body = { id: course.id, name: { zh: '封面检查' }, difficulty: 'entry', specialty: 'iot' };
    const res = await call(teacherA, 'POST', api.save.path, {
      ...body,
      coverFileId: foreign.data.fileId,
    });
    expect(res.errorKey).toBe('courses.cover_not_found');
    const notImage = await call(teacherA, 'POST', api.save.path, {
      ...body,
      coverFileId: pdfFile.data.fileId,
    });
    expect(notImage.errorKey).toBe('courses.cover_type');
  });

  it('refuses uploads to another school’s course and to the platform’s', async () => {
    const course = await addCourse();
    const res = await upload(teacherB, course.id, 'image', 'a.png', png());
    expect(res.status).toBe(404);
    expect(res.errorKey).toBe('courses.not_found');
  });

  it('serves a file at its signed address, with ranges, and nowhere else', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 文件' });
    const file = await upload(teacherA, course.id, 'pdf', '讲义.pdf', pdf());
    expect(file.code, file.message).toBe(200);
    await addStep(chapterId, '1-1 讲义', {
      type: 'pdf',
      file: { fileId: file.data.fileId, name: '讲义.pdf' },
    });
    const whole = await h.app.inject({ method: 'GET', url: file.data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toBe('inline');
    const part = await h.app.inject({
      method: 'GET',
      url: file.data.url,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${pdf().length}`);
    expect(part.body).toBe('%PDF-1.4\n1');
    const download = await h.app.inject({ method: 'GET', url: `${file.data.url}&download=1` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('讲义.pdf')}`,
    );

    const url = new URL(file.data.url, 'http://x');
    const e = Number(url.searchParams.get('e'));
    const s = url.searchParams.get('s')!;
    const expectGone = async (path: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: path,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().errorKey).toBe('courses.file_not_found');
      expect(res.json().message).toBe('The file does not exist or its link has expired');
    };
    const tampered = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectGone(`${url.pathname}?e=${e}&s=${tampered}`);
    await expectGone(`${url.pathname}?e=${e + 3600}&s=${s}`);
    const other = await addCourse();
    await expectGone(`/api-teaching/course/file/${other.id}/${file.data.fileId}?e=${e}&s=${s}`);
    const secret = String(await readSetting(h.ctx.db, 'courses.file_url_secret'));
    const past = Math.floor(Date.now() / 1000) - 60;
    const sign = (expiry: number) =>
      createHmac('sha256', secret)
        .update(`${course.id}/${file.data.fileId}/${expiry}`)
        .digest('base64url');
    expect(
      (await h.app.inject({ method: 'GET', url: `${url.pathname}?e=${e}&s=${sign(e)}` }))
        .statusCode,
    ).toBe(200);
    await expectGone(`${url.pathname}?e=${past}&s=${sign(past)}`);
    const missing = newFileId();
    const signedMissing = createHmac('sha256', secret)
      .update(`${course.id}/${missing}/${e}`)
      .digest('base64url');
    await expectGone(`/api-teaching/course/file/${course.id}/${missing}?e=${e}&s=${signedMissing}`);
  });

  it('keeps addresses the same within an hour and valid for six hours at least', async () => {
    const course = await addCourse();
    const file = await upload(teacherA, course.id, 'image', 'a.png', png());
    const e = Number(new URL(file.data.url, 'http://x').searchParams.get('e'));
    expect(e % 3600).toBe(0);
    const now = Date.now() / 1000;
    expect(e).toBeGreaterThanOrEqual(now + 6 * 3600);
    expect(e).toBeLessThanOrEqual(now + 7 * 3600);
    const again = await upload(teacherA, course.id, 'cover', 'b.png', png());
    const edit = await call<CourseEdit>(teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '稳定地址' },
      difficulty: 'entry',
      specialty: 'iot',
      coverFileId: again.data.fileId,
    });
    expect(edit.data.coverUrl).toBe(again.data.url);
  });
});

describe('courses: chapters and steps', () => {
  it('answers chapters and steps in course order, in both languages', async () => {
    const course = await addCourse();
    const tenth = await addChapter(course.id, { zh: '第10章 进阶' });
    const second = await addChapter(course.id, { zh: '第2章 基础' });
    const loose = await addChapter(course.id, { zh: '附录' });
    const first = await addChapter(course.id, { zh: '第一章 开始' });
    await addStep(second, '1-10 十', docStep());
    await addStep(second, '1-2 二', docStep());
    await addStep(second, '说明', docStep());
    await addStep(second, '1-1 一', docStep());
    const zh = await detail(teacherA, course.id);
    expect(zh.data.chapters.map((c) => c.id)).toEqual([first, second, tenth, loose]);
    expect(zh.data.chapters[1]!.steps.map((s) => s.name)).toEqual([
      '1-1 一',
      '1-2 二',
      '1-10 十',
      '说明',
    ]);

    const en = await addCourse();
    const c10 = await addChapter(en.id, { en: 'Chapter 10 Advanced' });
    const c2 = await addChapter(en.id, { en: 'Chapter 2 Basics' });
    const read = await detail(teacherA, en.id, 'en');
    expect(read.data.chapters.map((c) => c.id)).toEqual([c2, c10]);
    expect(read.data.chapterCount).toBe(2);
  });

  it('answers every change of chapters and steps at once, however quickly they follow', async () => {
    const course = await addCourse();
    const chapter = await addChapter(course.id, { zh: '第1章 开始' });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(await addStep(chapter, `1-${i} 步骤`, docStep()));
      const read = await detail(teacherA, course.id);
      expect(read.data.chapters[0]!.steps.map((s) => s.id)).toEqual(ids);
    }
    expect((await call(teacherA, 'POST', api.stepDelete.path, { id: ids[0] })).code).toBe(200);
    const renamed = await call(teacherA, 'POST', api.chapterSave.path, {
      id: chapter,
      courseId: course.id,
      name: { zh: '第1章 改名' },
    });
    expect(renamed.code).toBe(200);
    const read = await detail(teacherA, course.id);
    expect(read.data.chapters[0]!.name).toBe('第1章 改名');
    expect(read.data.chapters[0]!.steps.map((s) => s.id)).toEqual(ids.slice(1));
  });

  it('needs a course environment before a lab step, and one of the course’s', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 实训' });
    const lab = {
      type: 'training' as const,
      doc: { zh: doc('做实验') },
      envId: envA,
      commands: [],
    };
    const zh = await saveStep({ chapterId, name: { zh: '1-1 实训' }, content: lab });
    expect(zh.status).toBe(400);
    expect(zh.errorKey).toBe('courses.env_first');
    expect(zh.message).toBe('请先添加课程环境');
    const en = await saveStep(
      { chapterId, name: { zh: '1-1 实训' }, content: lab },
      teacherA,
      'en',
    );
    expect(en.message).toBe('Please add a course environment first');

    await call(teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '有环境的课程' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [envB],
    });
    const wrong = await saveStep({ chapterId, name: { zh: '1-1 实训' }, content: lab });
    expect(wrong.errorKey).toBe('courses.env_not_in_course');
    const ok = await saveStep({
      chapterId,
      name: { zh: '1-1 实训' },
      content: {
        ...lab,
        envId: envB,
        commands: [{ title: { zh: '列出文件', en: 'List files' }, command: 'ls -la' }],
      },
    });
    expect(ok.code, ok.message).toBe(200);
    expect(ok.data.content).toMatchObject({
      type: 'training',
      envId: envB,
      commands: [{ command: 'ls -la' }],
    });

    const drop = await call(teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '有环境的课程' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [envA],
    });
    expect(drop.status).toBe(409);
    expect(drop.errorKey).toBe('courses.env_in_use');
  });

  it('takes only existing, enabled environments', async () => {
    const disabled = await createEnvironment(h.ctx, { state: 2 });
    const res = await call(teacherA, 'POST', api.save.path, {
      name: { zh: '停用环境课程' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [disabled.id],
    });
    expect(res.errorKey).toBe('courses.env_not_found');
    expect(res.fields).toEqual({ envIds: 'invalid_value' });
  });

  it('checks questions: one right option for single, some for multiple, stem and option lengths', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 测验' });
    const option = (text: string, right = false) => ({ text: { zh: text }, right });
    const ask = (question: Record<string, unknown>) =>
      saveStep({
        chapterId,
        name: { zh: '1-1 测验' },
        content: {
          type: 'question',
          questions: [{ stem: { zh: '哪一个正确？' }, score: 5, ...question }],
        },
      } as StepSave);
    const twoRight = await ask({
      kind: 'single',
      options: [option('甲', true), option('乙', true)],
    });
    expect(twoRight.fields).toEqual({ 'content.questions.0.options': 'invalid_value' });
    const noneRight = await ask({ kind: 'multiple', options: [option('甲'), option('乙')] });
    expect(noneRight.fields).toEqual({ 'content.questions.0.options': 'invalid_value' });
    const shortStem = await ask({ kind: 'judgement', answer: true, stem: { zh: '对吗' } });
    expect(shortStem.fields).toEqual({ 'content.questions.0.stem.zh': 'too_short' });
    const longStem = await ask({ kind: 'judgement', answer: true, stem: { zh: '长'.repeat(201) } });
    expect(longStem.fields).toEqual({ 'content.questions.0.stem.zh': 'too_long' });
    const longOption = await ask({
      kind: 'single',
      options: [option('甲', true), option('乙'.repeat(151))],
    });
    expect(longOption.fields).toEqual({ 'content.questions.0.options.1.text.zh': 'too_long' });
    const emptyOption = await ask({ kind: 'single', options: [option('甲', true), option('')] });
    expect(emptyOption.fields).toEqual({ 'content.questions.0.options.1.text': 'required' });
    expect(
      (await ask({ kind: 'single', options: [option('甲', true), option('乙'.repeat(150))] })).code,
    ).toBe(200);
    expect(
      (await ask({ kind: 'multiple', options: [option('甲', true), option('乙', true)] })).code,
    ).toBe(200);
    expect((await ask({ kind: 'judgement', answer: false, stem: { zh: '对不对' } })).code).toBe(
      200,
    );
  });

  it('sanitises rich text: scripts and javascript: links refused, event handlers dropped', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 安全' });
    const withNode = (node: Record<string, unknown>) =>
      saveStep({
        chapterId,
        name: { zh: '1-1 文档' },
        content: { type: 'document', doc: { zh: { type: 'doc', content: [node] } } },
      });
    const script = await withNode({
      type: 'script',
      content: [{ type: 'text', text: 'alert(1)' }],
    });
    expect(script.status).toBe(400);
    expect(script.errorKey).toBe('courses.rich_text_refused');
    expect(script.fields).toEqual({ 'content.doc.zh': 'invalid_value' });
    const link = await withNode({
      type: 'paragraph',
      content: [
        {
          type: 'text',
          text: 'click',
          marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
        },
      ],
    });
    expect(link.errorKey).toBe('courses.rich_text_refused');
    const handler = await withNode({
      type: 'paragraph',
      attrs: { onclick: 'alert(1)', style: 'color:red' },
      content: [{ type: 'text', text: '安全的段落' }],
    });
    expect(handler.code, handler.message).toBe(200);
    expect(JSON.stringify(handler.data.content)).not.toMatch(/onclick|alert|style/);
    expect(JSON.stringify(handler.data.content)).toContain('安全的段落');
    const description = await call(teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '描述检查' },
      difficulty: 'entry',
      specialty: 'iot',
      description: { en: { type: 'doc', content: [{ type: 'iframe' }] } },
    });
    expect(description.fields).toEqual({ 'description.en': 'invalid_value' });
  });

  it('keeps images of the course’s files unsigned, signs them when read, refuses another course’s', async () => {
    const course = await addCourse();
    const other = await addCourse();
    const mine = await upload(teacherA, course.id, 'image', 'a.png', png());
    const theirs = await upload(teacherA, other.id, 'image', 'b.png', png());
    const image = (src: string) => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src, alt: '图' } }],
    });
    const body = { id: course.id, name: { zh: '图片描述' }, difficulty: 'entry', specialty: 'iot' };
    const refused = await call(teacherA, 'POST', api.save.path, {
      ...body,
      description: { zh: image(theirs.data.url) },
    });
    expect(refused.errorKey).toBe('courses.rich_text_refused');
    const saved = await call(teacherA, 'POST', api.save.path, {
      ...body,
      description: { zh: image(mine.data.url) },
    });
    expect(saved.code, saved.message).toBe(200);
    const [row] = await h.ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(JSON.stringify(row!.description)).toContain(
      `"src":"/api-teaching/course/file/${course.id}/${mine.data.fileId}"`,
    );
    const read = await detail(teacherA, course.id, 'en');
    const src = (read.data.description as { content: { attrs: { src: string } }[] }).content[0]!
      .attrs.src;
    expect(src).toBe(mine.data.url);
    expect((await h.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
  });

  it('refuses a file step whose file is of another type or not the course’s', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 视频' });
    const image = await upload(teacherA, course.id, 'image', 'a.png', png());
    const asVideo = await saveStep({
      chapterId,
      name: { zh: '1-1 视频' },
      content: { type: 'video', file: { fileId: image.data.fileId, name: 'a.png' } },
    });
    expect(asVideo.errorKey).toBe('courses.file_step_type');
    const missing = await saveStep({
      chapterId,
      name: { zh: '1-1 视频' },
      content: { type: 'video', file: { fileId: newFileId(), name: 'v.mp4' } },
    });
    expect(missing.errorKey).toBe('courses.file_not_found');
  });
});

describe('courses: self-study, delete, transfer', () => {
  it('opens a course for self-study only with chapters that all have steps', async () => {
    const course = await addCourse();
    const open = () =>
      call(teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true }, 'en');
    expect((await open()).errorKey).toBe('courses.no_chapters');
    const chapterId = await addChapter(course.id, { zh: '第1章 空' });
    const empty = await open();
    expect(empty.status).toBe(400);
    expect(empty.errorKey).toBe('courses.chapter_steps_empty');
    expect(empty.message).toBe('Chapter steps cannot be empty');
    const zh = await call(teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true });
    expect(zh.message).toBe('章节步骤不能为空');
    await addStep(chapterId, '1-1 阅读', docStep());
    const opened = await open();
    expect(opened.code, opened.message).toBe(200);
    expect((opened.data as CourseSummary).selfStudy).toBe(true);
  });

  it('deletes the school’s own course, keeping its row', async () => {
    const course = await addCourse();
    const byTeacher = await call(teacherA, 'POST', api.remove.path, { id: course.id });
    expect(byTeacher.status).toBe(403);
    const byOther = await call(managerB, 'POST', api.remove.path, { id: course.id });
    expect(byOther.status).toBe(404);
    expect(byOther.errorKey).toBe('courses.not_found');
    const res = await call(managerA, 'POST', api.remove.path, { id: course.id });
    expect(res.code, res.message).toBe(200);
    expect((await detail(teacherA, course.id)).status).toBe(404);
    const [row] = await h.ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('refuses to delete a purchased course within its validity and removes it after', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const tree = (validUntil: number) =>
      insertCourseTree(h.ctx, {
        id: h.ctx.ids.next(),
        schoolId: null,
        authorId: null,
        course: { name: { zh: '购买的课程' }, difficulty: 'easy', specialty: 'ai' },
        chapters: [],
        purchase: {
          schoolId: schoolA,
          validFrom: new Date(now - 30 * day),
          validUntil: new Date(validUntil),
        },
      });
    const valid = await tree(now + day);
    const refused = await call(managerA, 'POST', api.remove.path, { id: valid });
    expect(refused.status).toBe(400);
    expect(refused.errorKey).toBe('courses.purchased_in_validity');
    expect(refused.message).toBe('已购课程在有效期内不能删除');
    const en = await call(managerA, 'POST', api.remove.path, { id: valid }, 'en');
    expect(en.message).toBe('If a purchased course is in its validity period it cannot be deleted');
    const listed = await detail(teacherA, valid);
    expect(listed.data.purchasedUntil).not.toBeNull();

    const ended = await tree(now - day);
    const removed = await call(managerA, 'POST', api.remove.path, { id: ended });
    expect(removed.code, removed.message).toBe(200);
    const purchases = await h.ctx.db
      .select()
      .from(coursePurchases)
      .where(and(eq(coursePurchases.courseId, ended), eq(coursePurchases.schoolId, schoolA)));
    expect(purchases).toEqual([]);
    const [platform] = await h.ctx.db.select().from(courses).where(eq(courses.id, ended));
    expect(platform!.deletedAt).toBeNull();
  });

  it('transfers a course to a teacher of the same school only', async () => {
    const course = await addCourse();
    const other = await call(
      managerA,
      'POST',
      api.transfer.path,
      { id: course.id, teacherId: teacherB.id },
      'en',
    );
    expect(other.status).toBe(404);
    expect(other.errorKey).toBe('courses.teacher_not_found');
    expect(other.message).toBe('The chosen teacher is not a teacher of your school');
    const student = await call(managerA, 'POST', api.transfer.path, {
      id: course.id,
      teacherId: studentA.id,
    });
    expect(student.errorKey).toBe('courses.teacher_not_found');
    const res = await call<CourseSummary>(managerA, 'POST', api.transfer.path, {
      id: course.id,
      teacherId: otherTeacherA.id,
    });
    expect(res.code, res.message).toBe(200);
    expect(res.data.authorId).toBe(otherTeacherA.id);
  });
});

describe('courses: resources', () => {
  it('uploads, lists, downloads and deletes resources; students of other schools get nothing', async () => {
    const { course } = await openCourse();
    const { payload, headers } = multipartFile('资料.txt', Buffer.from('hello resources'), {
      courseId: course.id,
    });
    const up = await h.app.inject({
      method: 'POST',
      url: api.resourceUpload.path,
      payload,
      headers: { ...teacherA.headers, ...headers },
    });
    expect(up.json().code, up.body).toBe(200);
    const resource = up.json<{ data: CourseResource }>().data;
    expect(resource).toMatchObject({ name: '资料.txt', size: 15 });
    const page = await call<Page<CourseResource>>(
      teacherA,
      'GET',
      `${api.resourcePage.path}?courseId=${course.id}`,
    );
    expect(page.data.records.map((r) => r.id)).toEqual([resource.id]);
    const url = pathOf(api.resourceDownload.path, { id: resource.id });
    const byStudent = await h.app.inject({ method: 'GET', url, headers: studentA.headers });
    expect(byStudent.statusCode).toBe(200);
    expect(byStudent.body).toBe('hello resources');
    expect(byStudent.headers['content-disposition']).toContain(encodeURIComponent('资料.txt'));
    const byOther = await h.app.inject({ method: 'GET', url, headers: studentB.headers });
    expect(byOther.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url, headers: teacherB.headers })).statusCode).toBe(
      404,
    );
    const removed = await call(teacherA, 'POST', api.resourceDelete.path, { id: resource.id });
    expect(removed.code).toBe(200);
    expect((await h.app.inject({ method: 'GET', url, headers: studentA.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('courses: students', () => {
  const hall = (who: Who, query = '', lang = 'zh') =>
    call<Page<StudentCourseCard>>(
      who,
      'GET',
      `${api.studentPage.path}?pageSize=100${query}`,
      undefined,
      lang,
    );
  const info = (who: Who, id: string, lang = 'zh') =>
    call<StudentCourseInfo>(who, 'GET', pathOf(api.studentInfo.path, { id }), undefined, lang);
  const study = (who: Who, id: string, lang = 'zh') =>
    call<StudyStep>(who, 'GET', pathOf(api.studyStep.path, { id }), undefined, lang);

  it('shows a student the school’s open courses and purchased platform courses only', async () => {
    const { course: open } = await openCourse({ name: { zh: '开放的课程' } });
    const closed = await addCourse({ name: { zh: '未开放课程' } });
    const tree = (name: string, schoolId: string, validUntil: number) =>
      insertCourseTree(h.ctx, {
        id: h.ctx.ids.next(),
        schoolId: null,
        authorId: null,
        course: { name: { zh: name }, difficulty: 'easy', specialty: 'ai' },
        chapters: [{ name: { zh: '第1章' }, steps: [{ name: { zh: '1-1' }, content: docStep() }] }],
        selfStudy: true,
        purchase: {
          schoolId,
          validFrom: new Date(Date.now() - 86_400_000),
          validUntil: new Date(validUntil),
        },
      });
    const bought = await tree('已购平台课程', schoolA, Date.now() + 86_400_000);
    const expired = await tree('过期平台课程', schoolA, Date.now() - 1000);
    const theirs = await tree('别校平台课程', schoolB, Date.now() + 86_400_000);
    const cards = (await hall(studentA)).data.records;
    expect(cards.find((r) => r.id === open.id)).toMatchObject({
      name: '开放的课程',
      chapterCount: 1,
      stepCount: 1,
      selfStudy: true,
      progress: null,
    });
    const ids = cards.map((r) => r.id);
    expect(ids).toContain(open.id);
    expect(ids).toContain(bought);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(expired);
    expect(ids).not.toContain(theirs);
    const other = (await hall(studentB)).data.records.map((r) => r.id);
    expect(other).not.toContain(open.id);
    expect(other).toContain(theirs);
    for (const id of [open.id, closed.id, expired]) {
      const res = await info(studentB, id, 'en');
      expect(res.status).toBe(404);
      expect(res.errorKey).toBe('courses.not_found');
      expect(res.message).toBe('Course not found');
    }
    expect((await info(studentA, closed.id)).status).toBe(404);
    const filtered = await hall(studentA, `&name=${encodeURIComponent('开放的')}`);
    expect(filtered.data.records.map((r) => r.id)).toEqual([open.id]);
    const paged = await call<Page<StudentCourseCard>>(
      studentA,
      'GET',
      `${api.studentPage.path}?pageSize=1`,
    );
    expect(paged.data.records).toHaveLength(1);
    expect(paged.data.total).toBeGreaterThanOrEqual(2);
  });

  it('hands out a step without answers before answering, and scores every kind all or nothing', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 测验' });
    await addStep(chapterId, '1-1 阅读', docStep());
    const option = (zh: string, right = false) => ({ text: { zh, en: `${zh}-en` }, right });
    const quizId = await addStep(chapterId, '1-2 测验', {
      type: 'exercises',
      questions: [
        {
          kind: 'single',
          stem: { zh: '单选题目' },
          score: 2,
          options: [option('甲'), option('乙', true)],
          analysis: { zh: '选乙', en: 'B it is' },
        },
        {
          kind: 'multiple',
          stem: { zh: '多选题目' },
          score: 3,
          options: [option('甲', true), option('乙'), option('丙', true)],
        },
        { kind: 'judgement', stem: { zh: '判断题目' }, score: 4, answer: false },
        {
          kind: 'fill',
          stem: { zh: '填空题目' },
          score: 5,
          answers: [{ zh: '代理', en: 'broker' }],
        },
      ],
    });
    await call(teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true });
    const before = await study(studentA, quizId, 'en');
    expect(before.code, before.message).toBe(200);
    expect(before.data.questions).toEqual([
      { kind: 'single', stem: '单选题目', score: 2, options: ['甲-en', '乙-en'] },
      { kind: 'multiple', stem: '多选题目', score: 3, options: ['甲-en', '乙-en', '丙-en'] },
      { kind: 'judgement', stem: '判断题目', score: 4, options: [] },
      { kind: 'fill', stem: '填空题目', score: 5, options: [] },
    ]);
    expect(JSON.stringify(before.data)).not.toMatch(/right|B it is|broker|代理/);
    expect(before.data.progress.results).toBeNull();

    const mismatch = await call(studentA, 'POST', api.stepAnswer.path, {
      stepId: quizId,
      answers: [{ kind: 'single', chosen: [1] }],
    });
    expect(mismatch.errorKey).toBe('courses.question_mismatch');
    const answered = await call<{ score: number; total: number; results: { right: boolean }[] }>(
      studentA,
      'POST',
      api.stepAnswer.path,
      {
        stepId: quizId,
        answers: [
          { kind: 'single', chosen: [1] },
          { kind: 'multiple', chosen: [0] },
          { kind: 'judgement', answer: false },
          { kind: 'fill', text: '  BROKER ' },
        ],
      },
      'en',
    );
    expect(answered.code, answered.message).toBe(200);
    expect(answered.data.results.map((r) => r.right)).toEqual([true, false, true, true]);
    expect(answered.data.score).toBe(11);
    expect(answered.data.total).toBe(14);
    expect(answered.data.results[0]).toMatchObject({
      rightOptions: [1],
      analysis: 'B it is',
      score: 2,
    });
    expect(answered.data.results[1]).toMatchObject({ rightOptions: [0, 2], score: 0 });
    expect(answered.data.results[2]).toMatchObject({ rightJudgement: false });
    expect(answered.data.results[3]).toMatchObject({ rightAnswers: ['broker'] });

    const again = await call(studentA, 'POST', api.stepAnswer.path, {
      stepId: quizId,
      answers: [
        { kind: 'single', chosen: [1] },
        { kind: 'multiple', chosen: [0, 2] },
        { kind: 'judgement', answer: false },
        { kind: 'fill', text: '代理' },
      ],
    });
    expect(again.status).toBe(409);
    expect(again.errorKey).toBe('courses.already_answered');
    const after = await study(studentA, quizId);
    expect(after.data.progress).toMatchObject({ completed: true, score: 11 });
    expect(after.data.progress.results![0]).toMatchObject({ rightOptions: [1], analysis: '选乙' });
    const outline = await info(studentA, course.id);
    expect(outline.data.progress).toMatchObject({ done: 1, total: 2, percent: 50, score: 11 });
    expect(outline.data.chapters[0]!.steps.map((s) => [s.completed, s.score])).toEqual([
      [false, null],
      [true, 11],
    ]);
  });

  it('remembers the video position, marks steps done and links steps across chapters', async () => {
    const course = await addCourse({ name: { zh: '视频课程' } });
    const second = await addChapter(course.id, { zh: '第2章 后面' });
    const first = await addChapter(course.id, { zh: '第1章 前面' });
    const video = await upload(
      teacherA,
      course.id,
      'video',
      'clip.mp4',
      Buffer.concat([mp4(), Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(video.code, video.message).toBe(200);
    const videoStep = await addStep(first, '1-1 视频', {
      type: 'video',
      file: { fileId: video.data.fileId, name: 'clip.mp4' },
    });
    const lastStep = await addStep(second, '2-1 阅读', docStep());
    await call(teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true });

    const saved = await call(studentA, 'POST', api.stepProgress.path, {
      stepId: videoStep,
      videoSeconds: 42.7,
    });
    expect(saved.code, saved.message).toBe(200);
    const step = await study(studentA, videoStep);
    expect(step.data.progress).toMatchObject({ videoSeconds: 42, completed: false });
    expect(step.data.file!.name).toBe('clip.mp4');
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: step.data.file!.url,
          headers: { range: 'bytes=0-3' },
        })
      ).statusCode,
    ).toBe(206);
    expect(step.data.previousStepId).toBeNull();
    expect(step.data.nextStepId).toBe(lastStep);
    const last = await study(studentA, lastStep);
    expect(last.data.previousStepId).toBe(videoStep);
    expect(last.data.nextStepId).toBeNull();
    await call(studentA, 'POST', api.stepProgress.path, { stepId: videoStep, completed: true });
    expect((await study(studentA, videoStep)).data.progress).toMatchObject({
      videoSeconds: 42,
      completed: true,
    });
    expect((await study(studentB, videoStep)).status).toBe(404);

    const mine = await call<Page<StudentCourseCard>>(studentA, 'GET', api.myStudy.path);
    expect(mine.data.records[0]!.id).toBe(course.id);
    expect(mine.data.records[0]!.progress).toMatchObject({ done: 1, total: 2, percent: 50 });
    const self = await call<Page<StudentCourseCard>>(
      studentA,
      'GET',
      `${api.selfCulture.path}?pageSize=100`,
    );
    expect(self.data.records.map((r) => r.id)).toContain(course.id);
  });

  it('answers a course with only Chinese content in Chinese to an English reader', async () => {
    const { course, stepId } = await openCourse({ name: { zh: '纯中文课程' } });
    const card = (await hall(studentA, `&name=${encodeURIComponent('纯中文')}`, 'en')).data
      .records[0]!;
    expect(card.name).toBe('纯中文课程');
    const read = await study(studentA, stepId, 'en');
    expect(read.data.name).toBe('1-1 阅读');
    expect(read.data.doc).toEqual(doc('内容'));
    expect((await info(studentA, course.id, 'en')).data.chapters[0]!.name).toBe('第1章 入门');
  });
});

describe('courses: the seed’s way in', () => {
  it('inserts a whole course checked like the routes, or nothing', async () => {
    const id = h.ctx.ids.next();
    const fileId = newFileId();
    await h.ctx.storage.put(courseFileKey(id, fileId), Readable.from([png()]), {
      contentType: 'image/png',
    });
    const base = {
      id,
      schoolId: schoolA,
      authorId: teacherA.id,
      course: {
        name: { zh: '种子课程', en: 'Seeded course' },
        difficulty: 'entry' as const,
        specialty: 'iot' as const,
        coverFileId: fileId,
        envIds: [envA],
      },
      selfStudy: true,
    };
    await expect(
      insertCourseTree(h.ctx, {
        ...base,
        chapters: [
          {
            name: { zh: '第1章' },
            steps: [
              {
                name: { zh: '1-1 实训' },
                content: { type: 'training', doc: { zh: doc('做') }, envId: envB },
              },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({ errorKey: 'courses.env_not_in_course' });
    await expect(
      insertCourseTree(h.ctx, { ...base, chapters: [{ name: { zh: '第1章' }, steps: [] }] }),
    ).rejects.toMatchObject({
      errorKey: 'courses.chapter_steps_empty',
    });
    expect(await h.ctx.db.select().from(courses).where(eq(courses.id, id))).toEqual([]);
    await insertCourseTree(h.ctx, {
      ...base,
      chapters: [
        {
          name: { zh: '第1章' },
          steps: [
            {
              name: { zh: '1-1 实训' },
              content: { type: 'training', doc: { zh: doc('做') }, envId: envA },
            },
          ],
        },
      ],
    });
    const read = await detail(teacherA, id, 'en');
    expect(read.data).toMatchObject({ name: 'Seeded course', selfStudy: true, stepCount: 1 });
    expect(read.data.coverUrl).toContain(fileId);
  });
});

describe('courses: the public site', () => {
  const visitor = { headers: {} };
  const front = (query: string, lang = 'zh') =>
    call<Page<FrontCourse>>(visitor, 'GET', `${api.frontPage.path}?${query}`, undefined, lang);

  it('lists the platform’s live courses with chapters to a visitor, never a school’s', async () => {
    const ours = await addCourse({ name: { zh: '公开页学校课程' }, specialty: 'digital-business' });
    const platformId = await insertCourseTree(h.ctx, {
      id: h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: {
        name: { zh: '公开页平台课程', en: 'Public platform course' },
        difficulty: 'easy',
        specialty: 'digital-business',
      },
      chapters: [
        { name: { zh: '第2章 进阶' }, steps: [{ name: { zh: '2-1' }, content: docStep() }] },
        { name: { zh: '第1章 入门', en: 'Chapter 1 Basics' }, steps: [] },
      ],
    });
    const gone = await insertCourseTree(h.ctx, {
      id: h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: { name: { zh: '公开页删除课程' }, difficulty: 'easy', specialty: 'digital-business' },
      chapters: [],
    });
    await h.ctx.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, gone));
    const zh = await front('specialty=digital-business&pageSize=100');
    expect(zh.code, zh.message).toBe(200);
    expect(zh.data.records.map((r) => r.id)).toEqual([platformId]);
    expect(zh.data.records[0]).toMatchObject({
      name: '公开页平台课程',
      chapterCount: 2,
      stepCount: 1,
      coverUrl: null,
    });
    expect(zh.data.records[0]!.chapters.map((c) => c.name)).toEqual(['第1章 入门', '第2章 进阶']);
    expect(zh.data.records[0]).not.toHaveProperty('schoolId');
    const en = await front(`name=${encodeURIComponent('Public platform')}`, 'en');
    expect(en.data.records.map((r) => [r.name, r.chapters[0]!.name])).toEqual([
      ['Public platform course', 'Chapter 1 Basics'],
    ]);
    const all = await front('pageSize=100');
    expect(all.data.records.map((r) => r.id)).not.toContain(ours.id);
  });

  it('pages on the server and refuses bad filters with field errors', async () => {
    for (const n of [1, 2, 3])
      await insertCourseTree(h.ctx, {
        id: h.ctx.ids.next(),
        schoolId: null,
        authorId: null,
        course: {
          name: { zh: `分页平台课程${n}` },
          difficulty: 'easy',
          specialty: 'industrial-iot',
        },
        chapters: [],
      });
    const first = await front('specialty=industrial-iot&pageSize=2&pageNum=1');
    const second = await front('specialty=industrial-iot&pageSize=2&pageNum=2');
    expect(first.data.records).toHaveLength(2);
    expect(second.data.records).toHaveLength(1);
    expect(first.data.total).toBe(3);
    const bad = await front('specialty=nonsense');
    expect(bad.code).toBe(9000);
    expect(bad.fields).toEqual({ specialty: 'invalid_value' });
  });
});
