import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  noticesApi,
  teachingApi as api,
  UserKind,
  type MessageKey,
  type TaskSummary,
} from '@platform/contract';
import { classes, studentTasks, teachingTasks, users } from '../../db/schema';
import { HOUR, idPath, teachingSuite } from '../../test/teaching-fixture';

/** A teacher issues a task of a course to a class or to chosen students, and changes it; who may. */
const suite = teachingSuite();
const { call, issue, refusedInBoth, now, body, studentTaskOf, studentTasksOf, noticesOf, detail } =
  suite;

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
