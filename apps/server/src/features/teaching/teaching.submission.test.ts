import { describe, expect, it } from 'vitest';
import {
  coursesApi,
  pathOf,
  teachingApi as api,
  type TaskDetail,
  type TaskSummary,
} from '@platform/contract';
import { rightAnswers, teachingSuite, text } from '../../test/teaching-fixture';

const suite = teachingSuite();
const { call, issue, refusedInBoth, body, studentTaskOf } = suite;

describe('who says a step is done', () => {
  it('refuses "done" from the student for steps a check, a quiz or a report decides', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '自报完成任务' }));
    const me = suite.w.students[0]!;
    const st = await studentTaskOf(task.id, me);
    const done = (stepId: string) => ({ studentTaskId: st.id, stepId, completed: true });
    const { course } = suite.w;
    for (const [stepId, key] of [
      [course.training, 'teaching.completed_by_check'],
      [course.report, 'courses.completed_by_report'],
      [course.question, 'courses.completed_by_answer'],
    ] as const) {
      const res = await refusedInBoth(me, 'POST', api.stepProgress.path, done(stepId), 400, key);
      expect(res.fields).toEqual({ completed: 'invalid_value' });
    }
    expect(await studentTaskOf(task.id, me)).toMatchObject({ progress: 0 });

    const read = await call(me, 'POST', api.stepProgress.path, done(course.doc));
    expect(read.code, read.message).toBe(200);
    const answered = await call(me, 'POST', api.stepAnswer.path, {
      studentTaskId: st.id,
      stepId: course.question,
      answers: rightAnswers,
    });
    expect(answered.code, answered.message).toBe(200);
    const report = await call(me, 'POST', api.reportSubmit.path, {
      studentTaskId: st.id,
      content: text('实验记录'),
    });
    expect(report.code, report.message).toBe(200);
    expect(await studentTaskOf(task.id, me)).toMatchObject({ progress: 75 });
  });

  it('keeps the video position of any step without marking it done', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '位置任务' }));
    const me = suite.w.students[1]!;
    const st = await studentTaskOf(task.id, me);
    const res = await call(me, 'POST', api.stepProgress.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.training,
      videoSeconds: 3,
      completed: false,
    });
    expect(res.code, res.message).toBe(200);
    expect(await studentTaskOf(task.id, me)).toMatchObject({ progress: 0 });
  });

  it('refuses the same in self-study for questions and reports, and takes it for reading', async () => {
    const opened = await call(suite.w.teacherA, 'POST', coursesApi.selfStudy.path, {
      id: suite.w.course.id,
      open: true,
    });
    expect(opened.code, opened.message).toBe(200);
    const me = suite.w.loneStudent;
    const { course } = suite.w;
    for (const [stepId, key] of [
      [course.report, 'courses.completed_by_report'],
      [course.question, 'courses.completed_by_answer'],
    ] as const)
      await refusedInBoth(
        me,
        'POST',
        coursesApi.stepProgress.path,
        { stepId, completed: true },
        400,
        key,
      );
    const read = await call(me, 'POST', coursesApi.stepProgress.path, {
      stepId: course.doc,
      completed: true,
    });
    expect(read.code, read.message).toBe(200);
  });
});

