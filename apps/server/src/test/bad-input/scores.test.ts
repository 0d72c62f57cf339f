import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  coursesApi,
  courseLimits,
  teachingApi,
  teachingLimits,
  type Question,
} from '@platform/contract';
import { courseChapters, courseSteps } from '../../db/schema';
import { teachingSuite } from '../teaching-fixture';
import { expectRefusal } from './requests';

/**
 * Scores and their sums stay within the contract's bounds (decision 0040): a question's score of
 * 2147483647 used to be stored, and issuing a task of it then overflowed the student tasks'
 * automatic maximum (500). Every refusal is a 9000 with the field to blame.
 */

const suite = teachingSuite();
const MAX_INT = 2147483647;

const judgement = (score: number): Question => ({
  kind: 'judgement',
  stem: { zh: '温度是模拟量' },
  score,
  answer: true,
});

async function chapterOfCourse() {
  const [chapter] = await suite.h.ctx.db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, suite.w.course.id));
  return chapter!.id;
}

function saveStep(content: unknown) {
  return chapterOfCourse().then((chapterId) =>
    suite.h.app.inject({
      method: 'POST',
      url: coursesApi.stepSave.path,
      headers: suite.w.teacherA.headers,
      payload: { chapterId, name: { zh: '1-9 大分值' }, content },
    }),
  );
}

describe('question and check scores', () => {
  it('refuses a question worth 2147483647, or more than a question may give', async () => {
    for (const score of [MAX_INT, courseLimits.questionScoreMax + 1])
      expectRefusal(await saveStep({ type: 'exercises', questions: [judgement(score)] }), 400, {
        'content.questions.0.score': 'above_limit',
      });
    const fine = await saveStep({
      type: 'question',
      questions: [judgement(courseLimits.questionScoreMax)],
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a step whose questions or checks together give more than a step may', async () => {
    const eleven = Array.from({ length: 11 }, () => judgement(100));
    expectRefusal(await saveStep({ type: 'exercises', questions: eleven }), 400, {
      'content.questions': 'above_limit',
    });
    const check = (i: number) => ({
      kind: 'file',
      key: `c${i}`,
      title: { zh: `检查 ${i}` },
      score: teachingLimits.scoreMax,
      path: `f${i}.txt`,
    });
    expectRefusal(
      await saveStep({
        type: 'training',
        doc: {},
        envId: suite.w.envId,
        checks: Array.from({ length: 11 }, (_, i) => check(i)),
      }),
      400,
      { 'content.checks': 'above_limit' },
    );
  });
});

describe('issuing a task of scores stored before the bounds', () => {
  it('answers 9000 on the steps rather than 500, and issues once the sum fits', async () => {
    const { db } = suite.h.ctx;
    const [quiz] = await db
      .select()
      .from(courseSteps)
      .where(eq(courseSteps.id, suite.w.course.question));
    const content = quiz!.content as { questions: Question[] };
    await db
      .update(courseSteps)
      .set({ content: { ...content, questions: [judgement(MAX_INT), judgement(MAX_INT)] } })
      .where(eq(courseSteps.id, suite.w.course.question));
    try {
      const res = await suite.h.app.inject({
        method: 'POST',
        url: teachingApi.taskSave.path,
        headers: suite.w.teacherA.headers,
        payload: suite.body({ name: '超大分值任务' }),
      });
      const body = expectRefusal(res, 400, { stepIds: 'above_limit' }) as { errorKey?: string };
      expect(body.errorKey).toBe('teaching.task_score_too_high');
      const withoutQuiz = await suite.h.app.inject({
        method: 'POST',
        url: teachingApi.taskSave.path,
        headers: suite.w.teacherA.headers,
        payload: suite.body({
          name: '正常分值任务',
          stepIds: [suite.w.course.doc, suite.w.course.training, suite.w.course.report],
        }),
      });
      expect(withoutQuiz.statusCode, withoutQuiz.body).toBe(200);
    } finally {
      await db
        .update(courseSteps)
        .set({ content })
        .where(eq(courseSteps.id, suite.w.course.question));
    }
  });

  it('refuses a teacher’s score of 2147483647 with a field error', async () => {
    const task = await suite.issue(suite.w.teacherA, suite.body({ name: '评分任务' }));
    const st = await suite.studentTaskOf(task.id, suite.w.students[0]!);
    const res = await suite.h.app.inject({
      method: 'POST',
      url: teachingApi.taskScore.path,
      headers: suite.w.teacherA.headers,
      payload: { studentTaskId: st.id, score: MAX_INT },
    });
    expectRefusal(res, 400, { score: 'invalid_score' });
  });
});
