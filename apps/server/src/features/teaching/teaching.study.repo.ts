import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { TaskKind } from '@platform/contract';
import type { Db } from '../../db/client';
import {
  courses,
  labEnvironments,
  labScripts,
  studentTasks,
  taskReports,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../../db/schema';
import { containing, readPage } from '../../lib/sql';
import { deadlineSql } from './teaching.clock';
import { extendedEnd, issued, submitCode, taskColumns, type TaskRow } from './teaching.repo';
import type { StudentTaskRow, StudentTaskWithTask } from './teaching.student-tasks.repo';

/** A student's own tasks: their lists, open exams, and what they hold back from self-study. */

/* Open exams ----------------------------------------------------------------------------------- */

/** The student's exams open for work, with the environments they give. */
export async function openExamsOf(db: Db, studentId: string, now: Date) {
  return db
    .select({
      id: studentTasks.id,
      schoolId: studentTasks.schoolId,
      courseId: teachingTasks.courseId,
      envIds: teachingTasks.envIds,
    })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(
      and(
        eq(studentTasks.studentId, studentId),
        eq(teachingTasks.kind, 'exam'),
        isNull(teachingTasks.deletedAt),
        isNull(teachingTasks.canceledAt),
        isNull(teachingTasks.archivedAt),
        isNull(teachingTasks.scoresIssuedAt),
        lte(teachingTasks.startAt, now),
        eq(studentTasks.status, submitCode.notSubmitted),
        isNull(studentTasks.closedAt),
      ),
    );
}

/* What tasks hold back from self-study (decision 0040) ------------------------------------------ */

/** A task of the student that is neither canceled nor deleted and whose scores are not issued. */
const unreleasedOf = (studentId: string) =>
  and(
    eq(studentTasks.studentId, studentId),
    issued,
    isNull(teachingTasks.deletedAt),
    isNull(teachingTasks.canceledAt),
    isNull(teachingTasks.scoresIssuedAt),
  );

/** Of the steps, those the student's unreleased tasks use, with the kind of each such task. */
export async function unreleasedStepsOf(
  db: Db,
  studentId: string,
  stepIds: readonly string[],
): Promise<{ stepId: string; kind: string }[]> {
  if (!stepIds.length) return [];
  return db
    .select({ stepId: teachingTaskSteps.stepId, kind: teachingTasks.kind })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .innerJoin(teachingTaskSteps, eq(teachingTaskSteps.taskId, teachingTasks.id))
    .where(and(unreleasedOf(studentId), inArray(teachingTaskSteps.stepId, [...stepIds])));
}

/** The resources each unreleased exam of the student gives. */
export async function unreleasedExamResourcesOf(db: Db, studentId: string): Promise<string[][]> {
  const rows = await db
    .select({ resourceIds: teachingTasks.resourceIds })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(and(unreleasedOf(studentId), eq(teachingTasks.kind, 'exam')));
  return rows.map((r) => r.resourceIds);
}

/** The student's tasks, neither canceled nor deleted, that give the resource. */
export async function studentTasksGiving(
  db: Db,
  studentId: string,
  resourceId: string,
): Promise<StudentTaskWithTask[]> {
  const rows = await db
    .select({ st: studentTasks, task: teachingTasks, extendedEnd })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(
      and(
        eq(studentTasks.studentId, studentId),
        issued,
        isNull(teachingTasks.deletedAt),
        isNull(teachingTasks.canceledAt),
        sql`${teachingTasks.resourceIds} @> ${JSON.stringify([resourceId])}::jsonb`,
      ),
    );
  return rows.map((r) => ({ ...r.st, task: { ...r.task, extendedEnd: r.extendedEnd } }));
}

/* Environments --------------------------------------------------------------------------------- */

/** Environments with their first script, as the students' task detail names them. */
export async function environmentsWithScript(db: Db, envIds: readonly string[]) {
  if (!envIds.length) return [];
  const outerEnvId = sql.raw('"lab_environments"."id"');
  return db
    .select({
      id: labEnvironments.id,
      code: labEnvironments.code,
      name: labEnvironments.name,
      kind: labEnvironments.resourceKind,
      scriptId: sql<
        string | null
      >`(select ${labScripts.id}::text from ${labScripts} where ${labScripts.envId} = ${outerEnvId} order by ${labScripts.createdAt}, ${labScripts.id} limit 1)`,
    })
    .from(labEnvironments)
    .where(inArray(labEnvironments.id, [...envIds]));
}

/* The students' lists -------------------------------------------------------------------------- */

const ownColumns = {
  ...getTableColumns(studentTasks),
  task: taskColumns,
  courseName: courses.name,
  coverKey: courses.coverKey,
  teacherName: users.name,
  teacherUsername: users.username,
};

export type OwnTaskRow = StudentTaskRow & {
  task: TaskRow;
  courseName: { zh?: string; en?: string } | null;
  coverKey: string | null;
  teacherName: string | null;
  teacherUsername: string | null;
};

function ownTasks<E extends SelectedFields>(db: Db, extra: E = {} as E) {
  return db
    .select({ ...ownColumns, ...extra })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .leftJoin(courses, eq(courses.id, teachingTasks.courseId))
    .leftJoin(users, eq(users.id, teachingTasks.teacherId));
}

/** A student's tasks that are neither canceled nor deleted. */
const visibleOf = (studentId: string) =>
  and(
    eq(studentTasks.studentId, studentId),
    issued,
    isNull(teachingTasks.deletedAt),
    isNull(teachingTasks.canceledAt),
  );

function countOwnTasks(db: Db, where: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(where);
}

export interface OwnTaskFilter {
  status?: number | undefined;
  courseId?: string | undefined;
  name?: string | undefined;
  hasReport?: boolean | undefined;
  kinds?: readonly TaskKind[] | undefined;
}

/**
 * A page of a student's tasks with the count of all of them in one statement (a window count);
 * only a page past the end asks for the count on its own.
 */
export async function pageOwnTasks(
  db: Db,
  studentId: string,
  f: OwnTaskFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ records: OwnTaskRow[]; total: number }> {
  const where = and(
    visibleOf(studentId),
    f.status !== undefined ? eq(studentTasks.status, f.status) : undefined,
    f.courseId ? eq(teachingTasks.courseId, f.courseId) : undefined,
    containing(teachingTasks.name, f.name),
    f.hasReport !== undefined ? eq(teachingTasks.hasReport, f.hasReport) : undefined,
    f.kinds ? inArray(teachingTasks.kind, [...f.kinds]) : undefined,
  );
  const rows = await ownTasks(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(where)
    .orderBy(desc(studentTasks.createdAt), desc(studentTasks.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const total = rows[0]?.total ?? (pageNum > 1 ? ((await countOwnTasks(db, where))[0]?.n ?? 0) : 0);
  return { records: rows.map(({ total: _total, ...row }) => row), total };
}

export async function findOwnTask(db: Db, id: string): Promise<OwnTaskRow | undefined> {
  const rows = await ownTasks(db).where(and(eq(studentTasks.id, id), issued));
  return rows[0];
}

/** How many of the student's tasks are in each state. */
export async function ownCounts(db: Db, studentId: string) {
  const counted = (code: number) =>
    sql<number>`count(*) filter (where ${studentTasks.status} = ${code})`.mapWith(Number);
  const [row] = await db
    .select({
      notSubmitted: counted(submitCode.notSubmitted),
      submitted: counted(submitCode.submitted),
      completed: counted(submitCode.completed),
    })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(visibleOf(studentId));
  return row ?? { notSubmitted: 0, submitted: 0, completed: 0 };
}

/** The student's open tasks whose deadline comes soonest. */
export async function dueSoon(db: Db, studentId: string, now: Date, limit: number) {
  const deadline = deadlineSql.mapWith(teachingTasks.endAt);
  return ownTasks(db)
    .where(
      and(
        visibleOf(studentId),
        eq(studentTasks.status, submitCode.notSubmitted),
        isNull(teachingTasks.archivedAt),
        isNull(teachingTasks.scoresIssuedAt),
        sql`${deadline} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(deadline), asc(studentTasks.id))
    .limit(limit);
}

export interface OwnReportFilter {
  name?: string | undefined;
  status?: number | undefined;
}

/** The student's tasks with a report step, as the report list shows them. */
export function pageOwnReports(
  db: Db,
  studentId: string,
  f: OwnReportFilter,
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    visibleOf(studentId),
    eq(teachingTasks.hasReport, true),
    containing(teachingTasks.name, f.name),
    f.status !== undefined ? eq(studentTasks.reportStatus, f.status) : undefined,
  );
  /** A column of the student task's report, or null without one. */
  const ofReport = <T>(column: AnyColumn) =>
    sql`(select ${column} from ${taskReports} where ${taskReports.studentTaskId} = ${studentTasks.id})`.mapWith(
      column,
    ) as SQL<T | null>;
  return readPage(
    ownTasks(db, {
      length: ofReport<number>(taskReports.length),
      savedAt: ofReport<Date>(taskReports.savedAt),
      reportSubmittedAt: ofReport<Date>(taskReports.submittedAt),
    })
      .where(where)
      .orderBy(desc(studentTasks.createdAt), desc(studentTasks.id)),
    countOwnTasks(db, where),
    pageNum,
    pageSize,
  );
}
