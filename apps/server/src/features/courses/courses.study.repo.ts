import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursePurchases, courseStepReports, courses, stepProgress } from '../../db/schema';
import { readPage } from '../../lib/sql';
import {
  type CourseFilter,
  type CourseRow,
  chapterCount,
  filtered,
  live,
  outerCourseId,
  stepCount,
} from './courses.repo';

/** The only SQL that writes what students study: their progress through steps and their reports. */

export type ProgressRow = typeof stepProgress.$inferSelect;

/** A purchase of the course by the school that holds at `now`. */
const purchasedAt = (schoolId: string, now: Date) =>
  sql`exists (select 1 from ${coursePurchases} where ${coursePurchases.schoolId} = ${schoolId} and ${coursePurchases.courseId} = ${outerCourseId} and ${coursePurchases.validFrom} <= ${now} and ${coursePurchases.validUntil} > ${now})`;

/**
 * Courses a student of the school sees: the school's own open for self-study, and the
 * platform's the school holds a purchase of at `now`.
 */
export function visibleToStudents(schoolId: string, now: Date): SQL {
  return and(
    live,
    or(
      and(eq(courses.schoolId, schoolId), eq(courses.selfStudy, true)),
      and(isNull(courses.schoolId), purchasedAt(schoolId, now)),
    ),
  )!;
}

export async function isVisibleToStudents(db: Db, courseId: string, schoolId: string, now: Date) {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), visibleToStudents(schoolId, now)))
    .limit(1);
  return rows.length > 0;
}

const progressOf = (studentId: string) => ({
  done: sql<number>`(select count(*) from ${stepProgress} where ${stepProgress.studentId} = ${studentId} and ${stepProgress.courseId} = ${outerCourseId} and ${stepProgress.completedAt} is not null)`.mapWith(
    Number,
  ),
  score:
    sql<number>`(select coalesce(sum(${stepProgress.score}), 0) from ${stepProgress} where ${stepProgress.studentId} = ${studentId} and ${stepProgress.courseId} = ${outerCourseId})`.mapWith(
      Number,
    ),
  lastStudiedAt:
    sql<Date | null>`(select max(${stepProgress.updatedAt}) from ${stepProgress} where ${stepProgress.studentId} = ${studentId} and ${stepProgress.courseId} = ${outerCourseId})`.mapWith(
      stepProgress.updatedAt,
    ),
});

export type StudentCourseRow = CourseRow & {
  chapterCount: number;
  stepCount: number;
  done: number;
  score: number;
  lastStudiedAt: Date | null;
};

/**
 * A page of the courses a student sees: all of them (the hall), those open for self-study (self
 * culture), or those the student has begun, the latest studied first (my study).
 */
export async function pageStudentCourses(
  db: Db,
  of: { schoolId: string; studentId: string; now: Date; list: 'hall' | 'self' | 'begun' },
  f: CourseFilter,
  pageNum: number,
  pageSize: number,
) {
  const progress = progressOf(of.studentId);
  const begun = sql`exists (select 1 from ${stepProgress} where ${stepProgress.studentId} = ${of.studentId} and ${stepProgress.courseId} = ${outerCourseId})`;
  const where = and(
    visibleToStudents(of.schoolId, of.now),
    of.list === 'self' ? eq(courses.selfStudy, true) : undefined,
    of.list === 'begun' ? begun : undefined,
    filtered(f),
  );
  const order =
    of.list === 'begun'
      ? [sql`${progress.lastStudiedAt} desc nulls last`, desc(courses.id)]
      : [desc(courses.updatedAt), desc(courses.id)];
  const { records, total } = await readPage(
    db
      .select({ course: courses, chapterCount, stepCount, ...progress })
      .from(courses)
      .where(where)
      .orderBy(...order),
    db.select({ n: count() }).from(courses).where(where),
    pageNum,
    pageSize,
  );
  return {
    records: records.map((r): StudentCourseRow => ({
      ...r.course,
      chapterCount: r.chapterCount,
      stepCount: r.stepCount,
      done: r.done,
      score: r.score,
      lastStudiedAt: r.lastStudiedAt,
    })),
    total,
  };
}

