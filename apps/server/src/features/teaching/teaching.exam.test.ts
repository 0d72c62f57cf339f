import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  labsApi,
  pathOf,
  teachingApi as api,
  type StudentTaskReview,
  type TaskSave,
} from '@platform/contract';
import { labContainers, studentTaskSteps, taskReports } from '../../db/schema';
import { teachingSuite, text } from '../../test/teaching-fixture';
import { TeachingService } from './teaching.service';

const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf } = suite;
let service: TeachingService;
const MINUTE = 60_000;

beforeAll(() => {
  service = new TeachingService(suite.h.ctx, suite.h.app.labs);
});

const duration = (minutes: number): Partial<TaskSave> => ({
  timeType: 'duration',
  durationMinutes: minutes,
  startAt: undefined,
  endAt: undefined,
});

describe('the exam deadline', () => {
  it('submits what was saved and stops the labs, keeping their files, when the time is up', async () => {
    const exam = await issue(
      suite.w.teacherA,
      body({ name: '期末考试', kind: 'exam', ...duration(5) }),
    );
    const practice = await issue(suite.w.teacherA, body({ name: '同时的练习', ...duration(5) }));
    const [me, idle] = [suite.w.students[0]!, suite.w.students[1]!];
    const st = await studentTaskOf(exam.id, me);
    const idleSt = await studentTaskOf(exam.id, idle);
    const practiceSt = await studentTaskOf(practice.id, me);
    await call(me, 'POST', pathOf(api.taskStart.path, { id: st.id }));
    await call(me, 'POST', pathOf(api.taskStart.path, { id: practiceSt.id }));
    const answered = await call(me, 'POST', api.stepAnswer.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.question,
      answers: [
        { kind: 'judgement', answer: true },
        { kind: 'single', chosen: [1] },
      ],
    });
    expect(answered.code, answered.message).toBe(200);
    const draft = await call(me, 'POST', api.reportSave.path, {
      studentTaskId: st.id,
      revision: 3,
      content: text('考试中的草稿'),
    });
    expect(draft.code, draft.message).toBe(200);
    const started = await call<string[]>(me, 'POST', labsApi.start.path, {
      expEnvId: suite.w.envId,
    });
    expect(started.code, started.message).toBe(200);
    const containerId = started.data[0]!;
    await suite.h.app.labs.runtime.settle();
    expect(suite.h.app.labs.runtime.get(containerId)!.state).toBe('Running');

    expect(await service.deadlines.closeDueTasks(now())).toBe(0);
    suite.h.advance(6 * MINUTE);
    const at = now();
    expect(await service.deadlines.closeDueTasks(at)).toBe(1);
    await suite.h.app.labs.runtime.settle();

    const closed = await studentTaskOf(exam.id, me);
    // The quiz and, with the report the deadline submitted, the report step: two of four.
    expect(closed).toMatchObject({ status: 1, reportStatus: 2, progress: 50 });
    expect(closed.closedAt).toEqual(at);
    expect(closed.submittedAt).toEqual(at);
    const [report] = await suite.h.ctx.db
      .select()
      .from(taskReports)
      .where(eq(taskReports.studentTaskId, st.id));
    expect(report).toMatchObject({ revision: 3, content: text('考试中的草稿') });
    expect(report!.submittedAt).toEqual(at);
    const work = await suite.h.ctx.db
      .select()
      .from(studentTaskSteps)
      .where(eq(studentTaskSteps.studentTaskId, st.id));
    expect(work.find((w) => w.stepId === suite.w.course.question)).toMatchObject({ score: 10 });
    expect(work.find((w) => w.stepId === suite.w.course.report)?.completedAt).toEqual(at);

    const lab = suite.h.app.labs.runtime.get(containerId)!;
    expect(lab).toMatchObject({ desired: 0, state: 'Stopped' });
    const [row] = await suite.h.ctx.db
      .select()
      .from(labContainers)
      .where(eq(labContainers.id, containerId));
    expect(row!.stopReason).toBe('deadline');
    const files = await suite.h.app.labs.runtime.driver.files.list(containerId, '');
    expect(files.some((f) => f.name === 'README.txt')).toBe(true);

    expect(await studentTaskOf(exam.id, idle)).toMatchObject({ status: 0, closedAt: null });
    expect(idleSt.startedAt).toBeNull();
    expect(await studentTaskOf(practice.id, me)).toMatchObject({ status: 0, closedAt: null });
    expect(await service.deadlines.closeDueTasks(now())).toBe(0);

    await refusedInBoth(
      me,
      'POST',
      api.reportSave.path,
      { studentTaskId: st.id, revision: 4, content: text('太晚了') },
      409,
      'teaching.time_up',
    );
    const review = await call<StudentTaskReview>(
      suite.w.teacherA,
      'GET',
      pathOf(api.taskStudent.path, { id: st.id }),
    );
    expect(review.data.progress).toMatchObject({
      submitStatus: 'submitted',
      reportStatus: 'submitted',
    });
    expect(review.data.report.content).toEqual(text('考试中的草稿'));
    expect(review.data.labUsage.map((u) => u.envId)).toEqual([suite.w.envId]);
  });

  it('closes a range exam at each student’s own deadline', async () => {
    const exam = await issue(
      suite.w.teacherA,
      body({
        kind: 'exam',
        startAt: new Date(now().getTime() - MINUTE).toISOString(),
        endAt: new Date(now().getTime() + 10 * MINUTE).toISOString(),
      }),
    );
    const [early, extended] = [suite.w.students[1]!, suite.w.students[2]!];
    const later = await studentTaskOf(exam.id, extended);
    const res = await call(suite.w.teacherA, 'POST', api.taskExtend.path, {
      taskId: exam.id,
      studentTaskIds: [later.id],
      until: new Date(now().getTime() + 30 * MINUTE).toISOString(),
    });
    expect(res.code, res.message).toBe(200);
    suite.h.advance(11 * MINUTE);
    expect(await service.deadlines.closeDueTasks(now())).toBe(2);
    expect(await studentTaskOf(exam.id, early)).toMatchObject({ status: 1, reportStatus: 0 });
    expect(await studentTaskOf(exam.id, extended)).toMatchObject({ status: 0, closedAt: null });
    suite.h.advance(20 * MINUTE);
    expect(await service.deadlines.closeDueTasks(now())).toBe(1);
    expect(await studentTaskOf(exam.id, extended)).toMatchObject({ status: 1 });
  });

  it('leaves exams that were scored, canceled or archived alone', async () => {
    const exam = await issue(suite.w.teacherA, body({ kind: 'exam', ...duration(1) }));
    const st = await studentTaskOf(exam.id, suite.w.students[0]!);
    await call(suite.w.students[0]!, 'POST', pathOf(api.taskStart.path, { id: st.id }));
    await call(suite.w.teacherA, 'POST', pathOf(api.taskCancel.path, { id: exam.id }));
    suite.h.advance(2 * MINUTE);
    expect(await service.deadlines.closeDueTasks(now())).toBe(0);
    expect(await studentTaskOf(exam.id, suite.w.students[0]!)).toMatchObject({ status: 0 });
  });
});

