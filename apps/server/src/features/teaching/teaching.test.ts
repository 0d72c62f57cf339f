import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  noticesApi,
  pathOf,
  teachingApi as api,
  UserKind,
  type MessageKey,
  type StudentTaskReview,
  type TaskDetail,
  type TaskSummary,
  type TeachingDashboard,
} from '@platform/contract';
import {
  classes,
  labUsage,
  notices,
  studentTasks,
  taskCheckAttempts,
  taskCommands,
  teachingTasks,
  users,
} from '../../db/schema';
import { SECRET_TITLE, rightAnswers, teachingSuite, type Who } from '../../test/teaching-fixture';

const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf } = suite;
const HOUR = 3600_000;
type Page<T> = { records: T[]; total: number; pageSize: number };

const idPath = (path: string, id: string) => pathOf(path, { id });
const studentTasksOf = (taskId: string) =>
  suite.h.ctx.db.select().from(studentTasks).where(eq(studentTasks.taskId, taskId));
const detail = (who: Who, id: string, lang = 'zh') =>
  call<TaskDetail>(who, 'GET', idPath(api.taskDetail.path, id), undefined, lang);
const noticesOf = (userId: string) =>
  suite.h.ctx.db.select().from(notices).where(eq(notices.userId, userId));

describe('issuing a task', () => {
  it('issues a course’s steps to a class: student tasks in course order, a notice each', async () => {
    const res = await call<TaskSummary>(suite.w.teacherA, 'POST', api.taskSave.path, body());
    expect(res).toMatchObject({ code: 200, message: '任务已下发' });
    expect(res.data).toMatchObject({
      name: '传感器实训任务',
      kind: 'practice',
      taskType: 0,
      courseId: suite.w.course.id,
      courseName: '物联网实训',
      classId: suite.w.classId,
      className: '物联网1班',
      teacherId: suite.w.teacherA.id,
      status: 'ongoing',
      studentCount: 3,
      submittedCount: 0,
      notSubmittedCount: 3,
      scoredCount: 0,
    });
    const rows = await studentTasksOf(res.data.id);
    expect(rows.map((r) => r.studentId).sort()).toEqual(suite.w.students.map((s) => s.id).sort());
    expect(rows.every((r) => r.autoMax === 45 && r.status === 0 && r.markStatus === 0)).toBe(true);
    const d = await detail(suite.w.teacherA, res.data.id);
    expect(d.data.stepIds).toEqual([
      suite.w.course.doc,
      suite.w.course.question,
      suite.w.course.training,
      suite.w.course.report,
    ]);
    expect(d.data.chapters.map((c) => c.name)).toEqual(['第1章 基础', '第2章 报告']);
    expect(d.data.chapters[0]!.steps.map((s) => s.name)).toEqual([
      '1-1 阅读',
      '1-2 测验',
      '1-3 实训',
    ]);
    for (const s of suite.w.students) {
      const own = await noticesOf(s.id);
      const mine = (await studentTaskOf(res.data.id, s)).id;
      expect(own.some((n) => n.dynamicType === 'task_issued' && n.dynamicId === mine)).toBe(true);
    }
    const en = await call<TaskSummary>(suite.w.teacherA, 'POST', api.taskSave.path, body(), 'en');
    expect(en.message).toBe('The task has been issued');
    expect(en.data.courseName).toBe('IoT practice');
  });

  it('issues to chosen students, and a duration task starts when issued', async () => {
    const t = await issue(
      suite.w.teacherA,
      body({
        classId: undefined,
        studentIds: [suite.w.loneStudent.id, suite.w.students[0]!.id],
        timeType: 'duration',
        durationMinutes: 45,
        startAt: undefined,
        endAt: undefined,
      }),
    );
    expect(t).toMatchObject({
      timeType: 'duration',
      durationMinutes: 45,
      endAt: null,
      status: 'ongoing',
      studentCount: 2,
    });
  });

  /** A save by teacher A with `overrides`, refused with `key` and the field it names. */
  const saveRefused = async (
    overrides: Parameters<typeof body>[0],
    status: number,
    key: MessageKey,
    fields: Record<string, string>,
  ) => {
    const res = await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      body(overrides),
      status,
      key,
    );
    expect(res.fields, key).toEqual(fields);
  };

  it('refuses steps, environments and resources of another course', async () => {
    const { courseB } = suite.w;
    const invalid = (field: string) => ({ [field]: 'invalid_value' });
    await saveRefused(
      { stepIds: [courseB.step] },
      400,
      'teaching.step_not_in_course',
      invalid('stepIds'),
    );
    await saveRefused(
      { envIds: [courseB.id] },
      400,
      'teaching.env_not_in_course',
      invalid('envIds'),
    );
    await saveRefused(
      { resourceIds: [courseB.step] },
      400,
      'teaching.resource_not_in_course',
      invalid('resourceIds'),
    );
  });

  it('refuses another school’s course, class and students, and non-students, as not found', async () => {
    const { courseB, classB, studentB, otherTeacherA } = suite.w;
    const course = await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      body({ courseId: courseB.id, stepIds: [courseB.step] }),
      404,
      'courses.not_found',
    );
    expect(course.fields).toBeUndefined();
    await saveRefused({ classId: classB }, 404, 'teaching.class_not_found', {
      classId: 'invalid_value',
    });
    for (const id of [studentB.id, otherTeacherA.id])
      await saveRefused({ studentIds: [id] }, 404, 'teaching.student_not_found', {
        studentIds: 'invalid_value',
      });
  });

  it('needs students, at most 500 of them', async () => {
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      body({ classId: suite.w.emptyClassId }),
      400,
      'teaching.students_required',
    );
    const big = suite.h.ctx.ids.next();
    await suite.h.ctx.db
      .insert(classes)
      .values({ id: big, schoolId: suite.w.schoolA, name: '大班', grade: '2026' });
    await suite.h.ctx.db.insert(users).values(
      Array.from({ length: 501 }, (_, i) => ({
        id: suite.h.ctx.ids.next(),
        schoolId: suite.w.schoolA,
        classId: big,
        username: `big_${big}_${i}`,
        passwordHash: 'x',
        kind: UserKind.STUDENT,
      })),
    );
    const res = await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      body({ classId: big }),
      400,
      'teaching.too_many_students',
      { max: 500 },
    );
    expect(res.fields).toEqual({ studentIds: 'too_long' });
  });

  it('checks the time: a range of at most a year, a positive duration', async () => {
    const long = await call(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      body({ endAt: new Date(now().getTime() + 400 * 24 * HOUR).toISOString() }),
    );
    expect(long).toMatchObject({ status: 400, fields: { endAt: 'above_limit' } });
    const zero = await call(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      body({ timeType: 'duration', durationMinutes: 0 }),
    );
    expect(zero).toMatchObject({ status: 400, fields: { durationMinutes: 'invalid_value' } });
  });
});

