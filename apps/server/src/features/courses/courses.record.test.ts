import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coursesApi as api, type CourseSummary } from '@platform/contract';
import { courses, coursePurchases } from '../../db/schema';
import { coursesSuite, doc, docStep, type Page } from '../../test/courses-fixture';
import { png } from '../../test/sample-files';
import { courseFileKey, newFileId } from './courses.service';
import { insertCourseTree } from './courses.tree';

const suite = coursesSuite();
const { call, addCourse, addChapter, addStep, detail } = suite;

describe('courses: the course record', () => {
  it('takes names of 3 to 25 characters in either language, refused in the caller’s language', async () => {
    const short = await call(suite.w.teacherA, 'POST', api.save.path, {
      name: { zh: '短名' },
      difficulty: 'entry',
      specialty: 'iot',
    });
    expect(short.status).toBe(400);
    expect(short.fields).toEqual({ 'name.zh': 'too_short' });
    expect(short.message).toBe('输入有误，请检查后重试');
    const long = await call(
      suite.w.teacherA,
      'POST',
      api.save.path,
      { name: { en: 'x'.repeat(26) }, difficulty: 'entry', specialty: 'iot' },
      'en',
    );
    expect(long.fields).toEqual({ 'name.en': 'too_long' });
    expect(long.message).toBe('Invalid input, please check and retry');
    const none = await call(suite.w.teacherA, 'POST', api.save.path, {
      name: { zh: '', en: '' },
      difficulty: 'entry',
      specialty: 'iot',
    });
    expect(none.fields).toEqual({ name: 'required' });
    await addCourse({ name: { zh: '三个字', en: 'x'.repeat(25) } });
  });

  it('takes the difficulty and specialty values of the specification only', async () => {
    const res = await call(suite.w.teacherA, 'POST', api.save.path, {
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
    await addCourse({ name: { zh: '别校的过滤课程' }, specialty: 'blockchain' }, suite.w.teacherB);
    const platformId = await insertCourseTree(suite.h.ctx, {
      id: suite.h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: { name: { zh: '平台过滤课程' }, difficulty: 'easy', specialty: 'blockchain' },
      chapters: [],
    });
    const page = await call<Page<CourseSummary>>(
      suite.w.teacherA,
      'GET',
      `${api.page.path}?specialty=blockchain&name=${encodeURIComponent('过滤')}`,
    );
    expect(page.data.records.map((r) => r.id).sort()).toEqual([mine.id, platformId].sort());
    const own = page.data.records.find((r) => r.id === mine.id)!;
    expect(own.editable).toBe(true);
    expect(own.authorId).toBe(suite.w.teacherA.id);
    expect(page.data.records.find((r) => r.id === platformId)!.editable).toBe(false);
    const en = await call<Page<CourseSummary>>(
      suite.w.teacherA,
      'GET',
      `${api.page.path}?name=filtered&owner=school`,
      undefined,
      'en',
    );
    expect(en.data.records.map((r) => r.name)).toEqual(['Filtered course']);
    const platform = await call<Page<CourseSummary>>(
      suite.w.teacherA,
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
    const en = await detail(suite.w.teacherA, course.id, 'en');
    expect(en.data.name).toBe('只有中文的课程');
    expect(en.data.overview).toBe('English only');
    const zh = await detail(suite.w.teacherA, course.id, 'zh');
    expect(zh.data.overview).toBe('English only');
  });

  it('refuses platform courses to their editors and other schools’ courses to everyone', async () => {
    const platformId = await insertCourseTree(suite.h.ctx, {
      id: suite.h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: { name: { zh: '平台只读课程' }, difficulty: 'easy', specialty: 'ai' },
      chapters: [],
    });
    expect((await detail(suite.w.teacherA, platformId)).code).toBe(200);
    const edit = await call(suite.w.teacherA, 'POST', api.save.path, {
      id: platformId,
      name: { zh: '改掉平台课程' },
      difficulty: 'easy',
      specialty: 'ai',
    });
    expect(edit.status).toBe(403);
    expect(edit.errorKey).toBe('courses.not_editable');
    const course = await addCourse();
    const other = await detail(suite.w.teacherB, course.id);
    expect(other.status).toBe(404);
    expect(other.errorKey).toBe('courses.not_found');
    const write = await call(suite.w.teacherB, 'POST', api.save.path, {
      id: course.id,
      name: { zh: '抢来的课程' },
      difficulty: 'easy',
      specialty: 'ai',
    });
    expect(write.status).toBe(404);
  });
});

describe('courses: self-study, delete, transfer', () => {
  it('opens a course for self-study only with chapters that all have steps', async () => {
    const course = await addCourse();
    const open = () =>
      call(suite.w.teacherA, 'POST', api.selfStudy.path, { id: course.id, open: true }, 'en');
    expect((await open()).errorKey).toBe('courses.no_chapters');
    const chapterId = await addChapter(course.id, { zh: '第1章 空' });
    const empty = await open();
    expect(empty.status).toBe(400);
    expect(empty.errorKey).toBe('courses.chapter_steps_empty');
    expect(empty.message).toBe('Chapter steps cannot be empty');
    const zh = await call(suite.w.teacherA, 'POST', api.selfStudy.path, {
      id: course.id,
      open: true,
    });
    expect(zh.message).toBe('章节步骤不能为空');
    await addStep(chapterId, '1-1 阅读', docStep());
    const opened = await open();
    expect(opened.code, opened.message).toBe(200);
    expect((opened.data as CourseSummary).selfStudy).toBe(true);
  });

  it('deletes the school’s own course, keeping its row', async () => {
    const course = await addCourse();
    const byTeacher = await call(suite.w.teacherA, 'POST', api.remove.path, { id: course.id });
    expect(byTeacher.status).toBe(403);
    const byOther = await call(suite.w.managerB, 'POST', api.remove.path, { id: course.id });
    expect(byOther.status).toBe(404);
    expect(byOther.errorKey).toBe('courses.not_found');
    const res = await call(suite.w.managerA, 'POST', api.remove.path, { id: course.id });
    expect(res.code, res.message).toBe(200);
    expect((await detail(suite.w.teacherA, course.id)).status).toBe(404);
    const [row] = await suite.h.ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('refuses to delete a purchased course within its validity and removes it after', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const tree = (validUntil: number) =>
      insertCourseTree(suite.h.ctx, {
        id: suite.h.ctx.ids.next(),
        schoolId: null,
        authorId: null,
        course: { name: { zh: '购买的课程' }, difficulty: 'easy', specialty: 'ai' },
        chapters: [],
        purchase: {
          schoolId: suite.w.schoolA,
          validFrom: new Date(now - 30 * day),
          validUntil: new Date(validUntil),
        },
      });
    const valid = await tree(now + day);
    const refused = await call(suite.w.managerA, 'POST', api.remove.path, { id: valid });
    expect(refused.status).toBe(400);
    expect(refused.errorKey).toBe('courses.purchased_in_validity');
    expect(refused.message).toBe('已购课程在有效期内不能删除');
    const en = await call(suite.w.managerA, 'POST', api.remove.path, { id: valid }, 'en');
    expect(en.message).toBe('If a purchased course is in its validity period it cannot be deleted');
    const listed = await detail(suite.w.teacherA, valid);
    expect(listed.data.purchasedUntil).not.toBeNull();

    const ended = await tree(now - day);
    const removed = await call(suite.w.managerA, 'POST', api.remove.path, { id: ended });
    expect(removed.code, removed.message).toBe(200);
    const purchases = await suite.h.ctx.db
      .select()
      .from(coursePurchases)
      .where(
        and(eq(coursePurchases.courseId, ended), eq(coursePurchases.schoolId, suite.w.schoolA)),
      );
    expect(purchases).toEqual([]);
    const [platform] = await suite.h.ctx.db.select().from(courses).where(eq(courses.id, ended));
    expect(platform!.deletedAt).toBeNull();
  });

  it('transfers a course to a teacher of the same school only', async () => {
    const course = await addCourse();
    const other = await call(
      suite.w.managerA,
      'POST',
      api.transfer.path,
      { id: course.id, teacherId: suite.w.teacherB.id },
      'en',
    );
    expect(other.status).toBe(404);
    expect(other.errorKey).toBe('courses.teacher_not_found');
    expect(other.message).toBe('The chosen teacher is not a teacher of your school');
    const student = await call(suite.w.managerA, 'POST', api.transfer.path, {
      id: course.id,
      teacherId: suite.w.studentA.id,
    });
    expect(student.errorKey).toBe('courses.teacher_not_found');
    const res = await call<CourseSummary>(suite.w.managerA, 'POST', api.transfer.path, {
      id: course.id,
      teacherId: suite.w.otherTeacherA.id,
    });
    expect(res.code, res.message).toBe(200);
    expect(res.data.authorId).toBe(suite.w.otherTeacherA.id);
  });
});

describe('courses: the seed’s way in', () => {
  it('inserts a whole course checked like the routes, or nothing', async () => {
    const id = suite.h.ctx.ids.next();
    const fileId = newFileId();
    await suite.h.ctx.storage.put(courseFileKey(id, fileId), Readable.from([png()]), {
      contentType: 'image/png',
    });
    const base = {
      id,
      schoolId: suite.w.schoolA,
      authorId: suite.w.teacherA.id,
      course: {
        name: { zh: '种子课程', en: 'Seeded course' },
        difficulty: 'entry' as const,
        specialty: 'iot' as const,
        coverFileId: fileId,
        envIds: [suite.w.envA],
      },
      selfStudy: true,
    };
    await expect(
      insertCourseTree(suite.h.ctx, {
        ...base,
        chapters: [
          {
            name: { zh: '第1章' },
            steps: [
              {
                name: { zh: '1-1 实训' },
                content: { type: 'training', doc: { zh: doc('做') }, envId: suite.w.envB },
              },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({ errorKey: 'courses.env_not_in_course' });
    await expect(
      insertCourseTree(suite.h.ctx, { ...base, chapters: [{ name: { zh: '第1章' }, steps: [] }] }),
    ).rejects.toMatchObject({
      errorKey: 'courses.chapter_steps_empty',
    });
    expect(await suite.h.ctx.db.select().from(courses).where(eq(courses.id, id))).toEqual([]);
    await insertCourseTree(suite.h.ctx, {
      ...base,
      chapters: [
        {
          name: { zh: '第1章' },
          steps: [
            {
              name: { zh: '1-1 实训' },
              content: { type: 'training', doc: { zh: doc('做') }, envId: suite.w.envA },
            },
          ],
        },
      ],
    });
    const read = await detail(suite.w.teacherA, id, 'en');
    expect(read.data).toMatchObject({ name: 'Seeded course', selfStudy: true, stepCount: 1 });
    expect(read.data.coverUrl).toContain(fileId);
  });
});
