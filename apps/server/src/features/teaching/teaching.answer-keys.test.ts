import { describe, expect, it } from 'vitest';
import {
  coursesApi,
  pathOf,
  teachingApi as api,
  type OwnTaskDetail,
  type ReportInfo,
  type StudentCourseInfo,
  type StudyStep,
  type TaskSave,
  type TaskStudyStep,
} from '@platform/contract';
import { rightAnswers, teachingSuite, type Who } from '../../test/teaching-fixture';

/**
 * Decision 0040: an exam's content reaches its student only within its window or once its
 * scores are issued, and a question's key (right answers, analysis) reaches no student while a
 * task of theirs that uses it has its scores to come, neither through the task nor through
 * self-study of the same course.
 */

const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf } = suite;
const MINUTE = 60_000;
const KEYS = ['rightOptions', 'rightJudgement', 'rightAnswers', 'analysis'];
/** Texts of the quiz step (stems and options), of the documents and of the resource. */
const CONTENT = ['温度是模拟量', '哪个是协议', 'MQTT', '电阻', '传感器简介', '写下你的发现'];

const only = (student: Who): Partial<TaskSave> => ({
  classId: undefined,
  studentIds: [student.id],
});
/** From five minutes on for ten (the tokens of the world outlive the test's clock). */
const soon = (): Partial<TaskSave> => ({
  startAt: new Date(now().getTime() + 5 * MINUTE).toISOString(),
  endAt: new Date(now().getTime() + 15 * MINUTE).toISOString(),
});

async function openForSelfStudy() {
  const res = await call(suite.w.teacherA, 'POST', coursesApi.selfStudy.path, {
    id: suite.w.course.id,
    open: true,
  });
  expect(res.code, res.message).toBe(200);
}

const raw = (who: Who, url: string, query: Record<string, string> = {}) =>
  suite.h.app.inject({ method: 'GET', url, query, headers: who.headers });
const taskStep = (who: Who, stId: string, stepId: string) =>
  raw(who, pathOf(api.studyStep.path, { id: stepId }), { studentTaskId: stId });
const ownDetail = async (who: Who, stId: string) =>
  (await call<OwnTaskDetail>(who, 'GET', `${api.ownDetail.path}?id=${stId}`)).data;

async function scoreAndIssue(taskId: string, students: Who[]) {
  for (const student of students) {
    const st = await studentTaskOf(taskId, student);
    const scored = await call(suite.w.teacherA, 'POST', api.taskScore.path, {
      studentTaskId: st.id,
      score: 80,
    });
    expect(scored.code, scored.message).toBe(200);
  }
  const issued = await call(suite.w.teacherA, 'POST', pathOf(api.issueScores.path, { id: taskId }));
  expect(issued.code, issued.message).toBe(200);
}