describe('updating a task', () => {
  it('changes steps before the start, and refuses to once it started', async () => {
    const later = body({
      startAt: new Date(now().getTime() + HOUR).toISOString(),
      endAt: new Date(now().getTime() + 2 * HOUR).toISOString(),
    });
    const t = await issue(suite.w.teacherA, later);
    expect(t.status).toBe('not_started');
    const res = await call<TaskSummary>(suite.w.teacherA, 'POST', api.taskSave.path, {
      ...later,
      id: t.id,
      stepIds: [suite.w.course.doc, suite.w.course.report],
    });
    expect(res).toMatchObject({ code: 200, message: '保存成功' });
    expect((await studentTasksOf(t.id)).every((r) => r.autoMax === 0)).toBe(true);
    const en = await call(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      { ...later, id: t.id, name: 'Renamed task' },
      'en',
    );
    expect(en.message).toBe('Saved');

    const running = await issue(suite.w.teacherA, body());
    const locked = await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      { ...body(), id: running.id, stepIds: [suite.w.course.doc] },
      409,
      'teaching.steps_locked',
    );
    expect(locked.fields).toEqual({ stepIds: 'invalid_value' });
    const renamed = await issue(suite.w.teacherA, {
      ...body(),
      id: running.id,
      name: '改名后的任务',
      requirements: '新的要求',
    });
    expect(renamed.name).toBe('改名后的任务');
  });

  it('adds students at any time, and removes only those who did nothing', async () => {
    const t = await issue(suite.w.teacherA, body());
    const worker = suite.w.students[0]!;
    const st = await studentTaskOf(t.id, worker);
    await call(worker, 'POST', idPath(api.taskStart.path, st.id));
    const fewer = {
      ...body(),
      id: t.id,
      classId: undefined,
      studentIds: [suite.w.students[1]!.id],
    };
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      fewer,
      409,
      'teaching.student_has_work',
    );
    const changed = await issue(suite.w.teacherA, {
      ...fewer,
      studentIds: [worker.id, suite.w.loneStudent.id],
    });
    expect(changed.studentCount).toBe(2);
    expect((await studentTasksOf(t.id)).map((r) => r.studentId).sort()).toEqual(
      [worker.id, suite.w.loneStudent.id].sort(),
    );
    const lone = (await studentTaskOf(t.id, suite.w.loneStudent)).id;
    expect((await noticesOf(suite.w.loneStudent.id)).some((n) => n.dynamicId === lone)).toBe(true);
  });

  it('lets a school administrator change a teacher’s task, another teacher not', async () => {
    const t = await issue(suite.w.teacherA, body());
    await issue(suite.w.managerA, { ...body(), id: t.id, name: '管理员改的' });
    await refusedInBoth(
      suite.w.otherTeacherA,
      'POST',
      api.taskSave.path,
      { ...body(), id: t.id },
      404,
      'teaching.not_found',
    );
    await refusedInBoth(
      suite.w.teacherB,
      'POST',
      api.taskSave.path,
      { ...body(), id: t.id },
      404,
      'teaching.not_found',
    );
  });
});

