import { describe, expect, it } from 'vitest';
import { teachingApi as api, type RemainTime, type TaskStudyStep } from '@platform/contract';
import { HOUR, idPath, rightAnswers, teachingSuite, text } from '../../test/teaching-fixture';

/** A task's time as its students meet it: not started yet, a duration running out, canceled. */
const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf } = suite;

describe('time', () => {
  it('refuses to open or work on a range task before it starts', async () => {
    const endAt = new Date(now().getTime() + 2 * HOUR).toISOString();
    const t = await issue(
      suite.w.teacherA,
      body({ startAt: new Date(now().getTime() + HOUR).toISOString(), endAt }),
    );
    const who = suite.w.students[2]!;
    const st = await studentTaskOf(t.id, who);
    await refusedInBoth(
      who,
      'POST',
      idPath(api.taskStart.path, st.id),
      undefined,
      409,
      'teaching.not_started',
    );
    await refusedInBoth(
      who,
      'POST',
      api.stepProgress.path,
      { studentTaskId: st.id, stepId: suite.w.course.doc, completed: true },
      409,
      'teaching.not_started',
    );
    const time = await call<RemainTime>(
      who,
      'GET',
      `${api.remainTime.path}?teachingTaskId=${t.id}&studentTaskId=${st.id}`,
    );
    expect(time.data).toMatchObject({ remainSeconds: null, timeUp: false, deadline: endAt });
    const mismatch = await call(
      who,
      'GET',
      `${api.remainTime.path}?teachingTaskId=${suite.w.course.id}&studentTaskId=${st.id}`,
    );
    expect(mismatch).toMatchObject({ status: 404, errorKey: 'teaching.student_task_not_found' });
  });

  it('runs a duration from the first opening, and refuses work once the time is up', async () => {
    const t = await issue(
      suite.w.teacherA,
      body({ timeType: 'duration', durationMinutes: 30, startAt: undefined, endAt: undefined }),
    );
    const who = suite.w.students[2]!;
    const st = await studentTaskOf(t.id, who);
    const remain = () =>
      call<RemainTime>(
        who,
        'GET',
        `${api.remainTime.path}?teachingTaskId=${t.id}&studentTaskId=${st.id}`,
      );
    expect((await remain()).data).toMatchObject({
      remainSeconds: 1800,
      deadline: null,
      timeUp: false,
    });
    const opened = await call<RemainTime>(who, 'POST', idPath(api.taskStart.path, st.id));
    expect(opened.data.remainSeconds).toBe(1800);
    const startedAt = (await studentTaskOf(t.id, who)).startedAt;
    suite.h.advance(10 * 60_000);
    await call(who, 'POST', idPath(api.taskStart.path, st.id));
    expect((await studentTaskOf(t.id, who)).startedAt).toEqual(startedAt);
    expect((await remain()).data.remainSeconds).toBeGreaterThanOrEqual(1195);
    expect((await remain()).data.remainSeconds).toBeLessThanOrEqual(1200);
    await call(who, 'POST', api.reportSave.path, {
      studentTaskId: st.id,
      revision: 1,
      content: text('半成品'),
    });
    suite.h.advance(21 * 60_000);
    expect((await remain()).data).toMatchObject({ remainSeconds: 0, timeUp: true });
    await refusedInBoth(
      who,
      'POST',
      api.stepProgress.path,
      { studentTaskId: st.id, stepId: suite.w.course.doc, completed: true },
      409,
      'teaching.time_up',
    );
    await refusedInBoth(
      who,
      'POST',
      api.stepAnswer.path,
      {
        studentTaskId: st.id,
        stepId: suite.w.course.question,
        answers: rightAnswers,
      },
      409,
      'teaching.time_up',
    );
    await refusedInBoth(
      who,
      'POST',
      api.reportSave.path,
      { studentTaskId: st.id, revision: 2, content: text('迟到') },
      409,
      'teaching.time_up',
    );
    await refusedInBoth(
      who,
      'POST',
      api.reportSubmit.path,
      { studentTaskId: st.id, content: text('迟到') },
      409,
      'teaching.time_up',
    );
    const late = await call(
      who,
      'POST',
      api.stepProgress.path,
      { studentTaskId: st.id, stepId: suite.w.course.doc },
      'en',
    );
    expect(late.message).toBe('Task time has run out');
    const extend = await call(suite.w.teacherA, 'POST', api.taskExtend.path, {
      taskId: t.id,
      studentTaskIds: [st.id],
      minutes: 10,
    });
    expect(extend.code).toBe(200);
    expect((await remain()).data).toMatchObject({ timeUp: false });
    expect((await remain()).data.remainSeconds).toBeGreaterThan(500);
    const step = await suite.h.app.inject({
      method: 'GET',
      url: idPath(api.studyStep.path, suite.w.course.doc),
      query: { studentTaskId: st.id },
      headers: who.headers,
    });
    expect(step.json<{ data: TaskStudyStep }>().data.locked).toBe(false);
  });

  it('closes a canceled task to its students', async () => {
    const t = await issue(suite.w.teacherA, body());
    const st = await studentTaskOf(t.id, suite.w.students[0]!);
    await call(suite.w.teacherA, 'POST', idPath(api.taskCancel.path, t.id));
    await refusedInBoth(
      suite.w.students[0]!,
      'POST',
      api.reportSave.path,
      { studentTaskId: st.id, revision: 1, content: text('x') },
      409,
      'teaching.task_closed',
    );
  });
});
