import { describe, expect, it } from 'vitest';
import {
  coursesApi as api,
  pathOf,
  type StudentCourseCard,
  type StudentCourseInfo,
  type StudyStep,
} from '@platform/contract';
import { coursesSuite, doc, docStep, type Page, type Who } from '../../test/courses-fixture';
import { mp4 } from '../../test/sample-files';
import { insertCourseTree } from './courses.tree';

const suite = coursesSuite();
const { call, addCourse, addChapter, addStep, upload, openCourse } = suite;

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
      insertCourseTree(suite.h.ctx, {
        id: suite.h.ctx.ids.next(),
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
    const bought = await tree('已购平台课程', suite.w.schoolA, Date.now() + 86_400_000);
    const expired = await tree('过期平台课程', suite.w.schoolA, Date.now() - 1000);
    const theirs = await tree('别校平台课程', suite.w.schoolB, Date.now() + 86_400_000);
    const cards = (await hall(suite.w.studentA)).data.records;
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
    const other = (await hall(suite.w.studentB)).data.records.map((r) => r.id);
    expect(other).not.toContain(open.id);
    expect(other).toContain(theirs);
    for (const id of [open.id, closed.id, expired]) {
      const res = await info(suite.w.studentB, id, 'en');
      expect(res.status).toBe(404);
      expect(res.errorKey).toBe('courses.not_found');
      expect(res.message).toBe('Course not found');
    }
    expect((await info(suite.w.studentA, closed.id)).status).toBe(404);
    const filtered = await hall(suite.w.studentA, `&name=${encodeURIComponent('开放的')}`);
    expect(filtered.data.records.map((r) => r.id)).toEqual([open.id]);
    const paged = await call<Page<StudentCourseCard>>(
      suite.w.studentA,
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
    await call(suite.w.teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true });
    const before = await study(suite.w.studentA, quizId, 'en');
    expect(before.code, before.message).toBe(200);
    expect(before.data.questions).toEqual([
      { kind: 'single', stem: '单选题目', score: 2, options: ['甲-en', '乙-en'] },
      { kind: 'multiple', stem: '多选题目', score: 3, options: ['甲-en', '乙-en', '丙-en'] },
      { kind: 'judgement', stem: '判断题目', score: 4, options: [] },
      { kind: 'fill', stem: '填空题目', score: 5, options: [] },
    ]);
    expect(JSON.stringify(before.data)).not.toMatch(/right|B it is|broker|代理/);
    expect(before.data.progress.results).toBeNull();

    const mismatch = await call(suite.w.studentA, 'POST', api.stepAnswer.path, {
      stepId: quizId,
      answers: [{ kind: 'single', chosen: [1] }],
    });
    expect(mismatch.errorKey).toBe('courses.question_mismatch');
    const answered = await call<{ score: number; total: number; results: { right: boolean }[] }>(
      suite.w.studentA,
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

    const again = await call(suite.w.studentA, 'POST', api.stepAnswer.path, {
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
    const after = await study(suite.w.studentA, quizId);
    expect(after.data.progress).toMatchObject({ completed: true, score: 11 });
    expect(after.data.progress.results![0]).toMatchObject({ rightOptions: [1], analysis: '选乙' });
    const outline = await info(suite.w.studentA, course.id);
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
      suite.w.teacherA,
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
    await call(suite.w.teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true });

    const saved = await call(suite.w.studentA, 'POST', api.stepProgress.path, {
      stepId: videoStep,
      videoSeconds: 42.7,
    });
    expect(saved.code, saved.message).toBe(200);
    const step = await study(suite.w.studentA, videoStep);
    expect(step.data.progress).toMatchObject({ videoSeconds: 42, completed: false });
    expect(step.data.file!.name).toBe('clip.mp4');
    expect(
      (
        await suite.h.app.inject({
          method: 'GET',
          url: step.data.file!.url,
          headers: { range: 'bytes=0-3' },
        })
      ).statusCode,
    ).toBe(206);
    expect(step.data.previousStepId).toBeNull();
    expect(step.data.nextStepId).toBe(lastStep);
    const last = await study(suite.w.studentA, lastStep);
    expect(last.data.previousStepId).toBe(videoStep);
    expect(last.data.nextStepId).toBeNull();
    await call(suite.w.studentA, 'POST', api.stepProgress.path, {
      stepId: videoStep,
      completed: true,
    });
    expect((await study(suite.w.studentA, videoStep)).data.progress).toMatchObject({
      videoSeconds: 42,
      completed: true,
    });
    expect((await study(suite.w.studentB, videoStep)).status).toBe(404);

    const mine = await call<Page<StudentCourseCard>>(suite.w.studentA, 'GET', api.myStudy.path);
    expect(mine.data.records[0]!.id).toBe(course.id);
    expect(mine.data.records[0]!.progress).toMatchObject({ done: 1, total: 2, percent: 50 });
    const self = await call<Page<StudentCourseCard>>(
      suite.w.studentA,
      'GET',
      `${api.selfCulture.path}?pageSize=100`,
    );
    expect(self.data.records.map((r) => r.id)).toContain(course.id);
  });

  it('answers a course with only Chinese content in Chinese to an English reader', async () => {
    const { course, stepId } = await openCourse({ name: { zh: '纯中文课程' } });
    const card = (await hall(suite.w.studentA, `&name=${encodeURIComponent('纯中文')}`, 'en')).data
      .records[0]!;
    expect(card.name).toBe('纯中文课程');
    const read = await study(suite.w.studentA, stepId, 'en');
    expect(read.data.name).toBe('1-1 阅读');
    expect(read.data.doc).toEqual(doc('内容'));
    expect((await info(suite.w.studentA, course.id, 'en')).data.chapters[0]!.name).toBe(
      '第1章 入门',
    );
  });
});
