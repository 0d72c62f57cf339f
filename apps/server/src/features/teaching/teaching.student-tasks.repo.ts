import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  studentTasks,
  studentTaskSteps,
  taskReports,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../../db/schema';
import { deadlineSql } from './teaching.clock';
import {
  extendedEnd,
  issued,
  markCode,
  reportCode,
  submitCode,
  type TaskRow,
} from './teaching.repo';

/** The student tasks: who a task is issued to, their clocks, their work per step and scores. */

export type StudentTaskRow = typeof studentTasks.$inferSelect;
export type StepWorkRow = typeof studentTaskSteps.$inferSelect;

/* The students of a task ----------------------------------------------------------------------- */

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