describe('an exam’s content', () => {
  it('reaches its student neither before its start nor after its end until the scores release it', async () => {
    await openForSelfStudy();
    const me = suite.w.students[0]!;
    const exam = await issue(
      suite.w.teacherA,
      body({ name: '期中考试', kind: 'exam', ...only(me), ...soon() }),
    );
    const st = await studentTaskOf(exam.id, me);
    const { course } = suite.w;
    const steps = [course.doc, course.question, course.training, course.report];

    const before = await raw(me, api.ownDetail.path, { id: st.id });
    expect(before.json<{ data: OwnTaskDetail }>().data).toMatchObject({
      contentHeld: 'not_started',
      chapterDTOS: [],
      resources: [],
      autoScore: null,
    });
    for (const text of [...CONTENT, 'datasheet.txt', '1-2 Quiz', '1-2 测验'])
      expect(before.body, text).not.toContain(text);
    for (const stepId of steps) {
      const refused = await refusedInBoth(
        me,
        'GET',
        `${pathOf(api.studyStep.path, { id: stepId })}?studentTaskId=${st.id}`,
        undefined,
        409,
        'teaching.exam_not_started',
      );
      for (const text of CONTENT) expect(JSON.stringify(refused), text).not.toContain(text);
    }
    const report = await call<ReportInfo>(me, 'GET', pathOf(api.reportInfo.path, { id: st.id }));
    expect(report.data.instructions).toBeNull();
    // Self-study of the same course keeps the exam's steps and resources too.
    for (const stepId of steps)
      await refusedInBoth(
        me,
        'GET',
        pathOf(coursesApi.studyStep.path, { id: stepId }),
        undefined,
        409,
        'courses.step_held_by_exam',
      );
    const selfInfo = await call<StudentCourseInfo>(
      me,
      'GET',
      pathOf(coursesApi.studentInfo.path, { id: course.id }),
    );
    expect(selfInfo.data.resources).toEqual([]);
    const download = await raw(
      me,
      pathOf(coursesApi.resourceDownload.path, { id: course.resourceId }),
    );
    expect(download.statusCode).toBe(404);
    // A classmate outside the exam studies the course as before.
    const other = suite.w.students[1]!;
    const theirs = await raw(other, pathOf(coursesApi.studyStep.path, { id: course.question }));
    expect(theirs.statusCode).toBe(200);

    suite.h.advance(6 * MINUTE);
    const during = await ownDetail(me, st.id);
    expect(during.contentHeld).toBeNull();
    expect(during.resources.map((r) => r.id)).toEqual([course.resourceId]);
    expect((await raw(me, during.resources[0]!.url)).statusCode).toBe(200);
    const quiz = await taskStep(me, st.id, course.question);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.body).toContain('温度是模拟量');
    const answered = await call<{ score: number | null; results: unknown; withheld: string }>(
      me,
      'POST',
      api.stepAnswer.path,
      { studentTaskId: st.id, stepId: course.question, answers: rightAnswers },
    );
    expect(answered.data).toEqual({ score: null, total: 15, results: null, withheld: 'results' });
    const reread = (await taskStep(me, st.id, course.question)).json<{ data: TaskStudyStep }>();
    expect(reread.data.progress).toMatchObject({
      completed: true,
      score: null,
      results: null,
      withheld: 'results',
    });
    expect(await ownDetail(me, st.id)).toMatchObject({ autoScore: null });
    expect(
      (await ownDetail(me, st.id)).chapterDTOS.flatMap((c) => c.chapterSteps.map((s) => s.score)),
    ).toEqual([null, null, null, null]);

    suite.h.advance(10 * MINUTE);
    const after = await ownDetail(me, st.id);
    expect(after).toMatchObject({ contentHeld: 'not_released', chapterDTOS: [], resources: [] });
    await refusedInBoth(
      me,
      'GET',
      `${pathOf(api.studyStep.path, { id: course.question })}?studentTaskId=${st.id}`,
      undefined,
      409,
      'teaching.exam_not_released',
    );
    expect((await raw(me, pathOf(coursesApi.studyStep.path, { id: course.doc }))).statusCode).toBe(
      409,
    );

    await scoreAndIssue(exam.id, [me]);
    const released = await ownDetail(me, st.id);
    expect(released).toMatchObject({ contentHeld: null, autoScore: 15 });
    const keys = (await taskStep(me, st.id, course.question)).json<{ data: TaskStudyStep }>();
    expect(keys.data.progress).toMatchObject({ score: 15, withheld: null });
    expect(keys.data.progress.results![0]).toMatchObject({ right: true, rightJudgement: true });
    expect((await raw(me, pathOf(coursesApi.studyStep.path, { id: course.doc }))).statusCode).toBe(
      200,
    );
    expect(
      (await raw(me, pathOf(coursesApi.resourceDownload.path, { id: course.resourceId })))
        .statusCode,
    ).toBe(200);
  });

  it('opens a duration exam with the student’s own clock, not before', async () => {
    const me = suite.w.students[1]!;
    const exam = await issue(
      suite.w.teacherA,
      body({
        name: '限时考试',
        kind: 'exam',
        ...only(me),
        timeType: 'duration',
        durationMinutes: 30,
        startAt: undefined,
        endAt: undefined,
      }),
    );
    const st = await studentTaskOf(exam.id, me);
    expect(await ownDetail(me, st.id)).toMatchObject({
      contentHeld: 'not_started',
      chapterDTOS: [],
    });
    const refused = await taskStep(me, st.id, suite.w.course.question);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain('温度是模拟量');
    const started = await call(me, 'POST', pathOf(api.taskStart.path, { id: st.id }));
    expect(started.code, started.message).toBe(200);
    expect((await ownDetail(me, st.id)).contentHeld).toBeNull();
    expect((await taskStep(me, st.id, suite.w.course.question)).statusCode).toBe(200);
  });
});

