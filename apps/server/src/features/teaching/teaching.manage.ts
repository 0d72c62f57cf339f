import {
  teachingLimits,
  type Lang,
  type TaskDetail,
  type TaskStatus,
  type TaskSummary,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, invalid, notFoundOn } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { environmentsOf, findCourse, resourcesOf, stepsOf } from '../courses/courses.service';
import { requireReadable } from '../courses/courses.policy';
import { activeLabsOf } from '../labs/labs.student-labs';
import type { LabRuntime } from '../labs/labs.runtime';
import { notify } from '../notices/notices.service';
import { deadlineOf, isClosed, taskStatusOf } from './teaching.clock';
import { requireKeptTask, requireTaskKeeper } from './teaching.policy';
import { presentResource } from '../courses/courses.resources';
import * as tasksRepo from './teaching.repo';
import * as studentTasksRepo from './teaching.student-tasks.repo';

import {
  sameList,
  autoMaxOf,
  recipientsOf,
  chapterViews,
  type TaskSaveIn,
  type TaskPageQuery,
  type TaskExtendIn,
  type Page,
  type TeachingLabs,
  type TaskReader,
} from './teaching.read';

/** The teachers' side: tasks listed, issued, changed, extended, canceled, removed and archived. */
export class TaskManagement {
  private readonly labs: LabRuntime;

  constructor(
    private readonly ctx: AppContext,
    private readonly read: TaskReader,
    lab: TeachingLabs,
  ) {
    this.labs = lab.runtime;
  }

