import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { UserKind, type TaskKind, type TaskStatus } from '@platform/contract';
import type { Db } from '../../db/client';
import {
  classes,
  courses,
  labEnvironments,
  labScripts,
  studentTasks,
  studentTaskSteps,
  taskCheckAttempts,
  taskCommands,
  taskReports,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../../db/schema';
import { containing, queryRows, readPage } from '../../lib/sql';
import { deadlineSql, extendedEndSql, taskStatusSql } from './teaching.clock';

/** The only SQL that writes the teaching tables; reads join courses, classes and accounts. */

/** Stored codes; each is the index of its name in the contract's list of states. */
export const submitCode = { notSubmitted: 0, submitted: 1, completed: 2 } as const;
export const markCode = { unmarked: 0, marked: 1, issued: 2 } as const;
export const reportCode = { none: 0, draft: 1, submitted: 2, returned: 3 } as const;

export type TaskRow = typeof teachingTasks.$inferSelect & { extendedEnd: Date | null };
export type StudentTaskRow = typeof studentTasks.$inferSelect;
export type StepWorkRow = typeof studentTaskSteps.$inferSelect;
export type ReportRow = typeof taskReports.$inferSelect;
export type AttemptRow = typeof taskCheckAttempts.$inferSelect;

const extendedEnd = extendedEndSql.mapWith(studentTasks.extendedUntil);
/** A task of this loop, issued from a course; rows from before it (no course) are left out. */
const issued = isNotNull(teachingTasks.courseId);
const taskColumns = { ...getTableColumns(teachingTasks), extendedEnd };

/* Tasks -------------------------------------------------------------------------------------- */

export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const rows = await db
    .select(taskColumns)
    .from(teachingTasks)
    .where(and(eq(teachingTasks.id, id), issued));
  return rows[0];
}

export async function insertTask(db: Db, row: typeof teachingTasks.$inferInsert) {
  await db.insert(teachingTasks).values(row);
}

export async function updateTask(
  db: Db,
  id: string,
  set: Partial<typeof teachingTasks.$inferInsert>,
) {
  await db.update(teachingTasks).set(set).where(eq(teachingTasks.id, id));
}

/** The task's steps in the task's (the course's) order. */
export async function taskStepIds(db: Db, taskId: string): Promise<string[]> {
  const rows = await db
    .select({ stepId: teachingTaskSteps.stepId })
    .from(teachingTaskSteps)
    .where(eq(teachingTaskSteps.taskId, taskId))
    .orderBy(asc(teachingTaskSteps.position));
  return rows.map((r) => r.stepId);
}

export async function replaceTaskSteps(db: Db, taskId: string, stepIds: readonly string[]) {
  await db.delete(teachingTaskSteps).where(eq(teachingTaskSteps.taskId, taskId));
  if (stepIds.length)
    await db
      .insert(teachingTaskSteps)
      .values(stepIds.map((stepId, position) => ({ taskId, stepId, position })));
}

/** Counts of the task's students, written out against the outer `teaching_tasks`. */
const outerTaskId = sql.raw('"teaching_tasks"."id"');
const studentsWhere = (condition: SQL) =>
  sql<number>`(select count(*) from ${studentTasks} where ${studentTasks.taskId} = ${outerTaskId} and ${condition})`.mapWith(
    Number,
  );

const summaryColumns = {
  ...taskColumns,
  courseName: courses.name,
  coverKey: courses.coverKey,
  className: classes.name,
  teacherName: users.name,
  teacherUsername: users.username,
  studentCount: studentsWhere(sql`true`),
  submittedCount: studentsWhere(sql`${studentTasks.submittedAt} is not null`),
  notSubmittedCount: studentsWhere(sql`${studentTasks.submittedAt} is null`),
  scoredCount: studentsWhere(sql`${studentTasks.markStatus} >= ${markCode.marked}`),
};