describe('the exam countdown', () => {
  it('runs only once the student’s clock starts, and says so', async () => {
    const me = suite.w.students[2]!;
    const exam = await issue(
      suite.w.teacherA,
      body({
        name: '计时考试',
        kind: 'exam',
        classId: undefined,
        studentIds: [me.id],
        ...duration(45),
      }),
    );
    const st = await studentTaskOf(exam.id, me);
    const remain = async () =>
      (
        await call<{ remainSeconds: number | null; running: boolean }>(
          me,
          'GET',
          `${api.remainTime.path}?teachingTaskId=${exam.id}&studentTaskId=${st.id}`,
        )
      ).data;
    expect(await remain()).toMatchObject({ remainSeconds: 2700, running: false });
    suite.h.advance(MINUTE);
    expect(await remain()).toMatchObject({ remainSeconds: 2700, running: false });
    const opened = await call<{ remainSeconds: number; running: boolean }>(
      me,
      'POST',
      pathOf(api.taskStart.path, { id: st.id }),
    );
    expect(opened.data).toMatchObject({ remainSeconds: 2700, running: true });
    suite.h.advance(MINUTE);
    const running = await remain();
    expect(running.running).toBe(true);
    expect(running.remainSeconds).toBeGreaterThanOrEqual(2635);
    expect(running.remainSeconds).toBeLessThanOrEqual(2640);

    const later = await issue(
      suite.w.teacherA,
      body({
        name: '未开始的考试',
        kind: 'exam',
        classId: undefined,
        studentIds: [me.id],
        startAt: new Date(now().getTime() + 10 * MINUTE).toISOString(),
        endAt: new Date(now().getTime() + 55 * MINUTE).toISOString(),
      }),
    );
    const laterSt = await studentTaskOf(later.id, me);
    const notYet = await call<{ remainSeconds: number | null; running: boolean }>(
      me,
      'GET',
      `${api.remainTime.path}?teachingTaskId=${later.id}&studentTaskId=${laterSt.id}`,
    );
    expect(notYet.data).toMatchObject({ remainSeconds: null, running: false });
  });
});
