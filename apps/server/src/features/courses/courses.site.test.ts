import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coursesApi as api, type FrontCourse } from '@platform/contract';
import { courses } from '../../db/schema';
import { coursesSuite, docStep, type Page } from '../../test/courses-fixture';
import { insertCourseTree } from './courses.tree';

const suite = coursesSuite();
const { call, addCourse } = suite;

describe('courses: the public site', () => {
  const visitor = { headers: {} };
  const front = (query: string, lang = 'zh') =>
    call<Page<FrontCourse>>(visitor, 'GET', `${api.frontPage.path}?${query}`, undefined, lang);

  it('lists the platform’s live courses with chapters to a visitor, never a school’s', async () => {
    const ours = await addCourse({ name: { zh: '公开页学校课程' }, specialty: 'digital-business' });
    const platformId = await insertCourseTree(suite.h.ctx, {
      id: suite.h.ctx.ids.next(),
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
    const gone = await insertCourseTree(suite.h.ctx, {
      id: suite.h.ctx.ids.next(),
      schoolId: null,
      authorId: null,
      course: { name: { zh: '公开页删除课程' }, difficulty: 'easy', specialty: 'digital-business' },
      chapters: [],
    });
    await suite.h.ctx.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, gone));
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
      await insertCourseTree(suite.h.ctx, {
        id: suite.h.ctx.ids.next(),
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
