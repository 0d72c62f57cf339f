import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, studentTasks, teachingTasks, users } from '../../db/schema';
import { taskStatusSql } from './teaching.clock';
import { issued } from './teaching.repo';

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
