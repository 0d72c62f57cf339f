import { describe, expect, it, vi } from 'vitest';
import {
  labGatewayPaths,
  labsApi,
  pathOf,
  teachingApi as api,
  type CheckRunResult,
  type FileEntry,
  type StudentTaskReview,
  type TaskStudyStep,
} from '@platform/contract';
import { SECRET_SCRIPT, SECRET_TITLE, teachingSuite } from '../../test/teaching-fixture';

const suite = teachingSuite();
const { call, issue, refusedInBoth, body, studentTaskOf } = suite;

async function startLab(who: (typeof suite.w.students)[number]) {
  const started = await call<string[]>(who, 'POST', labsApi.start.path, {
    expEnvId: suite.w.envId,
  });
  expect(started.code, started.message).toBe(200);
  await suite.h.app.labs.runtime.settle();
  return started.data[0]!;
}

describe('checks of a training step against the live lab', () => {
  it('gives partial then full credit, hides the hidden check from the student, shows the teacher each attempt', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '检查实训' }));
    const me = suite.w.students[0]!;
    const st = await studentTaskOf(task.id, me);
    const check = (who = me, lang = 'zh') =>
      call<CheckRunResult>(
        who,
        'POST',
        api.stepCheck.path,
        { studentTaskId: st.id, stepId: suite.w.course.training },
        lang,
      );

    await refusedInBoth(
      me,
      'POST',
      api.stepCheck.path,
      { studentTaskId: st.id, stepId: suite.w.course.training },
      409,
      'teaching.check_no_lab',
    );
    const containerId = await startLab(me);

    const first = await check();
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({ score: 10, max: 30, message: '得分 10/30' });
    expect(first.data.items).toEqual([
      {
        title: '笔记文件',
        score: 0,
        max: 20,
        passed: false,
        message: '找不到文件 notes.txt',
        hidden: false,
      },
      { title: '其他检查', score: 10, max: 10, passed: true, message: '通过', hidden: true },
    ]);
    expect(JSON.stringify(first)).not.toContain(SECRET_TITLE);
    expect(JSON.stringify(first)).not.toContain(SECRET_SCRIPT);

    await suite.h.app.labs.runtime.driver.exec(containerId, {
      script: 'echo "sensor: 21.5" > notes.txt',
      timeoutMs: 5000,
      maxOutputBytes: 1024,
    });
    const second = await check(me, 'en');
    expect(second.data).toMatchObject({ score: 30, max: 30, message: 'Score 30/30' });
    expect(second.data.items[0]).toMatchObject({ title: 'Notes file', passed: true });

    const seen = await call<TaskStudyStep>(
      me,
      'GET',
      `${pathOf(api.studyStep.path, { id: suite.w.course.training })}?studentTaskId=${st.id}`,
    );
    expect(seen.data.lastCheck).toMatchObject({ score: 30, max: 30 });
    expect(seen.data.progress.completed).toBe(true);
    expect(JSON.stringify(seen.data)).not.toContain(SECRET_SCRIPT);

    const review = await call<StudentTaskReview>(
      suite.w.teacherA,
      'GET',
      pathOf(api.taskStudent.path, { id: st.id }),
    );
    const attempts = review.data.steps.find((s) => s.id === suite.w.course.training)!.checkAttempts;
    expect(attempts.map((a) => a.score)).toEqual([30, 10]);
    expect(attempts[1]!.items.map((i) => i.title)).toEqual(['笔记文件', SECRET_TITLE]);
    expect(review.data.progress.autoScore).toBeGreaterThanOrEqual(30);

    for (const who of [suite.w.students[1]!, suite.w.studentB])
      await refusedInBoth(
        who,
        'POST',
        api.stepCheck.path,
        { studentTaskId: st.id, stepId: suite.w.course.training },
        404,
        'teaching.student_task_not_found',
      );
    await refusedInBoth(
      me,
      'POST',
      api.stepCheck.path,
      { studentTaskId: st.id, stepId: suite.w.course.doc },
      409,
      'teaching.check_none',
    );
    await call(me, 'GET', `${labsApi.stop.path}?envId=${suite.w.envId}`);
  });
});

