import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import { UserKind, type TaskKind, type TaskStatus } from '@platform/contract';
import type { Db } from '../../db/client';
import {
  classes,
  courses,
  studentTasks,
  teachingTasks,
  teachingTaskSteps,
  users,
} from '../../db/schema';
import { containing, queryRows, readPage } from '../../lib/sql';
import { extendedEndSql, taskStatusSql } from './teaching.clock';

/**
 * The teaching repos (this one and `teaching.<aggregate>.repo.ts` beside it) are the only SQL that
 * writes the teaching tables; reads join courses, classes and accounts. This one holds the tasks
 * themselves and the students they are issued to.
 */

/** Stored codes; each is the index of its name in the contract's list of states. */
export const submitCode = { notSubmitted: 0, submitted: 1, completed: 2 } as const;
export const markCode = { unmarked: 0, marked: 1, issued: 2 } as const;
export const reportCode = { none: 0, draft: 1, submitted: 2, returned: 3 } as const;

export type TaskRow = typeof teachingTasks.$inferSelect & { extendedEnd: Date | null };

export const extendedEnd = extendedEndSql.mapWith(studentTasks.extendedUntil);
/** A task of this loop, issued from a course; rows from before it (no course) are left out. */
export const issued = isNotNull(teachingTasks.courseId);
export const taskColumns = { ...getTableColumns(teachingTasks), extendedEnd };

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

/* Students a task can be issued to ------------------------------------------------------------- */

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

/* Other features ------------------------------------------------------------------------------- */

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