export type TaskSummaryRow = TaskRow & {
  courseName: { zh?: string; en?: string } | null;
  coverKey: string | null;
  className: string | null;
  teacherName: string | null;
  teacherUsername: string | null;
  studentCount: number;
  submittedCount: number;
  notSubmittedCount: number;
  scoredCount: number;
};

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(teachingTasks)
    .leftJoin(courses, eq(courses.id, teachingTasks.courseId))
    .leftJoin(classes, eq(classes.id, teachingTasks.classId))
    .leftJoin(users, eq(users.id, teachingTasks.teacherId));
}

export async function findTaskSummary(db: Db, id: string): Promise<TaskSummaryRow | undefined> {
  const rows = await summaries(db).where(and(eq(teachingTasks.id, id), issued));
  return rows[0];
}

export interface TaskFilter {
  schoolId: string;
  /** A teacher's own tasks only. */
  teacherId?: string | undefined;
  name?: string | undefined;
  status?: TaskStatus | undefined;
  kind?: TaskKind | undefined;
  courseId?: string | undefined;
  classId?: string | undefined;
}

/** A page of tasks, newest first; deleted ones only when asked for by status. */
export function pageTasks(db: Db, f: TaskFilter, now: Date, pageNum: number, pageSize: number) {
  const where = and(
    eq(teachingTasks.schoolId, f.schoolId),
    issued,
    f.teacherId ? eq(teachingTasks.teacherId, f.teacherId) : undefined,
    containing(teachingTasks.name, f.name),
    f.status ? eq(taskStatusSql(now), f.status) : isNull(teachingTasks.deletedAt),
    f.kind ? eq(teachingTasks.kind, f.kind) : undefined,
    f.courseId ? eq(teachingTasks.courseId, f.courseId) : undefined,
    f.classId ? eq(teachingTasks.classId, f.classId) : undefined,
  );
  return readPage<TaskSummaryRow>(
    summaries(db).where(where).orderBy(desc(teachingTasks.createdAt), desc(teachingTasks.id)),
    db.select({ n: count() }).from(teachingTasks).where(where),
    pageNum,
    pageSize,
  );
}

/* Students of a task --------------------------------------------------------------------------- */

const liveStudent = (schoolId: string) =>
  and(eq(users.schoolId, schoolId), eq(users.kind, UserKind.STUDENT), isNull(users.deletedAt));

/** Of the ids, those of live students of the school. */
export async function studentsOfSchool(
  db: Db,
  schoolId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(liveStudent(schoolId), inArray(users.id, [...ids])));
  return rows.map((r) => r.id);
}

/** A class of the school that is not archived. */
export async function findLiveClass(db: Db, schoolId: string, classId: string) {
  const rows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(
      and(eq(classes.id, classId), eq(classes.schoolId, schoolId), isNull(classes.archivedAt)),
    );
  return rows[0];
}

