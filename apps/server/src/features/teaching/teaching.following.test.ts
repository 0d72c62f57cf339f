import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  teachingApi as api,
  type StudentTaskReview,
  type TeachingDashboard,
} from '@platform/contract';
import {
  labUsage,
  studentTasks,
  taskCheckAttempts,
  taskCommands,
  teachingTasks,
} from '../../db/schema';
import { SECRET_TITLE, idPath, rightAnswers, teachingSuite } from '../../test/teaching-fixture';

/** A teacher follows the students of a task, one student's work in full, and the dashboard. */
const suite = teachingSuite();
const { call, issue, now, body, studentTaskOf, detail } = suite;

describe('following the students', () => {
  it('shows every student’s progress per step, time used and left', async () => {
    const t = await issue(suite.w.teacherA, body());
    const worker = suite.w.students[0]!;
    const st = await studentTaskOf(t.id, worker);
    await call(worker, 'POST', idPath(api.taskStart.path, st.id));
    suite.h.advance(60_000);
    await call(worker, 'POST', api.stepProgress.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.doc,
      completed: true,
    });
    await call(worker, 'POST', api.stepAnswer.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.question,
      answers: [
        { kind: 'judgement', answer: true },
        { kind: 'single', chosen: [1] },
      ],
    });
    const d = (await detail(suite.w.teacherA, t.id)).data;
    expect(d.environments.map((e) => e.id)).toEqual([suite.w.envId]);
    expect(d.resources.map((r) => r.id)).toEqual([suite.w.course.resourceId]);
    expect(d.students).toHaveLength(3);
    const mine = d.students.find((s) => s.studentId === worker.id)!;
    expect(mine).toMatchObject({
      submitStatus: 'not_submitted',
      progress: 50,
      autoScore: 10,
      autoMax: 45,
      labRunning: false,
    });
    expect(mine.usedSeconds).toBeGreaterThanOrEqual(60);
    expect(mine.remainSeconds).toBeGreaterThan(0);
    expect(mine.steps).toEqual([
      { stepId: suite.w.course.doc, completed: true, score: null, checkScore: null, checkMax: 0 },
      {
        stepId: suite.w.course.question,
        completed: true,
        score: 10,
        checkScore: null,
        checkMax: 0,
      },
      {
        stepId: suite.w.course.training,
        completed: false,
        score: null,
        checkScore: null,
        checkMax: 30,
      },
      {
        stepId: suite.w.course.report,
        completed: false,
        score: null,
        checkScore: null,
        checkMax: 0,
      },
    ]);
    const idle = d.students.find((s) => s.studentId !== worker.id)!;
    expect(idle).toMatchObject({ usedSeconds: 0, startedAt: null, progress: 0 });
  });

  it('reviews one student: answers with results, every check attempt, the report, commands, labs', async () => {
    const t = await issue(suite.w.teacherA, body({ kind: 'exam' }));
    const worker = suite.w.students[1]!;
    const st = await studentTaskOf(t.id, worker);
    await call(worker, 'POST', api.stepAnswer.path, {
      studentTaskId: st.id,
      stepId: suite.w.course.question,
      answers: rightAnswers,
    });
    const item = (hidden: boolean, score: number) => ({
      key: hidden ? 'secret' : 'notes',
      title: hidden ? { zh: SECRET_TITLE, en: SECRET_TITLE } : { zh: '笔记文件', en: 'Notes file' },
      score,
      max: hidden ? 10 : 20,
      passed: score > 0,
      message: { zh: score ? '通过' : '缺少文件', en: score ? 'Passed' : 'File missing' },
      hidden,
    });
    const at = now().getTime();
    await suite.h.ctx.db.insert(taskCheckAttempts).values([
      {
        id: suite.h.ctx.ids.next(),
        studentTaskId: st.id,
        stepId: suite.w.course.training,
        schoolId: suite.w.schoolA,
        score: 0,
        max: 30,
        items: [item(false, 0), item(true, 0)],
        durationMs: 120,
        createdAt: new Date(at - 5000),
      },
      {
        id: suite.h.ctx.ids.next(),
        studentTaskId: st.id,
        stepId: suite.w.course.training,
        schoolId: suite.w.schoolA,
        score: 30,
        max: 30,
        items: [item(false, 20), item(true, 10)],
        durationMs: 90,
        createdAt: new Date(at),
      },
    ]);
    await suite.h.ctx.db.insert(taskCommands).values([
      {
        id: suite.h.ctx.ids.next(),
        studentTaskId: st.id,
        schoolId: suite.w.schoolA,
        containerId: suite.h.ctx.ids.next(),
        line: 'ls -la',
        at: new Date(at - 2000),
      },
      {
        id: suite.h.ctx.ids.next(),
        studentTaskId: st.id,
        schoolId: suite.w.schoolA,
        containerId: suite.h.ctx.ids.next(),
        line: 'cat notes.txt',
        at: new Date(at - 1000),
      },
    ]);
    await suite.h.ctx.db.insert(labUsage).values({
      id: suite.h.ctx.ids.next(),
      containerId: suite.h.ctx.ids.next(),
      userId: worker.id,
      schoolId: suite.w.schoolA,
      envId: suite.w.envId,
      envName: 'Shell lab',
      resources: { cpuCore: 1, memorySize: 1, diskSize: 1, gpuCount: 0 },
      startedAt: new Date(at - 30_000),
      stoppedAt: new Date(at - 10_000),
    });
    await call(worker, 'POST', api.reportSave.path, {
      studentTaskId: st.id,
      revision: 1,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: '草稿' }] }],
      },
    });

    const res = await call<StudentTaskReview>(
      suite.w.teacherA,
      'GET',
      idPath(api.taskStudent.path, st.id),
      undefined,
      'en',
    );
    expect(res.code, res.message).toBe(200);
    const r = res.data;
    expect(r).toMatchObject({ taskId: t.id, kind: 'exam', scoresIssued: false, lab: null });
    expect(r.progress).toMatchObject({
      studentId: worker.id,
      autoScore: 15,
      reportStatus: 'draft',
    });
    const quiz = r.steps.find((s) => s.id === suite.w.course.question)!;
    expect(quiz.questions.map((q) => [q.stem, q.result?.right])).toEqual([
      ['Analog?', true],
      ['Which is a protocol', true],
    ]);
    expect(quiz.questions[1]!.options).toEqual(['MQTT', 'Resistor']);
    const training = r.steps.find((s) => s.id === suite.w.course.training)!;
    expect(training.checkAttempts.map((a) => a.score)).toEqual([30, 0]);
    expect(training.checkAttempts[1]!.items).toEqual([
      {
        title: 'Notes file',
        score: 0,
        max: 20,
        passed: false,
        message: 'File missing',
        hidden: false,
      },
      {
        title: SECRET_TITLE,
        score: 0,
        max: 10,
        passed: false,
        message: 'File missing',
        hidden: true,
      },
    ]);
    expect(training.checkAttempts[0]!.message).toBe('Score 30/30');
    expect(r.report).toMatchObject({ status: 'draft', length: 2 });
    expect(r.commands.map((c) => c.line)).toEqual(['ls -la', 'cat notes.txt']);
    expect(r.labUsage).toEqual([expect.objectContaining({ envId: suite.w.envId, seconds: 20 })]);
    const zh = await call<StudentTaskReview>(
      suite.w.teacherA,
      'GET',
      idPath(api.taskStudent.path, st.id),
    );
    expect(zh.data.steps.find((s) => s.id === suite.w.course.question)!.questions[0]!.stem).toBe(
      '温度是模拟量',
    );
  });
});