export async function progressOfCourse(
  db: Db,
  studentId: string,
  courseId: string,
): Promise<ProgressRow[]> {
  return db
    .select()
    .from(stepProgress)
    .where(and(eq(stepProgress.studentId, studentId), eq(stepProgress.courseId, courseId)));
}

export async function findProgress(
  db: Db,
  studentId: string,
  stepId: string,
): Promise<ProgressRow | undefined> {
  const rows = await db
    .select()
    .from(stepProgress)
    .where(and(eq(stepProgress.studentId, studentId), eq(stepProgress.stepId, stepId)))
    .limit(1);
  return rows[0];
}

/** Writes a student's state of a step; what `set` leaves out stays as it was. */
export async function saveProgress(
  db: Db,
  key: { studentId: string; stepId: string; courseId: string; schoolId: string },
  set: Partial<Pick<ProgressRow, 'videoSeconds' | 'answers' | 'score' | 'completedAt'>> & {
    updatedAt: Date;
  },
) {
  await db
    .insert(stepProgress)
    .values({ ...key, ...set })
    .onConflictDoUpdate({ target: [stepProgress.studentId, stepProgress.stepId], set });
}

/**
 * Answers a question step once: stored only when the step has no answers yet. Answers whether
 * this call stored them.
 */
export async function saveAnswersOnce(
  db: Db,
  key: { studentId: string; stepId: string; courseId: string; schoolId: string },
  set: { answers: unknown[]; score: number; completedAt: Date; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(stepProgress)
    .values({ ...key, ...set })
    .onConflictDoUpdate({
      target: [stepProgress.studentId, stepProgress.stepId],
      set,
      setWhere: isNull(stepProgress.answers),
    })
    .returning({ stepId: stepProgress.stepId });
  return rows.length > 0;
}

/* Self-study reports ------------------------------------------------------------------------ */

export type StepReportRow = typeof courseStepReports.$inferSelect;

export async function findStepReport(
  db: Db,
  studentId: string,
  stepId: string,
): Promise<StepReportRow | undefined> {
  const rows = await db
    .select()
    .from(courseStepReports)
    .where(and(eq(courseStepReports.studentId, studentId), eq(courseStepReports.stepId, stepId)));
  return rows[0];
}

/** The student's report of the step, made empty (revision 0) when there is none yet. */
export async function ensureStepReport(
  db: Db,
  row: Omit<typeof courseStepReports.$inferInsert, 'content'>,
): Promise<StepReportRow> {
  await db
    .insert(courseStepReports)
    .values({ ...row, content: { type: 'doc', content: [] }, revision: 0 })
    .onConflictDoNothing();
  return (await findStepReport(db, row.studentId, row.stepId))!;
}

/**
 * Writes the report unless a higher revision is stored; finishing keeps the first time it was
 * finished. Answers the row written, or nothing when the stored one is newer.
 */
export async function saveStepReport(
  db: Db,
  row: typeof courseStepReports.$inferInsert & { revision: number },
): Promise<StepReportRow | undefined> {
  const {
    id: _id,
    studentId: _s,
    stepId: _t,
    courseId: _c,
    schoolId: _k,
    finishedAt: _f,
    ...set
  } = row;
  const rows = await db
    .insert(courseStepReports)
    .values(row)
    .onConflictDoUpdate({
      target: [courseStepReports.studentId, courseStepReports.stepId],
      set: {
        ...set,
        ...(row.finishedAt
          ? { finishedAt: sql`coalesce(${courseStepReports.finishedAt}, excluded.finished_at)` }
          : {}),
      },
      setWhere: sql`${courseStepReports.revision} <= ${row.revision}`,
    })
    .returning();
  return rows[0];
}