export async function studentIdsOfClass(db: Db, schoolId: string, classId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(liveStudent(schoolId), eq(users.classId, classId)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export type StudentOfTaskRow = StudentTaskRow & {
  studentName: string | null;
  username: string | null;
  classId: string | null;
};

/** The task's student tasks with their students, by name. */
export async function studentTasksOf(db: Db, taskId: string): Promise<StudentOfTaskRow[]> {
  return db
    .select({
      ...getTableColumns(studentTasks),
      studentName: users.name,
      username: users.username,
      classId: users.classId,
    })
    .from(studentTasks)
    .leftJoin(users, eq(users.id, studentTasks.studentId))
    .where(eq(studentTasks.taskId, taskId))
    .orderBy(asc(users.username), asc(studentTasks.id));
}

export async function insertStudentTasks(db: Db, rows: (typeof studentTasks.$inferInsert)[]) {
  if (rows.length) await db.insert(studentTasks).values(rows);
}

export async function deleteStudentTasksOfTask(db: Db, taskId: string, studentIds: string[]) {
  if (!studentIds.length) return;
  await db
    .delete(studentTasks)
    .where(and(eq(studentTasks.taskId, taskId), inArray(studentTasks.studentId, studentIds)));
}

/** Of the students, those who did anything in the task. */
export async function studentsWithWork(
  db: Db,
  taskId: string,
  studentIds: string[],
): Promise<string[]> {
  if (!studentIds.length) return [];
  const rows = await db
    .select({ id: studentTasks.studentId })
    .from(studentTasks)
    .where(
      and(
        eq(studentTasks.taskId, taskId),
        inArray(studentTasks.studentId, studentIds),
        or(
          isNotNull(studentTasks.startedAt),
          ne(studentTasks.status, submitCode.notSubmitted),
          ne(studentTasks.reportStatus, reportCode.none),
          sql`exists (select 1 from ${studentTaskSteps} where ${studentTaskSteps.studentTaskId} = ${studentTasks.id})`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

export async function setAutoMax(db: Db, taskId: string, autoMax: number) {
  await db.update(studentTasks).set({ autoMax }).where(eq(studentTasks.taskId, taskId));
}

export async function updateStudentTask(
  db: Db,
  id: string,
  set: Partial<typeof studentTasks.$inferInsert>,
) {
  await db.update(studentTasks).set(set).where(eq(studentTasks.id, id));
}

/** Starts a student's clock once; answers whether this call started it. */
export async function startStudentTask(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(studentTasks)
    .set({ startedAt: at, lastActiveAt: at, updatedAt: at })
    .where(and(eq(studentTasks.id, id), isNull(studentTasks.startedAt)))
    .returning({ id: studentTasks.id });
  return rows.length > 0;
}

export async function extendStudentTasks(
  db: Db,
  ids: string[],
  by: { until: Date } | { minutes: number },
  at: Date,
) {
  await db
    .update(studentTasks)
    .set({
      ...('until' in by
        ? { extendedUntil: by.until }
        : { extendedMinutes: sql`${studentTasks.extendedMinutes} + ${by.minutes}` }),
      updatedAt: at,
    })
    .where(inArray(studentTasks.id, ids));
}

export async function countUnscored(db: Db, taskId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studentTasks)
    .where(and(eq(studentTasks.taskId, taskId), eq(studentTasks.markStatus, markCode.unmarked)));
  return row?.n ?? 0;
}

/** Issues the task's scores; answers the students, or none when they were issued before. */
export async function issueScores(
  db: Db,
  taskId: string,
  at: Date,
): Promise<{ id: string; studentId: string }[]> {
  const issued = await db
    .update(teachingTasks)
    .set({ scoresIssuedAt: at, updatedAt: at })
    .where(and(eq(teachingTasks.id, taskId), isNull(teachingTasks.scoresIssuedAt)))
    .returning({ id: teachingTasks.id });
  if (!issued.length) return [];
  const rows = await db
    .update(studentTasks)
    .set({ markStatus: markCode.issued, updatedAt: at })
    .where(eq(studentTasks.taskId, taskId))
    .returning({ id: studentTasks.id, studentId: studentTasks.studentId });
  return rows;
}

/* One student task ------------------------------------------------------------------------------ */

export type StudentTaskWithTask = StudentTaskRow & { task: TaskRow };

/** A student task with its task and its student's name. */
export async function findStudentTask(
  db: Db,
  id: string,
): Promise<
  (StudentTaskWithTask & { studentName: string | null; username: string | null }) | undefined
> {
  const rows = await db
    .select({
      st: studentTasks,
      task: teachingTasks,
      extendedEnd,
      studentName: users.name,
      username: users.username,
    })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .leftJoin(users, eq(users.id, studentTasks.studentId))
    .where(and(eq(studentTasks.id, id), issued));
  const row = rows[0];
  return (
    row && {
      ...row.st,
      task: { ...row.task, extendedEnd: row.extendedEnd },
      studentName: row.studentName,
      username: row.username,
    }
  );
}

export async function stepWorkOf(db: Db, studentTaskIds: string[]): Promise<StepWorkRow[]> {
  if (!studentTaskIds.length) return [];
  return db
    .select()
    .from(studentTaskSteps)
    .where(inArray(studentTaskSteps.studentTaskId, studentTaskIds));
}

/** The work of every student of the task, in one read. */
export async function stepWorkOfTask(db: Db, taskId: string): Promise<StepWorkRow[]> {
  return db
    .select(getTableColumns(studentTaskSteps))
    .from(studentTaskSteps)
    .innerJoin(studentTasks, eq(studentTasks.id, studentTaskSteps.studentTaskId))
    .where(eq(studentTasks.taskId, taskId));
}

type StepKey = { studentTaskId: string; stepId: string; schoolId: string };

export async function saveStepWork(
  db: Db,
  key: StepKey,
  set: Partial<Pick<StepWorkRow, 'videoSeconds' | 'completedAt'>> & { updatedAt: Date },
) {
  await db
    .insert(studentTaskSteps)
    .values({ ...key, ...set })
    .onConflictDoUpdate({
      target: [studentTaskSteps.studentTaskId, studentTaskSteps.stepId],
      set,
    });
}

/** Stores the answers of a step once; answers whether this call stored them. */
export async function saveAnswersOnce(
  db: Db,
  key: StepKey,
  set: { answers: StepWorkRow['answers']; score: number; completedAt: Date; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(studentTaskSteps)
    .values({ ...key, ...set })
    .onConflictDoUpdate({
      target: [studentTaskSteps.studentTaskId, studentTaskSteps.stepId],
      set,
      setWhere: isNull(studentTaskSteps.answers),
    })
    .returning({ stepId: studentTaskSteps.stepId });
  return rows.length > 0;
}

/**
 * Sets the student task's progress (steps done of the task's steps, in percent) and automatic
 * score (questions and best checks of those steps) from its step rows, and what the steps give
 * at most.
 */
export async function refreshProgress(
  db: Db,
  studentTaskId: string,
  taskId: string,
  autoMax: number,
  at: Date,
) {
  const ofTask = sql`${studentTaskSteps.studentTaskId} = ${studentTaskId} and ${studentTaskSteps.stepId} in (select ${teachingTaskSteps.stepId} from ${teachingTaskSteps} where ${teachingTaskSteps.taskId} = ${taskId})`;
  const total = sql`(select count(*) from ${teachingTaskSteps} where ${teachingTaskSteps.taskId} = ${taskId})`;
  await db
    .update(studentTasks)
    .set({
      progress: sql`coalesce((select round(100.0 * count(*) / nullif(${total}, 0)) from ${studentTaskSteps} where ${ofTask} and ${studentTaskSteps.completedAt} is not null), 0)`,
      autoScore: sql`(select coalesce(sum(coalesce(${studentTaskSteps.score}, 0) + coalesce(${studentTaskSteps.checkScore}, 0)), 0) from ${studentTaskSteps} where ${ofTask})`,
      autoMax,
      lastActiveAt: at,
      updatedAt: at,
    })
    .where(eq(studentTasks.id, studentTaskId));
}

/* Reports -------------------------------------------------------------------------------------- */

export async function findReport(db: Db, studentTaskId: string): Promise<ReportRow | undefined> {
  const rows = await db
    .select()
    .from(taskReports)
    .where(eq(taskReports.studentTaskId, studentTaskId));
  return rows[0];
}

/**
 * Writes the report unless a higher revision is stored; answers the row written, or nothing when
 * the stored one is newer.
 */
export async function saveReport(
  db: Db,
  row: typeof taskReports.$inferInsert & { revision: number },
): Promise<ReportRow | undefined> {
  const { studentTaskId: _id, schoolId: _school, ...set } = row;
  const rows = await db
    .insert(taskReports)
    .values(row)
    .onConflictDoUpdate({
      target: taskReports.studentTaskId,
      set,
      setWhere: sql`${taskReports.revision} <= ${row.revision}`,
    })
    .returning();
  return rows[0];
}

/* Check attempts and commands ------------------------------------------------------------------ */

export async function latestAttempt(db: Db, studentTaskId: string, stepId: string) {
  const rows = await db
    .select()
    .from(taskCheckAttempts)
    .where(
      and(eq(taskCheckAttempts.studentTaskId, studentTaskId), eq(taskCheckAttempts.stepId, stepId)),
    )
    .orderBy(desc(taskCheckAttempts.createdAt), desc(taskCheckAttempts.id))
    .limit(1);
  return rows[0];
}

const ATTEMPTS_SHOWN = 500;
const COMMANDS_SHOWN = 5000;

export async function attemptsOf(db: Db, studentTaskId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(taskCheckAttempts)
    .where(eq(taskCheckAttempts.studentTaskId, studentTaskId))
    .orderBy(desc(taskCheckAttempts.createdAt), desc(taskCheckAttempts.id))
    .limit(ATTEMPTS_SHOWN);
}

export async function commandsOf(db: Db, studentTaskId: string) {
  return db
    .select({ at: taskCommands.at, line: taskCommands.line })
    .from(taskCommands)
    .where(eq(taskCommands.studentTaskId, studentTaskId))
    .orderBy(asc(taskCommands.at), asc(taskCommands.id))
    .limit(COMMANDS_SHOWN);
}

/** Keeps an attempt, and the step's best check score so far and what its checks give. */
export async function insertAttempt(db: Db, row: typeof taskCheckAttempts.$inferInsert) {
  await db.transaction(async (tx) => {
    await tx.insert(taskCheckAttempts).values(row);
    await tx
      .insert(studentTaskSteps)
      .values({
        studentTaskId: row.studentTaskId,
        stepId: row.stepId,
        schoolId: row.schoolId,
        checkScore: row.score,
        checkMax: row.max,
        ...(row.score >= row.max ? { completedAt: row.createdAt } : {}),
        updatedAt: row.createdAt!,
      })
      .onConflictDoUpdate({
        target: [studentTaskSteps.studentTaskId, studentTaskSteps.stepId],
        set: {
          checkScore: sql`greatest(coalesce(${studentTaskSteps.checkScore}, 0), ${row.score})`,
          checkMax: row.max,
          ...(row.score >= row.max
            ? {
                completedAt: sql`coalesce(${studentTaskSteps.completedAt}, ${row.createdAt!.toISOString()}::timestamptz)`,
              }
            : {}),
          updatedAt: row.createdAt!,
        },
      });
  });
}

export async function insertCommands(db: Db, rows: (typeof taskCommands.$inferInsert)[]) {
  if (rows.length) await db.insert(taskCommands).values(rows);
}

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

/* The exam deadline ---------------------------------------------------------------------------- */

const DUE_BATCH = 500;

/** Student tasks of exams whose deadline passed and that are still open. */
export async function dueExamStudentTasks(db: Db, now: Date) {
  return db
    .select({
      id: studentTasks.id,
      studentId: studentTasks.studentId,
      taskId: teachingTasks.id,
      courseId: teachingTasks.courseId,
      envIds: teachingTasks.envIds,
    })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(
      and(
        eq(teachingTasks.kind, 'exam'),
        issued,
        isNull(teachingTasks.deletedAt),
        isNull(teachingTasks.canceledAt),
        isNull(teachingTasks.archivedAt),
        isNull(teachingTasks.scoresIssuedAt),
        eq(studentTasks.status, submitCode.notSubmitted),
        isNull(studentTasks.closedAt),
        lt(deadlineSql, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(asc(studentTasks.id))
    .limit(DUE_BATCH);
}

/**
 * Submits open student tasks as they are: the saved report draft becomes the submitted report; a
 * student the teacher scored already is completed. `closed` says the deadline submitted them.
 * Answers the ids submitted and whether their report was submitted with them.
 */
export async function submitStudentTasks(
  db: Db,
  ids: string[],
  at: Date,
  closed: boolean,
): Promise<{ id: string; reportSubmitted: boolean }[]> {
  if (!ids.length) return [];
  const drafts = sql.join([reportCode.draft, reportCode.returned], sql`, `);
  const submitted = await db
    .update(studentTasks)
    .set({
      status: sql`(case when ${studentTasks.markStatus} >= ${markCode.marked} then ${submitCode.completed} else ${submitCode.submitted} end)::smallint`,
      submittedAt: at,
      ...(closed ? { closedAt: at } : {}),
      reportStatus: sql`case when ${studentTasks.reportStatus} in (${drafts}) then ${reportCode.submitted} else ${studentTasks.reportStatus} end`,
      lastActiveAt: at,
      updatedAt: at,
    })
    .where(
      and(
        inArray(studentTasks.id, ids),
        eq(studentTasks.status, submitCode.notSubmitted),
        isNull(studentTasks.closedAt),
      ),
    )
    .returning({ id: studentTasks.id, reportStatus: studentTasks.reportStatus });
  const reports = submitted.filter((r) => r.reportStatus === reportCode.submitted).map((r) => r.id);
  const newlySubmitted = reports.length
    ? await db
        .update(taskReports)
        .set({ submittedAt: at })
        .where(and(inArray(taskReports.studentTaskId, reports), isNull(taskReports.submittedAt)))
        .returning({ id: taskReports.studentTaskId })
    : [];
  const withReport = new Set(newlySubmitted.map((r) => r.id));
  return submitted.map((r) => ({ id: r.id, reportSubmitted: withReport.has(r.id) }));
}

/* The dashboard -------------------------------------------------------------------------------- */

export interface DashboardScope {
  schoolId: string;
  teacherId?: string | undefined;
  since: Date | null;
}

/** The tasks a dashboard counts: the scope's, neither canceled nor deleted, within the period. */
function dashboardTasks(scope: DashboardScope): SQL {
  return and(
    eq(teachingTasks.schoolId, scope.schoolId),
    issued,
    scope.teacherId ? eq(teachingTasks.teacherId, scope.teacherId) : undefined,
    isNull(teachingTasks.deletedAt),
    isNull(teachingTasks.canceledAt),
    scope.since ? gte(teachingTasks.createdAt, scope.since) : undefined,
  )!;
}

export async function dashboardTotals(db: Db, scope: DashboardScope) {
  const where = dashboardTasks(scope);
  const [tasks] = await db
    .select({
      taskCount: count(),
      courseCount: sql<number>`count(distinct ${teachingTasks.courseId})`.mapWith(Number),
    })
    .from(teachingTasks)
    .where(where);
  const [people] = await db
    .select({
      studentCount: sql<number>`count(distinct ${studentTasks.studentId})`.mapWith(Number),
      classCount: sql<number>`count(distinct ${users.classId})`.mapWith(Number),
    })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .leftJoin(users, eq(users.id, studentTasks.studentId))
    .where(where);
  return {
    taskCount: tasks?.taskCount ?? 0,
    courseCount: tasks?.courseCount ?? 0,
    studentCount: people?.studentCount ?? 0,
    classCount: people?.classCount ?? 0,
  };
}

export async function dashboardStatuses(db: Db, scope: DashboardScope, now: Date) {
  return db
    .select({ status: taskStatusSql(now), count: count() })
    .from(teachingTasks)
    .where(dashboardTasks(scope))
    .groupBy(sql`1`);
}

/**
 * Students by their average progress over the period's tasks, as a count per whole percent (at
 * most 101 rows), for the bands to be summed from.
 */
export async function participationHistogram(db: Db, scope: DashboardScope) {
  const perStudent = db
    .select({
      percent: sql<number>`floor(avg(${studentTasks.progress}))`.as('percent'),
    })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(dashboardTasks(scope))
    .groupBy(studentTasks.studentId)
    .as('per_student');
  return db
    .select({
      percent: sql<number>`${perStudent.percent}`.mapWith(Number),
      count: count(),
    })
    .from(perStudent)
    .groupBy(perStudent.percent);
}

/** The best students by their average score of the period's scored tasks. */
export async function topStudents(db: Db, scope: DashboardScope, limit: number) {
  const average = sql<number>`round(avg(${studentTasks.score}), 1)`.mapWith(Number);
  return db
    .select({ id: studentTasks.studentId, name: users.name, username: users.username, average })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .leftJoin(users, eq(users.id, studentTasks.studentId))
    .where(and(dashboardTasks(scope), isNotNull(studentTasks.score)))
    .groupBy(studentTasks.studentId, users.name, users.username)
    .orderBy(desc(average), asc(studentTasks.studentId))
    .limit(limit);
}

/** The classes whose students went furthest in the period's tasks, by average progress. */
export async function topClasses(db: Db, scope: DashboardScope, limit: number) {
  const average = sql<number>`round(avg(${studentTasks.progress}), 1)`.mapWith(Number);
  return db
    .select({ id: classes.id, name: classes.name, average })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .innerJoin(users, eq(users.id, studentTasks.studentId))
    .innerJoin(classes, eq(classes.id, users.classId))
    .where(dashboardTasks(scope))
    .groupBy(classes.id, classes.name)
    .orderBy(desc(average), asc(classes.id))
    .limit(limit);
}

/** Submissions of the scope's tasks since `from`, per day or per month (UTC). */
export async function submissionsPer(
  db: Db,
  scope: DashboardScope,
  unit: 'day' | 'month',
  from: Date | null,
) {
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const at = sql<string>`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${studentTasks.submittedAt} at time zone 'UTC'), ${sql.raw(`'${format}'`)})`;
  return db
    .select({ at, count: count() })
    .from(studentTasks)
    .innerJoin(teachingTasks, eq(teachingTasks.id, studentTasks.taskId))
    .where(
      and(
        dashboardTasks({ ...scope, since: null }),
        isNotNull(studentTasks.submittedAt),
        from ? gte(studentTasks.submittedAt, from) : undefined,
      ),
    )
    .groupBy(at)
    .orderBy(sql`1`);
}

/* Other features ------------------------------------------------------------------------------- */

/** Deletes the student tasks (training data) of these students; answers how many went. */
export async function deleteStudentTasks(
  db: Db,
  schoolId: string,
  studentIds: string[],
): Promise<number> {
  if (studentIds.length === 0) return 0;
  const rows = await db
    .delete(studentTasks)
    .where(and(eq(studentTasks.schoolId, schoolId), inArray(studentTasks.studentId, studentIds)))
    .returning({ id: studentTasks.id });
  return rows.length;
}

/**
 * Students of live teaching tasks starting between `from` and `to` who have no lab of the task's
 * environments yet, by environment.
 */
export async function labDemand(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await queryRows<{ env_id: string; students: number }>(
    db,
    sql`select e.env_id, count(distinct st.student_id)::int as students
        from ${teachingTasks} t
        cross join lateral jsonb_array_elements_text(t.env_ids) as e(env_id)
        join ${studentTasks} st on st.task_id = t.id
        where t.start_at > ${from.toISOString()}::timestamptz
          and t.start_at <= ${to.toISOString()}::timestamptz
          and t.canceled_at is null and t.deleted_at is null
          and not exists (
            select 1 from lab_containers c
            where c.user_id = st.student_id and c.env_id::text = e.env_id
          )
        group by e.env_id`,
  );
  return new Map(rows.map((r) => [String(r.env_id), Number(r.students)]));
}
