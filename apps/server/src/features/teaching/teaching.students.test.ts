import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  pathOf,
  teachingApi as api,
  type OwnTask,
  type OwnTaskDetail,
  type RemainTime,
  type ReportInfo,
  type TaskStudyStep,
  type TaskSummary,
} from '@platform/contract';
import { taskCheckAttempts, taskReports } from '../../db/schema';
import { multipartFile, pdf, png } from '../../test/sample-files';
import {
  SECRET_SCRIPT,
  SECRET_TITLE,
  doc,
  rightAnswers,
  teachingSuite,
  text,
  type Who,
} from '../../test/teaching-fixture';

const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf } = suite;
const HOUR = 3600_000;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

const idPath = (path: string, id: string) => pathOf(path, { id });

async function list(who: Who, query: Record<string, string> = {}) {
  const res = await suite.h.app.inject({
    method: 'GET',
    url: api.ownList.path,
    query,
    headers: who.headers,
  });
  return res.json<{ data: Page<OwnTask> }>().data;
}

describe('the students’ task list', () => {
  let practice: TaskSummary;
  let exam: TaskSummary;
  const me = () => suite.w.loneStudent;

  beforeAll(async () => {
    const to = {
      classId: undefined,
      studentIds: [suite.w.loneStudent.id, suite.w.students[0]!.id],
    };
    practice = await issue(suite.w.teacherA, body({ name: '练习任务', ...to }));
    exam = await issue(
      suite.w.teacherA,
      body({
        name: '考试任务',
        kind: 'exam',
        stepIds: [suite.w.course.doc, suite.w.course.question],
        ...to,
      }),
    );
    const canceled = await issue(suite.w.teacherA, body({ name: '取消任务', ...to }));
    await call(suite.w.teacherA, 'POST', idPath(api.taskCancel.path, canceled.id));
    const deleted = await issue(
      suite.w.teacherA,
      body({
        name: '删除任务',
        ...to,
        startAt: new Date(now().getTime() + HOUR).toISOString(),
        endAt: new Date(now().getTime() + 2 * HOUR).toISOString(),
      }),
    );
    await call(suite.w.teacherA, 'POST', idPath(api.taskDelete.path, deleted.id));
  });

  it('lists the caller’s tasks newest first, ten a page, without canceled or deleted ones', async () => {
    const page = await list(me());
    expect(page).toMatchObject({ pageNum: 1, pageSize: 10, total: 2 });
    expect(page.records.map((r) => r.name)).toEqual(['考试任务', '练习任务']);
    const first = page.records[1]!;
    expect(first).toMatchObject({
      teachingTaskId: practice.id,
      taskType: 0,
      courseId: suite.w.course.id,
      courseName: '物联网实训',
      taskStatus: 'ongoing',
      status: 'not_submitted',
      markStatus: 'unmarked',
      reportStatus: 'none',
      isReport: true,
      progress: 0,
      score: null,
      timeType: 'range',
      usedSeconds: 0,
    });
    expect(first.remainSeconds).toBeGreaterThan(3000);
    expect(page.records[0]).toMatchObject({
      teachingTaskId: exam.id,
      taskType: 1,
      isReport: false,
    });
  });

  it('filters by status, course, name, report and task type', async () => {
    const names = async (query: Record<string, string>) =>
      (await list(me(), query)).records.map((r) => r.name);
    expect(await names({ taskType: '1' })).toEqual(['考试任务']);
    expect(await names({ taskType: '0' })).toEqual(['练习任务']);
    expect(await names({ isReport: '1' })).toEqual(['练习任务']);
    expect(await names({ isReport: '0' })).toEqual(['考试任务']);
    expect(await names({ name: '练习' })).toEqual(['练习任务']);
    expect(await names({ courseId: suite.w.course.id })).toHaveLength(2);
    expect(await names({ courseId: suite.w.courseB.id })).toEqual([]);
    expect(await names({ status: 'not_submitted' })).toHaveLength(2);
    expect(await names({ status: 'submitted' })).toEqual([]);
    expect(await names({ pageSize: '1', pageNum: '2' })).toEqual(['练习任务']);
    const bad = await suite.h.app.inject({
      method: 'GET',
      url: api.ownList.path,
      query: { status: 'done' },
      headers: me().headers,
    });
    expect(bad.json()).toMatchObject({ fields: { status: 'invalid_value' } });
  });

  it('shows the score only once the scores are issued', async () => {
    for (const student of [suite.w.loneStudent, suite.w.students[0]!]) {
      const st = await studentTaskOf(exam.id, student);
      await call(suite.w.teacherA, 'POST', api.taskScore.path, { studentTaskId: st.id, score: 77 });
    }
    // Scored without submitting: marked, and not submitted.
    expect((await list(me(), { taskType: '1' })).records[0]).toMatchObject({
      score: null,
      status: 'not_submitted',
      markStatus: 'marked',
    });
    await call(suite.w.teacherA, 'POST', idPath(api.issueScores.path, exam.id));
    expect((await list(me(), { taskType: '1' })).records[0]).toMatchObject({
      score: 77,
      markStatus: 'issued',
      taskStatus: 'ended',
    });
  });

  it('counts the caller’s tasks by state, with the unread notices and the tasks due soonest', async () => {
    const res = await call<{
      notSubmitted: number;
      completed: number;
      unreadNotices: number;
      dueSoon: OwnTask[];
    }>(me(), 'GET', api.myTask.path);
    expect(res.data).toMatchObject({ notSubmitted: 2, submitted: 0, completed: 0 });
    expect(res.data.unreadNotices).toBeGreaterThanOrEqual(4);
    expect(res.data.dueSoon.map((t) => t.teachingTaskId)).toEqual([practice.id]);
  });

  it('gives the task detail with chapterDTOS in course order and environmentDTOS', async () => {
    const st = await studentTaskOf(practice.id, me());
    await call(me(), 'POST', api.stepProgress.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.doc,
      completed: true,
    });
    const res = await suite.h.app.inject({
      method: 'GET',
      url: api.ownDetail.path,
      query: { id: st.id },
      headers: { ...me().headers, 'accept-language': 'en' },
    });
    const d = res.json<{ data: OwnTaskDetail }>().data;
    expect(d).toMatchObject({
      id: st.id,
      requirements: '按步骤完成',
      autoMax: 45,
      scoresIssued: false,
      timeUp: false,
      progress: 25,
    });
    expect(d.chapterDTOS.map((c) => c.name)).toEqual(['Chapter 1 Basics', 'Chapter 2 Report']);
    expect(d.chapterDTOS[0]!.chapterSteps).toEqual([
      {
        id: suite.w.course.doc,
        name: '1-1 Reading',
        type: 'document',
        completed: true,
        score: null,
      },
      {
        id: suite.w.course.question,
        name: '1-2 Quiz',
        type: 'exercises',
        completed: false,
        score: null,
      },
      {
        id: suite.w.course.training,
        name: '1-3 Training',
        type: 'training',
        completed: false,
        score: null,
      },
    ]);
    expect(d.chapterDTOS[1]!.chapterStepList).toEqual([
      { id: suite.w.course.report, name: '2-1 Report' },
    ]);
    expect(d.environmentDTOS).toEqual([
      {
        id: suite.w.envId,
        expEnvId: suite.w.envId,
        code: suite.w.envCode,
        name: 'Shell lab',
        kind: 'TERMINAL',
        expEnvScriptId: suite.w.scriptId,
        experimentEnvPlugs: [],
      },
    ]);
    expect(d.resources).toEqual([
      expect.objectContaining({ id: suite.w.course.resourceId, name: 'datasheet.txt' }),
    ]);
    const file = await suite.h.app.inject({
      method: 'GET',
      url: d.resources[0]!.url,
      headers: me().headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('datasheet');
    const other = await suite.h.app.inject({
      method: 'GET',
      url: d.resources[0]!.url,
      headers: suite.w.studentB.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses another student’s task everywhere as not found', async () => {
    const st = await studentTaskOf(practice.id, me());
    const requests: ['GET' | 'POST', string, unknown][] = [
      ['GET', `${api.ownDetail.path}?id=${st.id}`, undefined],
      [
        'GET',
        `${idPath(api.studyStep.path, suite.w.course.doc)}?studentTaskId=${st.id}`,
        undefined,
      ],
      [
        'GET',
        `${api.remainTime.path}?teachingTaskId=${practice.id}&studentTaskId=${st.id}`,
        undefined,
      ],
      ['POST', idPath(api.taskStart.path, st.id), undefined],
      [
        'POST',
        api.stepAnswer.path,
        {
          studentTaskId: st.id,
          stepId: suite.w.course.question,
          answers: rightAnswers,
        },
      ],
      [
        'POST',
        api.stepProgress.path,
        { studentTaskId: st.id, stepId: suite.w.course.doc, completed: true },
      ],
      ['POST', api.reportSave.path, { studentTaskId: st.id, revision: 9, content: text('别人的') }],
      ['POST', api.reportSubmit.path, { studentTaskId: st.id, content: text('别人的') }],
      ['GET', idPath(api.reportInfo.path, st.id), undefined],
    ];
    for (const [method, url, payload] of requests) {
      for (const who of [suite.w.students[1]!, suite.w.studentB])
        await refusedInBoth(who, method, url, payload, 404, 'teaching.student_task_not_found');
      expect((await call(suite.w.teacherA, method, url, payload)).status, url).toBe(403);
    }
    expect(await studentTaskOf(practice.id, me())).toMatchObject({ reportStatus: 0, status: 0 });
  });
});

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

describe('reports', () => {
  let taskId: string;
  let stId: string;
  const me = () => suite.w.students[0]!;

  beforeAll(async () => {
    const t = await issue(suite.w.teacherA, body({ name: '报告任务' }));
    taskId = t.id;
    stId = (await studentTaskOf(t.id, me())).id;
  });

  const save = (content: unknown, revision: number, lang = 'zh') =>
    call<{ revision: number; length: number; savedAt: string }>(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: stId, content, revision },
      lang,
    );

  it('keeps the highest revision: a late save answers the stored one unwritten', async () => {
    const first = await save(text('第二版内容'), 2);
    expect(first).toMatchObject({
      code: 200,
      message: '草稿已保存',
      data: { revision: 2, length: 5 },
    });
    const late = await save(text('旧'), 1);
    expect(late.data).toEqual(first.data);
    const [row] = await suite.h.ctx.db
      .select()
      .from(taskReports)
      .where(eq(taskReports.studentTaskId, stId));
    expect(row).toMatchObject({ revision: 2, length: 5, content: text('第二版内容') });
    expect((await save(text('同版重写'), 2)).data.length).toBe(4);
    expect(await studentTaskOf(taskId, me())).toMatchObject({ reportStatus: 1 });
  });

  it('counts at most 10,000 characters of text', async () => {
    expect((await save(text('字'.repeat(10_000)), 3)).data.length).toBe(10_000);
    const res = await refusedInBoth(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: stId, revision: 4, content: text('字'.repeat(10_001)) },
      400,
      'teaching.report_too_long',
      { max: 10_000 },
    );
    expect(res.fields).toEqual({ content: 'too_long' });
  });

  it('sanitises the document and takes images of its own report only', async () => {
    const bad = await call(me(), 'POST', api.reportSave.path, {
      studentTaskId: stId,
      revision: 5,
      content: { type: 'doc', content: [{ type: 'script', text: 'x' }] },
    });
    expect(bad).toMatchObject({ status: 400, errorKey: 'courses.rich_text_refused' });
    const foreign = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: `/api-teaching/student/report/file/${taskId}/abcdefgh12` } },
      ],
    };
    expect((await save(foreign, 5)).errorKey).toBe('courses.rich_text_refused');
  });

  it('stores images (JPG or PNG, 5 MB) at signed addresses that show them', async () => {
    const upload = async (who: Who, file: Buffer, name: string, studentTaskId = stId) => {
      const { payload, headers } = multipartFile(name, file, { studentTaskId });
      const res = await suite.h.app.inject({
        method: 'POST',
        url: api.reportImage.path,
        payload,
        headers: { ...who.headers, ...headers },
      });
      return {
        status: res.statusCode,
        ...res.json<{ errorKey?: string; data: { fileId: string; url: string } }>(),
      };
    };
    const up = await upload(me(), png(), 'chart.png');
    expect(up.status).toBe(200);
    expect(up.data.url).toMatch(
      new RegExp(`^/api-teaching/student/report/file/${stId}/${up.data.fileId}\\?e=\\d+&s=`),
    );
    const shown = await suite.h.app.inject({ method: 'GET', url: up.data.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    const forged = await suite.h.app.inject({
      method: 'GET',
      url: up.data.url.replace(/s=.{4}/, 's=AAAA'),
    });
    expect(forged.statusCode).toBe(404);
    const courseSigned = await suite.h.app.inject({
      method: 'GET',
      url: up.data.url.replace('/student/report/file/', '/course/file/'),
    });
    expect(courseSigned.statusCode).toBe(404);
    expect((await upload(me(), pdf(), 'notes.pdf')).errorKey).toBe('common.file_type_refused');
    expect((await upload(suite.w.students[1]!, png(), 'chart.png')).errorKey).toBe(
      'teaching.student_task_not_found',
    );

    const withImage = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '结果如图' }] },
        { type: 'image', attrs: { src: up.data.url } },
      ],
    };
    expect((await save(withImage, 6)).code).toBe(200);
    const [row] = await suite.h.ctx.db
      .select()
      .from(taskReports)
      .where(eq(taskReports.studentTaskId, stId));
    expect(JSON.stringify(row!.content)).toContain(
      `"/api-teaching/student/report/file/${stId}/${up.data.fileId}"`,
    );
    const info = await call<ReportInfo>(me(), 'GET', idPath(api.reportInfo.path, stId));
    const src = (info.data.content!.content as { attrs?: { src: string } }[])[1]!.attrs!.src;
    expect(src).toMatch(/\?e=\d+&s=/);
    expect((await suite.h.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
  });

  it('submits a report that is not empty; it then shows in my reports and report info', async () => {
    await refusedInBoth(
      me(),
      'POST',
      api.reportSubmit.path,
      { studentTaskId: stId, content: { type: 'doc', content: [{ type: 'paragraph' }] } },
      400,
      'teaching.report_empty',
    );
    const res = await call(me(), 'POST', api.reportSubmit.path, {
      studentTaskId: stId,
      content: text('最终报告'),
    });
    expect(res).toMatchObject({
      code: 200,
      message: '实验报告已提交',
      data: { revision: 7, length: 4 },
    });
    expect(await studentTaskOf(taskId, me())).toMatchObject({ status: 0, reportStatus: 2 });
    await refusedInBoth(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: stId, revision: 8, content: text('再改') },
      409,
      'teaching.report_already_submitted',
    );
    const info = await call<ReportInfo>(
      me(),
      'GET',
      idPath(api.reportInfo.path, stId),
      undefined,
      'en',
    );
    expect(info.data).toMatchObject({
      studentTaskId: stId,
      teachingTaskId: taskId,
      taskName: '报告任务',
      courseName: 'IoT practice',
      status: 'submitted',
      length: 4,
      revision: 7,
      editable: false,
      score: null,
      comment: '',
    });
    expect(info.data.content).toEqual(text('最终报告'));
    expect(info.data.instructions).toEqual(doc('Write up'));
    const page = await call<Page<{ studentTaskId: string; status: string }>>(
      me(),
      'GET',
      api.myReports.path,
    );
    expect(page.data.records.map((r) => [r.studentTaskId, r.status])).toContainEqual([
      stId,
      'submitted',
    ]);
    const filtered = await suite.h.app.inject({
      method: 'GET',
      url: api.myReports.path,
      query: { status: 'draft' },
      headers: me().headers,
    });
    expect(
      filtered
        .json<{ data: Page<{ studentTaskId: string }> }>()
        .data.records.map((r) => r.studentTaskId),
    ).not.toContain(stId);
  });

  it('refuses reports on a task without a report step', async () => {
    const t = await issue(suite.w.teacherA, body({ stepIds: [suite.w.course.doc] }));
    const st = await studentTaskOf(t.id, me());
    await refusedInBoth(
      me(),
      'POST',
      api.reportSubmit.path,
      { studentTaskId: st.id, content: text('x') },
      400,
      'teaching.no_report_step',
    );
    await refusedInBoth(
      me(),
      'POST',
      api.reportSave.path,
      { studentTaskId: st.id, revision: 1, content: text('x') },
      400,
      'teaching.no_report_step',
    );
  });
});