describe('task states and the teachers’ list', () => {
  it('derives every state the same way in the list filter as in the answer', async () => {
    const later = {
      startAt: new Date(now().getTime() + HOUR).toISOString(),
      endAt: new Date(now().getTime() + 2 * HOUR).toISOString(),
    };
    const name = `状态${Date.now().toString(36)}`;
    const notStarted = await issue(suite.w.teacherA, body({ name, ...later }));
    const ongoing = await issue(suite.w.teacherA, body({ name }));
    const ended = await issue(suite.w.teacherA, body({ name }));
    await suite.h.ctx.db
      .update(teachingTasks)
      .set({ endAt: new Date(now().getTime() - 1000), startAt: new Date(now().getTime() - HOUR) })
      .where(eq(teachingTasks.id, ended.id));
    const extended = await issue(suite.w.teacherA, body({ name }));
    await suite.h.ctx.db
      .update(teachingTasks)
      .set({ endAt: new Date(now().getTime() - 1000), startAt: new Date(now().getTime() - HOUR) })
      .where(eq(teachingTasks.id, extended.id));
    await suite.h.ctx.db
      .update(studentTasks)
      .set({ extendedUntil: new Date(now().getTime() + HOUR) })
      .where(eq(studentTasks.id, (await studentTasksOf(extended.id))[0]!.id));
    const canceled = await issue(suite.w.teacherA, body({ name }));
    await call(suite.w.teacherA, 'POST', idPath(api.taskCancel.path, canceled.id));
    const deleted = await issue(suite.w.teacherA, body({ name, ...later }));
    await call(suite.w.teacherA, 'POST', idPath(api.taskDelete.path, deleted.id));
    const archived = await issue(suite.w.teacherA, body({ name }));
    await suite.h.ctx.db
      .update(teachingTasks)
      .set({ scoresIssuedAt: now(), archivedAt: now() })
      .where(eq(teachingTasks.id, archived.id));

    const expected: Record<string, string[]> = {
      not_started: [notStarted.id],
      ongoing: [ongoing.id, extended.id],
      ended: [ended.id],
      canceled: [canceled.id],
      deleted: [deleted.id],
      archived: [archived.id],
    };
    for (const [status, ids] of Object.entries(expected)) {
      const res = await suite.h.app.inject({
        method: 'GET',
        url: api.taskPage.path,
        query: { status, name, pageSize: '50' },
        headers: suite.w.teacherA.headers,
      });
      const records = res.json<{ data: Page<TaskSummary> }>().data.records;
      expect(records.map((r) => r.id).sort(), status).toEqual([...ids].sort());
      expect(records.every((r) => r.status === status)).toBe(true);
    }
    const all = await suite.h.app.inject({
      method: 'GET',
      url: api.taskPage.path,
      query: { name, pageSize: '50' },
      headers: suite.w.teacherA.headers,
    });
    const ids = all.json<{ data: Page<TaskSummary> }>().data.records.map((r) => r.id);
    expect(ids).not.toContain(deleted.id);
    expect(ids[0]).toBe(archived.id);
  });

  it('lists a teacher’s own tasks, and every task of the school for its administrator', async () => {
    const name = `列表${Date.now().toString(36)}`;
    const mine = await issue(suite.w.teacherA, body({ name }));
    const theirs = await issue(suite.w.otherTeacherA, body({ name }));
    const list = async (who: Who, query: Record<string, string> = {}) =>
      (
        await suite.h.app.inject({
          method: 'GET',
          url: api.taskPage.path,
          query: { name, ...query },
          headers: who.headers,
        })
      ).json<{ data: Page<TaskSummary> }>().data;
    expect((await list(suite.w.teacherA)).records.map((r) => r.id)).toEqual([mine.id]);
    expect((await list(suite.w.managerA)).records.map((r) => r.id).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
    expect((await list(suite.w.managerA, { mine: '1' })).total).toBe(0);
    expect((await list(suite.w.teacherB)).total).toBe(0);
    expect((await list(suite.w.managerA, { kind: 'exam' })).total).toBe(0);
    expect(
      (await list(suite.w.managerA, { classId: suite.w.classId, courseId: suite.w.course.id }))
        .total,
    ).toBe(2);
    const student = await call(suite.w.students[0]!, 'GET', api.taskPage.path);
    expect(student.status).toBe(403);
  });
});

describe('cancel, delete and extend', () => {
  it('cancels a task that has not ended, not one that has', async () => {
    const t = await issue(suite.w.teacherA, body());
    const res = await call<TaskSummary>(
      suite.w.teacherA,
      'POST',
      idPath(api.taskCancel.path, t.id),
    );
    expect(res).toMatchObject({ code: 200, message: '任务已取消', data: { status: 'canceled' } });
    const ended = await issue(suite.w.teacherA, body());
    await suite.h.ctx.db
      .update(teachingTasks)
      .set({ endAt: new Date(now().getTime() - 1000) })
      .where(eq(teachingTasks.id, ended.id));
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      idPath(api.taskCancel.path, ended.id),
      undefined,
      409,
      'teaching.cancel_not_allowed',
    );
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskSave.path,
      { ...body(), id: t.id },
      409,
      'teaching.task_closed',
    );
  });

  it('deletes a task not started, canceled or archived; not an ongoing one', async () => {
    const ongoing = await issue(suite.w.teacherA, body());
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      idPath(api.taskDelete.path, ongoing.id),
      undefined,
      409,
      'teaching.delete_not_allowed',
    );
    await call(suite.w.teacherA, 'POST', idPath(api.taskCancel.path, ongoing.id));
    const res = await call(suite.w.teacherA, 'POST', idPath(api.taskDelete.path, ongoing.id));
    expect(res).toMatchObject({ code: 200, message: '删除成功', data: null });
    await refusedInBoth(
      suite.w.teacherA,
      'GET',
      idPath(api.taskDetail.path, ongoing.id),
      undefined,
      404,
      'teaching.not_found',
    );
    const [row] = await suite.h.ctx.db
      .select()
      .from(teachingTasks)
      .where(eq(teachingTasks.id, ongoing.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('extends a range to a later end for chosen students, with a notice', async () => {
    const t = await issue(suite.w.teacherA, body());
    const st = await studentTaskOf(t.id, suite.w.students[0]!);
    const url = api.taskExtend.path;
    const base = { taskId: t.id, studentTaskIds: [st.id] };
    const missing = await refusedInBoth(
      suite.w.teacherA,
      'POST',
      url,
      base,
      400,
      'teaching.extend_date_required',
    );
    expect(missing.fields).toEqual({ until: 'required' });
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      url,
      { ...base, until: new Date(now().getTime() + HOUR / 2).toISOString() },
      400,
      'teaching.extend_before_end',
    );
    const until = new Date(now().getTime() + 3 * HOUR);
    const res = await call(suite.w.teacherA, 'POST', url, { ...base, until: until.toISOString() });
    expect(res).toMatchObject({ code: 200, message: '已延长时间', data: { extended: 1 } });
    const extended = await studentTaskOf(t.id, suite.w.students[0]!);
    expect(extended.extendedUntil).toEqual(until);
    expect(
      (await noticesOf(suite.w.students[0]!.id)).some(
        (n) => n.dynamicType === 'time_extended' && n.dynamicId === extended.id,
      ),
    ).toBe(true);
    const other = await issue(suite.w.teacherA, body());
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      url,
      { taskId: other.id, studentTaskIds: [st.id], until: until.toISOString() },
      404,
      'teaching.student_task_not_found',
    );
  });

  it('extends a duration by minutes, which must be a number', async () => {
    const t = await issue(
      suite.w.teacherA,
      body({ timeType: 'duration', durationMinutes: 30, startAt: undefined, endAt: undefined }),
    );
    const st = await studentTaskOf(t.id, suite.w.students[1]!);
    const base = { taskId: t.id, studentTaskIds: [st.id] };
    await refusedInBoth(
      suite.w.teacherA,
      'POST',
      api.taskExtend.path,
      base,
      400,
      'teaching.extend_minutes_required',
    );
    const nan = await call(suite.w.teacherA, 'POST', api.taskExtend.path, {
      ...base,
      minutes: 'ten',
    });
    expect(nan).toMatchObject({ status: 400, fields: { minutes: 'invalid_format' } });
    await call(suite.w.teacherA, 'POST', api.taskExtend.path, { ...base, minutes: 15 });
    await call(suite.w.teacherA, 'POST', api.taskExtend.path, { ...base, minutes: 5 });
    expect((await studentTaskOf(t.id, suite.w.students[1]!)).extendedMinutes).toBe(20);
  });
});

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