describe('submitting a report and submitting a task', () => {
  it('submits the report alone: the task stays open and its quiz can still be answered', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '报告与任务' }));
    const me = suite.w.students[2]!;
    const st = await studentTaskOf(task.id, me);
    const report = await call(me, 'POST', api.reportSubmit.path, {
      studentTaskId: st.id,
      content: text('我的实验报告'),
    });
    expect(report.code, report.message).toBe(200);
    expect(await studentTaskOf(task.id, me)).toMatchObject({
      status: 0,
      submittedAt: null,
      reportStatus: 2,
      progress: 25,
    });
    const quiz = await call(me, 'POST', api.stepAnswer.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.question,
      answers: rightAnswers,
    });
    expect(quiz.code, quiz.message).toBe(200);
    await refusedInBoth(
      me,
      'POST',
      api.reportSave.path,
      { studentTaskId: st.id, revision: 9, content: text('再改') },
      409,
      'teaching.report_already_submitted',
    );

    const submitted = await call<{ submittedAt: string; reportSubmitted: boolean }>(
      me,
      'POST',
      pathOf(api.taskSubmit.path, { id: st.id }),
    );
    expect(submitted).toMatchObject({
      code: 200,
      message: '任务已提交',
      data: { reportSubmitted: false },
    });
    expect(await studentTaskOf(task.id, me)).toMatchObject({ status: 1, progress: 50 });
    await refusedInBoth(
      me,
      'POST',
      pathOf(api.taskSubmit.path, { id: st.id }),
      undefined,
      409,
      'teaching.already_submitted',
    );
    await refusedInBoth(
      me,
      'POST',
      api.stepProgress.path,
      { studentTaskId: st.id, stepId: suite.w.course.doc, completed: true },
      409,
      'teaching.already_submitted',
    );
  });

  it('submits a saved report draft with the task, as it stands', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '连同草稿提交' }));
    const me = suite.w.students[0]!;
    const st = await studentTaskOf(task.id, me);
    const draft = await call(me, 'POST', api.reportSave.path, {
      studentTaskId: st.id,
      revision: 2,
      content: text('草稿'),
    });
    expect(draft.code, draft.message).toBe(200);
    const submitted = await call<{ reportSubmitted: boolean }>(
      me,
      'POST',
      pathOf(api.taskSubmit.path, { id: st.id }),
      undefined,
      'en',
    );
    expect(submitted).toMatchObject({
      message: 'The task has been submitted',
      data: { reportSubmitted: true },
    });
    expect(await studentTaskOf(task.id, me)).toMatchObject({
      status: 1,
      reportStatus: 2,
      progress: 25,
    });
    const refused = await call(
      suite.w.students[1]!,
      'POST',
      pathOf(api.taskSubmit.path, { id: st.id }),
    );
    expect(refused).toMatchObject({ status: 404, errorKey: 'teaching.student_task_not_found' });
  });
});

describe('submission counts', () => {
  it('counts submitted, not submitted and scored apart: a score is not a submission', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '分开计数' }));
    const [done, scoredOnly] = [suite.w.students[0]!, suite.w.students[1]!];
    const doneSt = await studentTaskOf(task.id, done);
    const scoredSt = await studentTaskOf(task.id, scoredOnly);
    const submit = await call(done, 'POST', pathOf(api.taskSubmit.path, { id: doneSt.id }));
    expect(submit.code, submit.message).toBe(200);
    const scored = await call(suite.w.teacherA, 'POST', api.taskScore.path, {
      studentTaskId: scoredSt.id,
      score: 0,
      comment: '未提交',
    });
    expect(scored.code, scored.message).toBe(200);
    const detail = async () =>
      (
        await call<TaskDetail>(
          suite.w.teacherA,
          'GET',
          pathOf(api.taskDetail.path, { id: task.id }),
        )
      ).data;
    expect(await detail()).toMatchObject({
      studentCount: 3,
      submittedCount: 1,
      notSubmittedCount: 2,
      scoredCount: 1,
    });
    const byStudent = (d: TaskDetail, who: { id: string }) =>
      d.students.find((s) => s.studentId === who.id)!;
    expect(byStudent(await detail(), scoredOnly)).toMatchObject({
      submitStatus: 'not_submitted',
      markStatus: 'marked',
      submittedAt: null,
    });
    await call(suite.w.teacherA, 'POST', api.taskScore.path, {
      studentTaskId: doneSt.id,
      score: 90,
    });
    const after = await detail();
    expect(after).toMatchObject({ submittedCount: 1, notSubmittedCount: 2, scoredCount: 2 });
    expect(byStudent(after, done)).toMatchObject({
      submitStatus: 'completed',
      markStatus: 'marked',
    });
    const page = await call<{ records: TaskSummary[] }>(
      suite.w.teacherA,
      'GET',
      `${api.taskPage.path}?name=${encodeURIComponent('分开计数')}`,
    );
    expect(page.data.records[0]).toMatchObject({
      submittedCount: 1,
      notSubmittedCount: 2,
      scoredCount: 2,
    });
  });
});