  async page(actor: Actor, q: TaskPageQuery, lang: Lang): Promise<Page<TaskSummary>> {
    const keeper = requireTaskKeeper(actor);
    const now = this.ctx.now();
    const own = !keeper.manager || q.mine === '1';
    const { records, total } = await tasksRepo.pageTasks(
      this.ctx.db,
      {
        schoolId: keeper.schoolId,
        teacherId: own ? keeper.userId : undefined,
        name: q.name,
        status: q.status,
        kind: q.kind,
        courseId: q.courseId,
        classId: q.classId,
      },
      now,
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) => this.read.summaryOf(r, lang, now)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async detail(actor: Actor, id: string, lang: Lang): Promise<TaskDetail> {
    const keeper = requireTaskKeeper(actor);
    const { db } = this.ctx;
    const row = requireKeptTask(keeper, await tasksRepo.findTaskSummary(db, id));
    const now = this.ctx.now();
    const stepIds = await tasksRepo.taskStepIds(db, id);
    const [chapters, steps, students, work, envIds, courseEnvs, resources] = await Promise.all([
      this.read.chaptersOf(row, stepIds),
      this.read.stepsOfTask(row, stepIds),
      studentTasksRepo.studentTasksOf(db, id),
      studentTasksRepo.stepWorkOfTask(db, id),
      this.read.envIdsOf(row),
      environmentsOf(db, row.courseId!),
      resourcesOf(db, row.courseId!),
    ]);
    return {
      ...this.read.summaryOf(row, lang, now),
      requirements: row.requirements,
      stepIds,
      studentIds: students.map((s) => s.studentId),
      envIds: row.envIds,
      resourceIds: row.resourceIds,
      chapters: chapterViews(chapters, lang),
      environments: courseEnvs.filter((e) => envIds.includes(e.id)),
      resources: resources.filter((r) => row.resourceIds.includes(r.id)).map(presentResource),
      students: students.map((st) =>
        this.read.progressOf(
          st,
          row,
          steps,
          work,
          activeLabsOf(this.labs, st.studentId, envIds).length > 0,
          now,
        ),
      ),
    };
  }

  /**
   * Issues a task (no id): its students get their student tasks and a notice. With an id it
   * updates under decision 0025's rules. Answers the summary and whether it was issued now.
   */
  async save(
    actor: Actor,
    body: TaskSaveIn,
    lang: Lang,
  ): Promise<{ summary: TaskSummary; issued: boolean }> {
    const keeper = requireTaskKeeper(actor);
    const { db, ids } = this.ctx;
    const now = this.ctx.now();
    const existing = body.id
      ? requireKeptTask(keeper, await tasksRepo.findTask(db, body.id))
      : undefined;
    if (existing?.archivedAt) throw conflict('teaching.archived_readonly');
    if (existing?.canceledAt) throw conflict('teaching.task_closed');

    const course = requireReadable(await findCourse(db, body.courseId), keeper.schoolId);
    const outline = await this.read.courses.orderedOutline(course);
    const order = outline.flatMap((c) => c.steps.map((s) => s.id));
    const chosen = new Set(body.stepIds);
    if ([...chosen].some((id) => !order.includes(id)))
      throw invalid('teaching.step_not_in_course', { stepIds: 'invalid_value' });
    const stepIds = order.filter((id) => chosen.has(id));
    const [courseEnvs, courseResources, courseSteps] = await Promise.all([
      environmentsOf(db, course.id),
      resourcesOf(db, course.id),
      stepsOf(db, course.id),
    ]);
    const envIds = [...new Set(body.envIds)];
    if (envIds.some((id) => !courseEnvs.some((e) => e.id === id)))
      throw invalid('teaching.env_not_in_course', { envIds: 'invalid_value' });
    const resourceIds = [...new Set(body.resourceIds)];
    if (resourceIds.some((id) => !courseResources.some((r) => r.id === id)))
      throw invalid('teaching.resource_not_in_course', { resourceIds: 'invalid_value' });
    const studentIds = await this.studentsOfSave(keeper.schoolId, body);
    const steps = courseSteps.filter((s) => chosen.has(s.id));
    const autoMax = autoMaxOf(steps);
    if (autoMax > teachingLimits.taskScoreMax)
      throw new AppError('teaching.task_score_too_high', {
        status: 400,
        fields: { stepIds: 'above_limit' },
        params: { max: teachingLimits.taskScoreMax },
      });

    const range = body.timeType === 'range';
    const fields = {
      name: body.name,
      kind: body.kind,
      courseId: course.id,
      classId: body.classId ?? null,
      timeType: body.timeType,
      durationMinutes: range ? null : body.durationMinutes!,
      startAt: range ? new Date(body.startAt!) : (existing?.createdAt ?? now),
      endAt: range ? new Date(body.endAt!) : null,
      requirements: body.requirements ?? '',
      envIds,
      resourceIds,
      hasReport: steps.some((s) => s.type === 'report'),
      updatedAt: now,
    };
    const studentRow = (taskId: string) => (studentId: string) => ({
      id: ids.next(),
      schoolId: keeper.schoolId,
      taskId,
      studentId,
      autoMax,
      createdAt: now,
      updatedAt: now,
    });
    const notice = { name: body.name };
    /** Gives the students their tasks and tells them, in the task's transaction. */
    const issueTo = async (tx: typeof db, rows: ReturnType<ReturnType<typeof studentRow>>[]) => {
      await studentTasksRepo.insertStudentTasks(tx, rows);
      await notify(
        { ...this.ctx, db: tx },
        recipientsOf(rows),
        'task_issued',
        notice,
        keeper.schoolId,
      );
    };

    if (!existing) {
      const id = ids.next();
      await db.transaction(async (tx) => {
        await tasksRepo.insertTask(tx, {
          id,
          schoolId: keeper.schoolId,
          teacherId: keeper.userId,
          createdAt: now,
          ...fields,
        });
        await tasksRepo.replaceTaskSteps(tx, id, stepIds);
        await issueTo(tx, studentIds.map(studentRow(id)));
      });
      return { summary: await this.read.summary(id, lang), issued: true };
    }

    const id = existing.id;
    const stepsBefore = await tasksRepo.taskStepIds(db, id);
    const stepsChanged = existing.courseId !== course.id || !sameList(stepsBefore, stepIds);
    if (stepsChanged && taskStatusOf(existing, now) !== 'not_started')
      throw conflict('teaching.steps_locked', { stepIds: 'invalid_value' });
    const before = (await studentTasksRepo.studentTasksOf(db, id)).map((s) => s.studentId);
    const removed = before.filter((s) => !studentIds.includes(s));
    const added = studentIds.filter((s) => !before.includes(s));
    if ((await studentTasksRepo.studentsWithWork(db, id, removed)).length)
      throw conflict('teaching.student_has_work', { studentIds: 'invalid_value' });
    await db.transaction(async (tx) => {
      await tasksRepo.updateTask(tx, id, fields);
      if (stepsChanged) {
        await tasksRepo.replaceTaskSteps(tx, id, stepIds);
        await studentTasksRepo.setAutoMax(tx, id, autoMax);
      }
      await studentTasksRepo.deleteStudentTasksOfTask(tx, id, removed);
      await issueTo(tx, added.map(studentRow(id)));
    });
    return { summary: await this.read.summary(id, lang), issued: false };
  }

  /** The students a save names: the class's and those chosen, each a live student of the school. */
  private async studentsOfSave(schoolId: string, body: TaskSaveIn): Promise<string[]> {
    const { db } = this.ctx;
    let ofClass: string[] = [];
    if (body.classId) {
      if (!(await tasksRepo.findLiveClass(db, schoolId, body.classId)))
        throw notFoundOn('teaching.class_not_found', 'classId');
      ofClass = await tasksRepo.studentIdsOfClass(db, schoolId, body.classId);
    }
    const named = [...new Set(body.studentIds ?? [])];
    if ((await tasksRepo.studentsOfSchool(db, schoolId, named)).length !== named.length)
      throw notFoundOn('teaching.student_not_found', 'studentIds');
    const all = [...new Set([...ofClass, ...named])];
    if (!all.length) throw invalid('teaching.students_required', { classId: 'required' });
    if (all.length > teachingLimits.studentsMax)
      throw new AppError('teaching.too_many_students', {
        status: 400,
        fields: { studentIds: 'too_long' },
        params: { max: teachingLimits.studentsMax },
      });
    return all;
  }

  /** Cancels a task that has not ended. */
  async cancel(actor: Actor, id: string, lang: Lang): Promise<TaskSummary> {
    const { task } = await this.read.keptTask(actor, id);
    const now = this.ctx.now();
    const status = taskStatusOf(task, now);
    if (status !== 'not_started' && status !== 'ongoing')
      throw conflict('teaching.cancel_not_allowed');
    await tasksRepo.updateTask(this.ctx.db, id, { canceledAt: now, updatedAt: now });
    return this.read.summary(id, lang);
  }

  /** Deletes (marks deleted) a task that has not started, was canceled or is archived. */
  async remove(actor: Actor, id: string): Promise<void> {
    const { task } = await this.read.keptTask(actor, id);
    const now = this.ctx.now();
    const deletable: TaskStatus[] = ['not_started', 'canceled', 'archived'];
    if (!deletable.includes(taskStatusOf(task, now))) throw conflict('teaching.delete_not_allowed');
    await tasksRepo.updateTask(this.ctx.db, id, { deletedAt: now, updatedAt: now });
  }

  /** More time for some of the task's students: a later end (range) or minutes (duration). */
  async extend(actor: Actor, body: TaskExtendIn): Promise<{ extended: number }> {
    const { keeper, task } = await this.read.keptTask(actor, body.taskId);
    if (isClosed(task)) throw conflict('teaching.task_closed');
    const chosen = new Set(body.studentTaskIds);
    const students = (await studentTasksRepo.studentTasksOf(this.ctx.db, task.id)).filter((s) =>
      chosen.has(s.id),
    );
    if (students.length !== chosen.size)
      throw notFoundOn('teaching.student_task_not_found', 'studentTaskIds');
    let by: { until: Date } | { minutes: number };
    if (task.timeType === 'range') {
      if (!body.until) throw invalid('teaching.extend_date_required', { until: 'required' });
      const until = new Date(body.until);
      if (students.some((s) => until <= (deadlineOf(task, s) ?? until)))
        throw invalid('teaching.extend_before_end', { until: 'invalid_value' });
      by = { until };
    } else {
      if (body.minutes === undefined)
        throw invalid('teaching.extend_minutes_required', { minutes: 'required' });
      by = { minutes: body.minutes };
    }
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      await studentTasksRepo.extendStudentTasks(
        tx,
        students.map((s) => s.id),
        by,
        now,
      );
      await notify(
        { ...this.ctx, db: tx },
        recipientsOf(students),
        'time_extended',
        { name: task.name },
        keeper.schoolId,
      );
    });
    return { extended: students.length };
  }

  async archive(actor: Actor, id: string, lang: Lang): Promise<TaskSummary> {
    const { task } = await this.read.keptTask(actor, id);
    if (!task.scoresIssuedAt) throw conflict('teaching.issue_before_archive');
    if (!task.archivedAt) {
      const now = this.ctx.now();
      await tasksRepo.updateTask(this.ctx.db, id, { archivedAt: now, updatedAt: now });
    }
    return this.read.summary(id, lang);
  }
}