describe('answer keys', () => {
  it('keeps a training task’s keys until its scores are issued, and its questions out of self-study', async () => {
    await openForSelfStudy();
    const me = suite.w.loneStudent;
    const { course } = suite.w;
    // Answered in self-study before the task: the keys were shown then.
    const early = await call<{ results: Record<string, unknown>[] }>(
      me,
      'POST',
      coursesApi.stepAnswer.path,
      { stepId: course.question, answers: rightAnswers },
    );
    expect(early.data.results[0]).toHaveProperty('rightJudgement', true);

    const task = await issue(suite.w.teacherA, body({ name: '训练任务', ...only(me) }));
    const st = await studentTaskOf(task.id, me);
    const other = suite.w.students[2]!;
    const ongoing = await issue(suite.w.teacherA, body({ name: '别人的训练', ...only(other) }));

    // Self-study: no answering, and earlier answers show no keys while the task holds them.
    const selfAnswer = await refusedInBoth(
      other,
      'POST',
      coursesApi.stepAnswer.path,
      { stepId: course.question, answers: rightAnswers },
      409,
      'courses.answer_held_by_task',
    );
    for (const key of KEYS) expect(JSON.stringify(selfAnswer)).not.toContain(key);
    const selfRead = await raw(me, pathOf(coursesApi.studyStep.path, { id: course.question }));
    expect(selfRead.statusCode).toBe(200);
    expect(selfRead.json<{ data: StudyStep }>().data.progress).toMatchObject({
      withheld: 'keys',
      results: [
        { right: true, score: 10 },
        { right: true, score: 5 },
      ],
    });
    for (const key of KEYS) expect(selfRead.body, key).not.toContain(key);

    // The task: right or wrong and the points, without the keys.
    const answered = await suite.h.app.inject({
      method: 'POST',
      url: api.stepAnswer.path,
      headers: me.headers,
      payload: {
        studentTaskId: st.id,
        stepId: course.question,
        answers: [
          { kind: 'judgement', answer: false },
          { kind: 'single', chosen: [0] },
        ],
      },
    });
    expect(answered.json()).toMatchObject({
      data: {
        score: 5,
        total: 15,
        withheld: 'keys',
        results: [
          { right: false, score: 0 },
          { right: true, score: 5 },
        ],
      },
    });
    for (const key of KEYS) expect(answered.body, key).not.toContain(key);
    const read = await taskStep(me, st.id, course.question);
    expect(read.json<{ data: TaskStudyStep }>().data.progress).toMatchObject({
      score: 5,
      withheld: 'keys',
    });
    for (const key of KEYS) expect(read.body, key).not.toContain(key);

    await scoreAndIssue(task.id, [me]);
    const released = (await taskStep(me, st.id, course.question)).json<{ data: TaskStudyStep }>();
    expect(released.data.progress.withheld).toBeNull();
    expect(released.data.progress.results![0]).toMatchObject({
      right: false,
      rightJudgement: true,
    });
    const selfAgain = await raw(me, pathOf(coursesApi.studyStep.path, { id: course.question }));
    expect(selfAgain.json<{ data: StudyStep }>().data.progress.withheld).toBeNull();
    expect(selfAgain.body).toContain('rightJudgement');
    // The other student's task still holds the step for them.
    expect(
      (
        await call(other, 'POST', coursesApi.stepAnswer.path, {
          stepId: course.question,
          answers: rightAnswers,
        })
      ).errorKey,
    ).toBe('courses.answer_held_by_task');
    await scoreAndIssue(ongoing.id, [other]);
    const free = await call(other, 'POST', coursesApi.stepAnswer.path, {
      stepId: course.question,
      answers: rightAnswers,
    });
    expect(free.code, free.message).toBe(200);
  });

  it('never hands a student the teachers’ views of steps and answers', async () => {
    const me = suite.w.students[0]!;
    const task = await issue(suite.w.teacherA, body({ name: '老师视图', ...only(me) }));
    const st = await studentTaskOf(task.id, me);
    for (const url of [
      pathOf(coursesApi.edit.path, { id: suite.w.course.id }),
      pathOf(coursesApi.detail.path, { id: suite.w.course.id }),
      pathOf(api.taskStudent.path, { id: st.id }),
      pathOf(api.taskDetail.path, { id: task.id }),
    ]) {
      const res = await raw(me, url);
      expect(res.statusCode, url).toBe(403);
      for (const key of KEYS) expect(res.body, key).not.toContain(key);
      for (const text of CONTENT) expect(res.body, text).not.toContain(text);
    }
  });
});
