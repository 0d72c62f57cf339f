import { beforeAll, describe, expect, it } from 'vitest';
import { teachingApi as api, type TaskSummary } from '@platform/contract';
import { idPath, teachingSuite, type Who } from '../../test/teaching-fixture';

/** A teacher scores the students, returns a report, issues the scores and archives the task. */
const suite = teachingSuite();
const { call, issue, refusedInBoth, body, studentTaskOf, studentTasksOf, noticesOf } = suite;

describe('scoring, returning, issuing and archiving', () => {
  let taskId: string;
  let sts: { id: string; student: Who }[];

  beforeAll(async () => {
    const t = await issue(suite.w.teacherA, body({ name: '评分任务' }));
    taskId = t.id;
    sts = await Promise.all(
      suite.w.students.map(async (student) => ({
        id: (await studentTaskOf(t.id, student)).id,
        student,
      })),
    );
  });

  it('takes a score of 0 to 100 only: "The score entered is incorrect"', async () => {
    for (const score of [101, -1, 7.5, 'x', null]) {
      const res = await call(
        suite.w.teacherA,
        'POST',
        api.taskScore.path,
        { studentTaskId: sts[0]!.id, score },
        'en',
      );
      expect(res, String(score)).toMatchObject({ status: 400, fields: { score: 'invalid_score' } });
    }
  });

  it('scores with a comment, and cuts a comment over 500 characters saying so', async () => {
    const ok = await call(suite.w.teacherA, 'POST', api.taskScore.path, {
      studentTaskId: sts[0]!.id,
      score: 88,
      comment: '很好',
    });
    expect(ok).toMatchObject({
      code: 200,
      message: '评分成功',
      data: { score: 88, comment: '很好', commentTruncated: false },
    });
    for (const lang of ['zh', 'en']) {
      const long = await call<{ comment: string; commentTruncated: boolean }>(
        suite.w.teacherA,
        'POST',
        api.taskScore.path,
        { studentTaskId: sts[1]!.id, score: 70, comment: '长'.repeat(501) },
        lang,
      );
      expect(long.data.commentTruncated).toBe(true);
      expect([...long.data.comment]).toHaveLength(500);
      expect(long.message).toBe(
        lang === 'zh'
          ? '评语超过500个字符，已自动截断'
          : 'The comment was longer than 500 characters and has been truncated',
      );
    }
    const exact = await call<{ commentTruncated: boolean }>(
      suite.w.teacherA,
      'POST',
      api.taskScore.path,
      { studentTaskId: sts[1]!.id, score: 71, comment: '好'.repeat(500) },
    );
    expect(exact.data.commentTruncated).toBe(false);
    // Scored without having submitted: scored, and still not submitted.
    const row = await studentTaskOf(taskId, sts[0]!.student);
    expect(row).toMatchObject({ score: 88, status: 0, markStatus: 1, submittedAt: null });
  });

  it('returns only a submitted report, opening the task again with a notice', async () => {
    const st = sts[2]!;
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.reportReturn.path,
      { studentTaskId: st.id },
      409,
      'teaching.return_not_submitted',
    );
    const submit = await call(st.student, 'POST', api.reportSubmit.path, {
      studentTaskId: st.id,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: '报告' }] }],
      },
    });
    expect(submit.code, submit.message).toBe(200);
    // The report step, one of the task's four, is done once the report is in; the task is open.
    expect(await studentTaskOf(taskId, st.student)).toMatchObject({
      status: 0,
      reportStatus: 2,
      progress: 25,
    });
    const res = await call(suite.w.teacherA, 'POST', api.reportReturn.path, {
      studentTaskId: st.id,
      comment: '请补充数据',
    });
    expect(res).toMatchObject({ code: 200, message: '报告已退回' });
    expect(await studentTaskOf(taskId, st.student)).toMatchObject({
      status: 0,
      reportStatus: 3,
      comment: '请补充数据',
      submittedAt: null,
      progress: 0,
    });
    expect(
      (await noticesOf(st.student.id)).some(
        (n) => n.dynamicType === 'report_returned' && n.dynamicId === st.id,
      ),
    ).toBe(true);
  });

  it('issues scores once every student has one, only once; then students cannot submit', async () => {
    const url = idPath(api.issueScores.path, taskId);
    await refusedInBoth(suite.w.teacherA, 'POST', url, undefined, 409, 'teaching.unscored', {
      count: 1,
    });
    const en = await call(suite.w.teacherA, 'POST', url, undefined, 'en');
    expect(en.message).toBe('There are 1 students unscored');
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      idPath(api.archive.path, taskId),
      undefined,
      409,
      'teaching.issue_before_archive',
    );
    await call(suite.w.teacherA, 'POST', api.taskScore.path, {
      studentTaskId: sts[2]!.id,
      score: 60,
    });
    const res = await call<TaskSummary>(suite.w.teacherA, 'POST', url);
    expect(res).toMatchObject({
      code: 200,
      message: '成绩已下发',
      data: { status: 'ended', scoredCount: 3, submittedCount: 0, notSubmittedCount: 3 },
    });
    expect(res.data.scoresIssuedAt).not.toBeNull();
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      url,
      undefined,
      409,
      'teaching.scores_already_issued',
    );
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskScore.path,
      { studentTaskId: sts[0]!.id, score: 90 },
      409,
      'teaching.scores_already_issued',
    );
    const rows = await studentTasksOf(taskId);
    expect(rows.every((r) => r.markStatus === 2)).toBe(true);
    for (const st of sts)
      expect(
        (await noticesOf(st.student.id)).some(
          (n) => n.dynamicType === 'scores_issued' && n.dynamicId === st.id,
        ),
      ).toBe(true);
    await refusedInBoth(
      sts[2]!.student,
      'POST',
      api.reportSubmit.path,
      {
        studentTaskId: sts[2]!.id,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: '再交' }] }],
        },
      },
      409,
      'teaching.scores_issued_no_submit',
    );
  });

  it('archives after issuing; an archived task cannot change', async () => {
    const res = await call<TaskSummary>(suite.w.teacherA, 'POST', idPath(api.archive.path, taskId));
    expect(res).toMatchObject({ code: 200, message: '任务已归档', data: { status: 'archived' } });
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      { ...body(), id: taskId },
      409,
      'teaching.archived_readonly',
    );
    await refusedInBoth(
      sts[0]!.student,
      'POST',
      api.stepProgress.path,
      { studentTaskId: sts[0]!.id, stepId: suite.w.course.doc, completed: true },
      409,
      'teaching.task_closed',
    );
  });
});
