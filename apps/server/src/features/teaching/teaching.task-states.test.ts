import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teachingApi as api, type Page, type TaskSummary } from '@platform/contract';
import { studentTasks, teachingTasks } from '../../db/schema';
import { HOUR, idPath, teachingSuite, type Who } from '../../test/teaching-fixture';

/** A task's states as the teachers' list shows them, and cancelling, deleting and extending it. */
const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf, studentTasksOf, noticesOf } = suite;

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