describe('the teacher’s dashboard', () => {
  it('counts classes, courses, tasks and students, bands of participation, top 5 and submissions', async () => {
    const res = await call<TeachingDashboard>(
      suite.w.otherTeacherA,
      'GET',
      api.dashboard.path,
      undefined,
    );
    expect(res.code, res.message).toBe(200);
    expect(res.data.period).toBe('week');
    const before = res.data;
    const t = await issue(suite.w.otherTeacherA, body({ name: '看板任务' }));
    const [a, b] = [suite.w.students[0]!, suite.w.students[1]!];
    const stA = await studentTaskOf(t.id, a);
    const stB = await studentTaskOf(t.id, b);
    const theirs = await suite.h.ctx.db
      .select({ id: teachingTasks.id })
      .from(teachingTasks)
      .where(eq(teachingTasks.teacherId, suite.w.otherTeacherA.id));
    await suite.h.ctx.db
      .update(studentTasks)
      .set({ progress: 100 })
      .where(
        and(
          eq(studentTasks.studentId, a.id),
          inArray(
            studentTasks.taskId,
            theirs.map((x) => x.id),
          ),
        ),
      );
    await suite.h.ctx.db
      .update(studentTasks)
      .set({ score: 95, submittedAt: now() })
      .where(eq(studentTasks.id, stA.id));
    await suite.h.ctx.db
      .update(studentTasks)
      .set({ progress: 70, score: 60 })
      .where(eq(studentTasks.id, stB.id));
    const after = (
      await call<TeachingDashboard>(suite.w.otherTeacherA, 'GET', api.dashboard.path, undefined)
    ).data;
    expect(after.taskCount).toBe(before.taskCount + 1);
    expect(after.courseCount).toBe(1);
    expect(after.studentCount).toBe(3);
    expect(after.classCount).toBe(1);
    const band = (d: TeachingDashboard, name: string) =>
      d.participation.find((p) => p.band === name)!.count;
    expect(band(after, 'full')).toBe(1);
    expect(after.participation.reduce((sum, p) => sum + p.count, 0)).toBe(after.studentCount);
    expect(after.participation.map((p) => p.band)).toEqual(['full', '80-100', '60-80', 'under-60']);
    expect(after.topStudents[0]).toMatchObject({ id: a.id, value: 95 });
    expect(after.topStudents.length).toBeLessThanOrEqual(5);
    expect(after.topClasses[0]).toMatchObject({ id: suite.w.classId, name: '物联网1班' });
    expect(after.submissions.reduce((s, x) => s + x.count, 0)).toBeGreaterThanOrEqual(1);
    expect(after.tasksByStatus.find((s) => s.status === 'ongoing')!.count).toBeGreaterThanOrEqual(
      1,
    );
    for (const period of ['day', 'month', 'all']) {
      const p = await suite.h.app.inject({
        method: 'GET',
        url: api.dashboard.path,
        query: { period },
        headers: suite.w.otherTeacherA.headers,
      });
      expect(p.json<{ data: TeachingDashboard }>().data.period).toBe(period);
    }
    const monthly = await suite.h.app.inject({
      method: 'GET',
      url: api.dashboard.path,
      query: { period: 'all' },
      headers: suite.w.otherTeacherA.headers,
    });
    expect(monthly.json<{ data: TeachingDashboard }>().data.submissions[0]!.at).toMatch(
      /^\d{4}-\d{2}$/,
    );
    const school = (await call<TeachingDashboard>(suite.w.managerA, 'GET', api.dashboard.path))
      .data;
    expect(school.taskCount).toBeGreaterThan(after.taskCount);
    const other = (await call<TeachingDashboard>(suite.w.teacherB, 'GET', api.dashboard.path)).data;
    expect(other.taskCount).toBe(0);
  });
});