describe('who may act on a task', () => {
  it('refuses a teacher of another school, another teacher and students every keeper route', async () => {
    const t = await issue(suite.w.teacherA, body());
    const st = await studentTaskOf(t.id, suite.w.students[0]!);
    const requests: ['GET' | 'POST', string, unknown, string][] = [
      ['GET', idPath(api.taskDetail.path, t.id), undefined, 'teaching.not_found'],
      ['POST', api.taskSave.path, { ...body(), id: t.id }, 'teaching.not_found'],
      ['POST', idPath(api.taskCancel.path, t.id), undefined, 'teaching.not_found'],
      ['POST', idPath(api.taskDelete.path, t.id), undefined, 'teaching.not_found'],
      [
        'POST',
        api.taskExtend.path,
        {
          taskId: t.id,
          studentTaskIds: [st.id],
          until: new Date(now().getTime() + 9 * HOUR).toISOString(),
        },
        'teaching.not_found',
      ],
      ['GET', idPath(api.taskStudent.path, st.id), undefined, 'teaching.student_task_not_found'],
      [
        'POST',
        api.taskScore.path,
        { studentTaskId: st.id, score: 10 },
        'teaching.student_task_not_found',
      ],
      ['POST', api.reportReturn.path, { studentTaskId: st.id }, 'teaching.student_task_not_found'],
      ['POST', idPath(api.issueScores.path, t.id), undefined, 'teaching.not_found'],
      ['POST', idPath(api.archive.path, t.id), undefined, 'teaching.not_found'],
    ];
    for (const [method, url, payload, key] of requests) {
      for (const who of [suite.w.teacherB, suite.w.managerB, suite.w.otherTeacherA])
        expect(await call(who, method, url, payload), `${url} as ${who.username}`).toMatchObject({
          status: 404,
          errorKey: key,
        });
      expect((await call(suite.w.students[0]!, method, url, payload)).status, url).toBe(403);
    }
    const before = await suite.h.ctx.db
      .select()
      .from(studentTasks)
      .where(eq(studentTasks.taskId, t.id));
    expect((await detail(suite.w.managerA, t.id)).code).toBe(200);
    expect(before.every((r) => r.score === null)).toBe(true);
    const [task] = await suite.h.ctx.db
      .select()
      .from(teachingTasks)
      .where(inArray(teachingTasks.id, [t.id]));
    expect(task).toMatchObject({ canceledAt: null, deletedAt: null, scoresIssuedAt: null });
    expect((await call(suite.w.students[0]!, 'GET', noticesApi.list.path)).code).toBe(200);
  });
});
