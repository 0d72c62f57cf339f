import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coursesApi as api, type StepSave } from '@platform/contract';
import { courses } from '../../db/schema';
import { createEnvironment } from '../../test/factories';
import { coursesSuite, doc, docStep } from '../../test/courses-fixture';
import { png } from '../../test/sample-files';
import { newFileId } from './courses.service';

const suite = coursesSuite();
const { call, addCourse, addChapter, saveStep, addStep, upload, detail } = suite;

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
    const zh = await detail(suite.w.teacherA, course.id);
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
    const read = await detail(suite.w.teacherA, en.id, 'en');
    expect(read.data.chapters.map((c) => c.id)).toEqual([c2, c10]);
    expect(read.data.chapterCount).toBe(2);
  });

  it('answers every change of chapters and steps at once, however quickly they follow', async () => {
    const course = await addCourse();
    const chapter = await addChapter(course.id, { zh: '第1章 开始' });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(await addStep(chapter, `1-${i} 步骤`, docStep()));
      const read = await detail(suite.w.teacherA, course.id);
      expect(read.data.chapters[0]!.steps.map((s) => s.id)).toEqual(ids);
    }
    expect((await call(suite.w.teacherA, 'POST', api.stepDelete.path, { id: ids[0] })).code).toBe(
      200,
    );
    const renamed = await call(suite.w.teacherA, 'POST', api.chapterSave.path, {
      id: chapter,
      courseId: course.id,
      name: { zh: '第1章 改名' },
    });
    expect(renamed.code).toBe(200);
    const read = await detail(suite.w.teacherA, course.id);
    expect(read.data.chapters[0]!.name).toBe('第1章 改名');
    expect(read.data.chapters[0]!.steps.map((s) => s.id)).toEqual(ids.slice(1));
  });

  it('needs a course environment before a lab step, and one of the course’s', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 实训' });
    const lab = {
      type: 'training' as const,
      doc: { zh: doc('做实验') },
      envId: suite.w.envA,
      commands: [],
    };
    const zh = await saveStep({ chapterId, name: { zh: '1-1 实训' }, content: lab });
    expect(zh.status).toBe(400);
    expect(zh.errorKey).toBe('courses.env_first');
    expect(zh.message).toBe('请先添加课程环境');
    const en = await saveStep(
      { chapterId, name: { zh: '1-1 实训' }, content: lab },
      suite.w.teacherA,
      'en',
    );
    expect(en.message).toBe('Please add a course environment first');

    await call(suite.w.teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '有环境的课程' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [suite.w.envB],
    });
    const wrong = await saveStep({ chapterId, name: { zh: '1-1 实训' }, content: lab });
    expect(wrong.errorKey).toBe('courses.env_not_in_course');
    const ok = await saveStep({
      chapterId,
      name: { zh: '1-1 实训' },
      content: {
        ...lab,
        envId: suite.w.envB,
        commands: [{ title: { zh: '列出文件', en: 'List files' }, command: 'ls -la' }],
      },
    });
    expect(ok.code, ok.message).toBe(200);
    expect(ok.data.content).toMatchObject({
      type: 'training',
      envId: suite.w.envB,
      commands: [{ command: 'ls -la' }],
    });

    const drop = await call(suite.w.teacherA, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '有环境的课程' },
      difficulty: 'entry',
      specialty: 'iot',
      envIds: [suite.w.envA],
    });
    expect(drop.status).toBe(409);
    expect(drop.errorKey).toBe('courses.env_in_use');
  });

  it('takes only existing, enabled environments', async () => {
    const disabled = await createEnvironment(suite.h.ctx, { state: 2 });
    const res = await call(suite.w.teacherA, 'POST', api.save.path, {
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
    const description = await call(suite.w.teacherA, 'POST', api.save.path, {
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
    const mine = await upload(suite.w.teacherA, course.id, 'image', 'a.png', png());
    const theirs = await upload(suite.w.teacherA, other.id, 'image', 'b.png', png());
    const image = (src: string) => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src, alt: '图' } }],
    });
    const body = { id: course.id, name: { zh: '图片描述' }, difficulty: 'entry', specialty: 'iot' };
    const refused = await call(suite.w.teacherA, 'POST', api.save.path, {
      ...body,
      description: { zh: image(theirs.data.url) },
    });
    expect(refused.errorKey).toBe('courses.rich_text_refused');
    const saved = await call(suite.w.teacherA, 'POST', api.save.path, {
      ...body,
      description: { zh: image(mine.data.url) },
    });
    expect(saved.code, saved.message).toBe(200);
    const [row] = await suite.h.ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(JSON.stringify(row!.description)).toContain(
      `"src":"/api-teaching/course/file/${course.id}/${mine.data.fileId}"`,
    );
    const read = await detail(suite.w.teacherA, course.id, 'en');
    const src = (read.data.description as { content: { attrs: { src: string } }[] }).content[0]!
      .attrs.src;
    expect(src).toBe(mine.data.url);
    expect((await suite.h.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
  });

  it('refuses a file step whose file is of another type or not the course’s', async () => {
    const course = await addCourse();
    const chapterId = await addChapter(course.id, { zh: '第1章 视频' });
    const image = await upload(suite.w.teacherA, course.id, 'image', 'a.png', png());
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