describe('the teachers’ view of a student’s lab', () => {
  it('grants the task’s teachers a read-only terminal and the home’s files, running or stopped', async () => {
    const task = await issue(suite.w.teacherA, body({ name: '旁观实训' }));
    const me = suite.w.students[1]!;
    const st = await studentTaskOf(task.id, me);
    const watch = pathOf(api.labWatch.path, { id: st.id });
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      watch,
      undefined,
      409,
      'teaching.lab_not_running',
    );
    const containerId = await startLab(me);

    const granted = await call<{ url: string; expiresAt: string }>(suite.w.teacherA, 'POST', watch);
    expect(granted.code, granted.message).toBe(200);
    const url = new URL(granted.data.url);
    expect(url.host).toContain(containerId);
    const redeemed = await suite.h.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
    });
    const cookie = (redeemed.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
    const info = await suite.h.app.inject({
      method: 'GET',
      url: labGatewayPaths.info,
      headers: { host: url.host, cookie },
    });
    expect(info.json()).toMatchObject({ containerId, readOnly: true });
    expect((await call(suite.w.managerA, 'POST', watch)).code).toBe(200);
    for (const who of [suite.w.otherTeacherA, suite.w.teacherB, suite.w.managerB])
      await refusedInBoth(who, 'POST', watch, undefined, 404, 'teaching.student_task_not_found');

    const files = pathOf(api.labFiles.path, { id: st.id });
    const listed = await call<FileEntry[]>(
      suite.w.teacherA,
      'GET',
      `${files}?envId=${suite.w.envId}&path=`,
    );
    expect(listed.data.map((f) => f.name)).toContain('README.txt');
    await call(me, 'GET', `${labsApi.stop.path}?envId=${suite.w.envId}`);
    const file = await suite.h.app.inject({
      method: 'GET',
      url: `${pathOf(api.labFile.path, { id: st.id })}?envId=${suite.w.envId}&path=README.txt`,
      headers: suite.w.teacherA.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('hello lab');
    await refusedInBoth(
      suite.w.teacherB,
      'GET',
      `${files}?envId=${suite.w.envId}&path=`,
      undefined,
      404,
      'teaching.student_task_not_found',
    );
  });

  it('keeps the lines typed into an exam’s lab, and only an exam’s', async () => {
    const exam = await issue(suite.w.teacherA, body({ name: '命令考试', kind: 'exam' }));
    const me = suite.w.students[2]!;
    const st = await studentTaskOf(exam.id, me);
    const containerId = await startLab(me);
    const entry = suite.h.app.labs.runtime.get(containerId)!;
    // Typed faster than each line is written: they are kept in the order they were typed.
    const typed = [
      'ls -la',
      'cat README.txt',
      ...Array.from({ length: 18 }, (_, i) => `echo ${i}`),
    ];
    for (const line of typed) suite.h.app.labs.runtime.commandLine(entry, line);
    const kept = async () =>
      (
        await call<StudentTaskReview>(
          suite.w.teacherA,
          'GET',
          pathOf(api.taskStudent.path, { id: st.id }),
        )
      ).data.commands.map((c) => c.line);
    await vi.waitFor(async () => expect(await kept()).toHaveLength(typed.length));
    expect(await kept()).toEqual(typed);
    const practice = await issue(suite.w.teacherA, body({ name: '同时的练习 2' }));
    const practiceSt = await studentTaskOf(practice.id, me);
    const other = await call<StudentTaskReview>(
      suite.w.teacherA,
      'GET',
      pathOf(api.taskStudent.path, { id: practiceSt.id }),
    );
    expect(other.data.commands).toEqual([]);
    await call(me, 'GET', `${labsApi.stop.path}?envId=${suite.w.envId}`);
  });
});
