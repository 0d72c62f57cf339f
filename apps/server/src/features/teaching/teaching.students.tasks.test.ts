import { beforeAll, describe, expect, it } from 'vitest';
import {
  teachingApi as api,
  type OwnTask,
  type OwnTaskDetail,
  type Page,
  type TaskSummary,
} from '@platform/contract';
import {
  HOUR,
  idPath,
  rightAnswers,
  teachingSuite,
  text,
  type Who,
} from '../../test/teaching-fixture';

/** A student's own tasks: the list, the counts, the detail, and nobody else's. */
const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf } = suite;

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
