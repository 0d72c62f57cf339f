import { beforeAll, describe, expect, it } from 'vitest';
import { teachingApi as api, type TaskStudyStep } from '@platform/contract';
import { taskCheckAttempts } from '../../db/schema';
import {
  SECRET_SCRIPT,
  SECRET_TITLE,
  idPath,
  rightAnswers,
  teachingSuite,
} from '../../test/teaching-fixture';

/** A student opens a step of a task: what it shows (never a check's definition), and answers. */
const suite = teachingSuite();
const { call, issue, now, body, studentTaskOf } = suite;

describe('a step of a task', () => {
  let taskId: string;
  let stId: string;
  const me = () => suite.w.students[1]!;
  const step = (stepId: string, lang = 'zh') =>
    suite.h.app.inject({
      method: 'GET',
      url: idPath(api.studyStep.path, stepId),
      query: { studentTaskId: stId },
      headers: { ...me().headers, 'accept-language': lang },
    });

  beforeAll(async () => {
    const t = await issue(suite.w.teacherA, body({ name: '步骤任务' }));
    taskId = t.id;
    stId = (await studentTaskOf(t.id, me())).id;
  });

  it('shows a lab step with its visible checks, hidden ones as a count, never a definition', async () => {
    const at = now().getTime();
    const item = (hidden: boolean, score: number) => ({
      key: hidden ? 'secret' : 'notes',
      title: hidden ? { zh: SECRET_TITLE, en: SECRET_TITLE } : { zh: '笔记文件', en: 'Notes file' },
      score,
      max: hidden ? 10 : 20,
      passed: score > 0,
      message: { zh: score ? '通过' : `${SECRET_TITLE} 失败`, en: 'x' },
      hidden,
    });
    await suite.h.ctx.db.insert(taskCheckAttempts).values([
      {
        id: suite.h.ctx.ids.next(),
        studentTaskId: stId,
        stepId: suite.w.course.training,
        schoolId: suite.w.schoolA,
        score: 20,
        max: 30,
        items: [item(false, 20), item(true, 0)],
        durationMs: 50,
        createdAt: new Date(at),
      },
      {
        id: suite.h.ctx.ids.next(),
        studentTaskId: stId,
        stepId: suite.w.course.training,
        schoolId: suite.w.schoolA,
        score: 0,
        max: 30,
        items: [item(false, 0), item(true, 0)],
        durationMs: 50,
        createdAt: new Date(at - 1000),
      },
    ]);
    const res = await step(suite.w.course.training);
    const raw = res.body;
    const data = res.json<{ data: TaskStudyStep }>().data;
    expect(data).toMatchObject({
      id: suite.w.course.training,
      studentTaskId: stId,
      type: 'training',
      env: { id: suite.w.envId },
      commands: [{ title: '列出文件', command: 'ls -la' }],
      checks: [{ title: '笔记文件', score: 20 }],
      hiddenChecks: { count: 1, score: 10 },
      locked: false,
      previousStepId: suite.w.course.question,
      nextStepId: suite.w.course.report,
    });
    expect(data.lastCheck).toMatchObject({ score: 20, max: 30, message: '得分 20/30' });
    expect(data.lastCheck!.items).toEqual([
      { title: '笔记文件', score: 20, max: 20, passed: true, message: '通过', hidden: false },
      { title: '其他检查', score: 0, max: 10, passed: false, message: '未通过', hidden: true },
    ]);
    for (const secret of [SECRET_TITLE, SECRET_SCRIPT, 'notes.txt', 'sensor'])
      expect(raw, secret).not.toContain(secret);
    for (const field of [
      'script',
      'path',
      'pattern',
      'topic',
      'contains',
      'timeoutSeconds',
      'withinSeconds',
      'exitCode',
      'passMessage',
      'failMessage',
      'key',
    ])
      expect(raw, field).not.toContain(`"${field}"`);
    const en = (await step(suite.w.course.training, 'en')).json<{ data: TaskStudyStep }>().data;
    expect(en.checks).toEqual([{ title: 'Notes file', score: 20 }]);
    expect(en.lastCheck!.items[1]!.title).toBe('Other checks');
  });

  it('refuses a step outside the task', async () => {
    const res = await step(suite.w.courseB.step);
    expect(res.json()).toMatchObject({ errorKey: 'teaching.step_not_in_task' });
    expect(res.statusCode).toBe(404);
  });

  it('scores answers all or nothing, once, and keeps progress and the automatic score', async () => {
    const url = api.stepAnswer.path;
    const answers = rightAnswers;
    const mismatch = await call(me(), 'POST', url, {
      studentTaskId: stId,
      stepId: suite.w.course.question,
      answers: answers.slice(0, 1),
    });
    expect(mismatch).toMatchObject({ status: 400, errorKey: 'courses.question_mismatch' });
    const notQuestions = await call(me(), 'POST', url, {
      studentTaskId: stId,
      stepId: suite.w.course.doc,
      answers,
    });
    expect(notQuestions).toMatchObject({ status: 400, errorKey: 'courses.not_questions' });
    const res = await call<{ score: number; total: number; results: { right: boolean }[] }>(
      me(),
      'POST',
      url,
      { studentTaskId: stId, stepId: suite.w.course.question, answers },
    );
    expect(res.data).toMatchObject({ score: 15, total: 15 });
    expect(res.data.results.every((r) => r.right)).toBe(true);
    const again = await call(me(), 'POST', url, {
      studentTaskId: stId,
      stepId: suite.w.course.question,
      answers,
    });
    expect(again).toMatchObject({ status: 409, errorKey: 'courses.already_answered' });
    await call(me(), 'POST', api.stepProgress.path, {
      studentTaskId: stId,
      stepId: suite.w.course.doc,
      videoSeconds: 12.7,
      completed: true,
    });
    await call(me(), 'POST', api.stepProgress.path, {
      studentTaskId: stId,
      stepId: suite.w.course.question,
      completed: true,
    });
    expect(await studentTaskOf(taskId, me())).toMatchObject({ progress: 50, autoScore: 15 });
    const shown = (await step(suite.w.course.question)).json<{ data: TaskStudyStep }>().data;
    expect(shown.progress).toMatchObject({ completed: true, score: 15 });
    expect(shown.progress.results).toHaveLength(2);
    const docStep = (await step(suite.w.course.doc)).json<{ data: TaskStudyStep }>().data;
    expect(docStep.progress).toMatchObject({ completed: true, videoSeconds: 12 });
    expect(docStep).toMatchObject({
      previousStepId: null,
      nextStepId: suite.w.course.question,
      checks: [],
      hiddenChecks: { count: 0, score: 0 },
      lastCheck: null,
    });
  });
});
