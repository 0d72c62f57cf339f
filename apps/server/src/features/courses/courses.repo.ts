import { UserKind } from '@platform/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courseChapters,
  courseEnvironments,
  coursePurchases,
  courseResources,
  courseStepReports,
  courseSteps,
  courses,
  labEnvironments,
  roles,
  stepProgress,
  userRoles,
  users,
} from '../../db/schema';
import { containing, escapeLike, readPage } from '../../lib/sql';

/** The only SQL that writes the course tables; reads join users and environments. */

export type CourseRow = typeof courses.$inferSelect;
export type ChapterRow = typeof courseChapters.$inferSelect;
export type StepRow = typeof courseSteps.$inferSelect;
export type ResourceRow = typeof courseResources.$inferSelect;
export type ProgressRow = typeof stepProgress.$inferSelect;

const live = isNull(courses.deletedAt);

/**
 * The course of the outer query in a subquery: written out, since a select without joins names
 * its columns without their table, which a subquery would read as its own.
 */
const outerCourseId = sql.raw('"courses"."id"');

export interface CourseFilter {
  name?: string | undefined;
  difficulty?: string | undefined;
  specialty?: string | undefined;
}

/** A name in either language containing `text`. */
function nameContaining(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(sql`${courses.name}->>'zh'`, pattern),
    ilike(sql`${courses.name}->>'en'`, pattern),
  );
}

function filtered(f: CourseFilter): SQL | undefined {
  return and(
    nameContaining(f.name),
    f.difficulty ? eq(courses.difficulty, f.difficulty) : undefined,
    f.specialty ? eq(courses.specialty, f.specialty) : undefined,
  );
}

const chapterCount =
  sql<number>`(select count(*) from ${courseChapters} where ${courseChapters.courseId} = ${outerCourseId})`.mapWith(
    Number,
  );
const stepCount =
  sql<number>`(select count(*) from ${courseSteps} where ${courseSteps.courseId} = ${outerCourseId})`.mapWith(
    Number,
  );

/** A purchase of the course by the school that holds at `now`. */
const purchasedAt = (schoolId: string, now: Date) =>
  sql`exists (select 1 from ${coursePurchases} where ${coursePurchases.schoolId} = ${schoolId} and ${coursePurchases.courseId} = ${outerCourseId} and ${coursePurchases.validFrom} <= ${now} and ${coursePurchases.validUntil} > ${now})`;

export type CourseListRow = CourseRow & {
  authorName: string | null;
  chapterCount: number;
  stepCount: number;
  purchasedUntil: Date | null;
};

const listColumns = {
  course: courses,
  authorName: users.name,
  chapterCount,
  stepCount,
  purchasedUntil: coursePurchases.validUntil,
};

type ListSelect = {
  course: CourseRow;
  authorName: string | null;
  chapterCount: number;
  stepCount: number;
  purchasedUntil: Date | null;
};
const listRowOf = (r: ListSelect): CourseListRow => ({
  ...r.course,
  authorName: r.authorName,
  chapterCount: r.chapterCount,
  stepCount: r.stepCount,
  purchasedUntil: r.purchasedUntil,
});

/** A school's courses and the platform's (`owner`), with the school's purchase of each. */
export async function pageCourses(
  db: Db,
  schoolId: string,
  owner: 'school' | 'platform' | 'all',
  f: CourseFilter,
  pageNum: number,
  pageSize: number,
) {
  const own = eq(courses.schoolId, schoolId);
  const platform = isNull(courses.schoolId);
  const where = and(
    live,
    owner === 'school' ? own : owner === 'platform' ? platform : or(own, platform),
    filtered(f),
  );
  const { records, total } = await readPage(
    db
      .select(listColumns)
      .from(courses)
      .leftJoin(users, eq(users.id, courses.authorId))
      .leftJoin(
        coursePurchases,
        and(eq(coursePurchases.courseId, courses.id), eq(coursePurchases.schoolId, schoolId)),
      )
      .where(where)
      .orderBy(desc(courses.updatedAt), desc(courses.id)),
    db.select({ n: count() }).from(courses).where(where),
    pageNum,
    pageSize,
  );
  return { records: records.map(listRowOf), total };
}

/** The platform's live courses (no school's), for the public site; with chapter and step counts. */
export async function pagePlatformCourses(
  db: Db,
  f: CourseFilter,
  pageNum: number,
  pageSize: number,
) {
  const where = and(live, isNull(courses.schoolId), filtered(f));
  const { records, total } = await readPage(
    db
      .select({ course: courses, chapterCount, stepCount })
      .from(courses)
      .where(where)
      .orderBy(desc(courses.updatedAt), desc(courses.id)),
    db.select({ n: count() }).from(courses).where(where),
    pageNum,
    pageSize,
  );
  return {
    records: records.map((r) => ({
      ...r.course,
      chapterCount: r.chapterCount,
      stepCount: r.stepCount,
    })),
    total,
  };
}

/** The chapters of several courses. */
export async function chaptersOfCourses(db: Db, courseIds: string[]): Promise<ChapterRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(courseChapters)
    .where(inArray(courseChapters.courseId, courseIds))
    .orderBy(asc(courseChapters.position), asc(courseChapters.id));
}

/** One live course with what its summary shows, and `schoolId`'s purchase of it. */
export async function findCourseListed(
  db: Db,
  id: string,
  schoolId: string,
): Promise<CourseListRow | undefined> {
  const rows = await db
    .select(listColumns)
    .from(courses)
    .leftJoin(users, eq(users.id, courses.authorId))
    .leftJoin(
      coursePurchases,
      and(eq(coursePurchases.courseId, courses.id), eq(coursePurchases.schoolId, schoolId)),
    )
    .where(and(eq(courses.id, id), live))
    .limit(1);
  return rows[0] && listRowOf(rows[0]);
}

export async function findCourse(db: Db, id: string): Promise<CourseRow | undefined> {
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), live))
    .limit(1);
  return rows[0];
}

/** A live course of a school by its Chinese name (the demo data finds its courses again by it). */
export async function courseIdByName(db: Db, schoolId: string | null, zhName: string) {
  const owner = schoolId === null ? isNull(courses.schoolId) : eq(courses.schoolId, schoolId);
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(owner, sql`${courses.name}->>'zh' = ${zhName}`, live))
    .limit(1);
  return rows[0]?.id;
}

export async function findPurchase(db: Db, schoolId: string, courseId: string) {
  const rows = await db
    .select()
    .from(coursePurchases)
    .where(and(eq(coursePurchases.schoolId, schoolId), eq(coursePurchases.courseId, courseId)))
    .limit(1);
  return rows[0];
}

export async function insertCourse(db: Db, row: typeof courses.$inferInsert) {
  await db.insert(courses).values(row);
}

export async function updateCourse(db: Db, id: string, set: Partial<typeof courses.$inferInsert>) {
  await db
    .update(courses)
    .set(set)
    .where(and(eq(courses.id, id), live));
}

export async function insertPurchase(db: Db, row: typeof coursePurchases.$inferInsert) {
  await db.insert(coursePurchases).values(row);
}

export async function deletePurchase(db: Db, schoolId: string, courseId: string) {
  await db
    .delete(coursePurchases)
    .where(and(eq(coursePurchases.schoolId, schoolId), eq(coursePurchases.courseId, courseId)));
}

/* Environments ------------------------------------------------------------------------------- */

export interface CourseEnvRow {
  id: string;
  name: string;
  kind: string;
}

export async function environmentsOf(db: Db, courseId: string): Promise<CourseEnvRow[]> {
  return db
    .select({
      id: labEnvironments.id,
      name: labEnvironments.name,
      kind: labEnvironments.resourceKind,
    })
    .from(courseEnvironments)
    .innerJoin(labEnvironments, eq(labEnvironments.id, courseEnvironments.envId))
    .where(eq(courseEnvironments.courseId, courseId))
    .orderBy(asc(courseEnvironments.position));
}

export async function replaceEnvironments(db: Db, courseId: string, envIds: string[]) {
  await db.delete(courseEnvironments).where(eq(courseEnvironments.courseId, courseId));
  if (envIds.length)
    await db
      .insert(courseEnvironments)
      .values(envIds.map((envId, position) => ({ courseId, envId, position })));
}

/** The environments the course's lab steps open. */
export async function envIdsOfSteps(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ envId: courseSteps.envId })
    .from(courseSteps)
    .where(and(eq(courseSteps.courseId, courseId), isNotNull(courseSteps.envId)));
  return rows.map((r) => r.envId!);
}

/* Chapters and steps ------------------------------------------------------------------------- */

export async function chaptersOf(db: Db, courseId: string): Promise<ChapterRow[]> {
  return db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.position), asc(courseChapters.id));
}

export async function stepsOf(db: Db, courseId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(courseSteps)
    .where(eq(courseSteps.courseId, courseId))
    .orderBy(asc(courseSteps.position), asc(courseSteps.id));
}

export type StepOutlineRow = Pick<StepRow, 'id' | 'chapterId' | 'name' | 'type'>;

/** The steps of a course without their content, for outlines. */
export async function stepOutlinesOf(db: Db, courseId: string): Promise<StepOutlineRow[]> {
  return db
    .select({
      id: courseSteps.id,
      chapterId: courseSteps.chapterId,
      name: courseSteps.name,
      type: courseSteps.type,
    })
    .from(courseSteps)
    .where(eq(courseSteps.courseId, courseId))
    .orderBy(asc(courseSteps.position), asc(courseSteps.id));
}

/** Chapters of the course that have no step. */
export async function emptyChapterIds(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courseChapters.id })
    .from(courseChapters)
    .where(
      and(
        eq(courseChapters.courseId, courseId),
        sql`not exists (select 1 from ${courseSteps} where ${courseSteps.chapterId} = ${courseChapters.id})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function countChapters(db: Db, courseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  return row?.n ?? 0;
}

export async function findChapter(db: Db, id: string): Promise<ChapterRow | undefined> {
  const rows = await db.select().from(courseChapters).where(eq(courseChapters.id, id)).limit(1);
  return rows[0];
}

export async function findStep(db: Db, id: string): Promise<StepRow | undefined> {
  const rows = await db.select().from(courseSteps).where(eq(courseSteps.id, id)).limit(1);
  return rows[0];
}

export async function stepsOfChapter(db: Db, chapterId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(courseSteps)
    .where(eq(courseSteps.chapterId, chapterId))
    .orderBy(asc(courseSteps.position), asc(courseSteps.id));
}

/** The position after the last chapter of the course. */
export async function nextChapterPosition(db: Db, courseId: string): Promise<number> {
  const [row] = await db
    .select({ p: max(courseChapters.position) })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  return (row?.p ?? -1) + 1;
}

export async function nextStepPosition(db: Db, chapterId: string): Promise<number> {
  const [row] = await db
    .select({ p: max(courseSteps.position) })
    .from(courseSteps)
    .where(eq(courseSteps.chapterId, chapterId));
  return (row?.p ?? -1) + 1;
}

export async function insertChapter(db: Db, row: typeof courseChapters.$inferInsert) {
  await db.insert(courseChapters).values(row);
}

export async function updateChapter(
  db: Db,
  id: string,
  set: Partial<typeof courseChapters.$inferInsert>,
) {
  await db.update(courseChapters).set(set).where(eq(courseChapters.id, id));
}

export async function deleteChapter(db: Db, id: string) {
  await db.delete(courseChapters).where(eq(courseChapters.id, id));
}

export async function insertStep(db: Db, row: typeof courseSteps.$inferInsert) {
  await db.insert(courseSteps).values(row);
}

export async function updateStep(
  db: Db,
  id: string,
  set: Partial<typeof courseSteps.$inferInsert>,
) {
  await db.update(courseSteps).set(set).where(eq(courseSteps.id, id));
}

export async function deleteStep(db: Db, id: string) {
  await db.delete(courseSteps).where(eq(courseSteps.id, id));
}

/**
 * Marks the course changed: its list is ordered by the last change, and the service keeps each
 * course's outline by it, so every change moves it forward by at least a millisecond.
 */
export async function touchCourse(db: Db, id: string, at: Date) {
  await db
    .update(courses)
    .set({ updatedAt: sql`greatest(${at}, ${courses.updatedAt} + interval '1 millisecond')` })
    .where(eq(courses.id, id));
}

/** The name a step of the course gives the stored file `fileId`. */
export async function fileNameOf(db: Db, courseId: string, fileId: string) {
  const rows = await db
    .select({ name: sql<string>`${courseSteps.content}->'file'->>'name'` })
    .from(courseSteps)
    .where(
      and(
        eq(courseSteps.courseId, courseId),
        sql`${courseSteps.content}->'file'->>'fileId' = ${fileId}`,
      ),
    )
    .limit(1);
  return rows[0]?.name;
}

/* Resources ---------------------------------------------------------------------------------- */

export async function pageResources(
  db: Db,
  courseId: string,
  name: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const where = and(eq(courseResources.courseId, courseId), containing(courseResources.name, name));
  return readPage(
    db
      .select()
      .from(courseResources)
      .where(where)
      .orderBy(desc(courseResources.createdAt), desc(courseResources.id)),
    db.select({ n: count() }).from(courseResources).where(where),
    pageNum,
    pageSize,
  );
}

export async function resourcesOf(db: Db, courseId: string): Promise<ResourceRow[]> {
  return db
    .select()
    .from(courseResources)
    .where(eq(courseResources.courseId, courseId))
    .orderBy(desc(courseResources.createdAt), desc(courseResources.id));
}

export async function findResource(db: Db, id: string): Promise<ResourceRow | undefined> {
  const rows = await db.select().from(courseResources).where(eq(courseResources.id, id)).limit(1);
  return rows[0];
}

export async function insertResource(db: Db, row: typeof courseResources.$inferInsert) {
  await db.insert(courseResources).values(row);
}

export async function deleteResource(db: Db, id: string) {
  await db.delete(courseResources).where(eq(courseResources.id, id));
}

/* Teachers ----------------------------------------------------------------------------------- */

/** Whether `userId` is a live teacher (or administrator) account of the school. */
export async function isTeacherOf(
  db: Db,
  schoolId: string,
  userId: string,
  tenantId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.schoolId, schoolId),
        isNull(users.deletedAt),
        or(isNull(users.kind), ne(users.kind, UserKind.STUDENT)),
        eq(roles.tenantId, tenantId),
        inArray(roles.code, ['teacher', 'school-manager']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/* Students ----------------------------------------------------------------------------------- */

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

/** A purchase of a course by the school over a period; an existing one is widened to hold both. */
export async function grantPurchase(db: Db, row: typeof coursePurchases.$inferInsert) {
  await db
    .insert(coursePurchases)
    .values(row)
    .onConflictDoUpdate({
      target: [coursePurchases.schoolId, coursePurchases.courseId],
      set: {
        validFrom: sql`least(${coursePurchases.validFrom}, excluded.valid_from)`,
        validUntil: sql`greatest(${coursePurchases.validUntil}, excluded.valid_until)`,
      },
    });
}

/** Platform courses among `ids` that are live; the others do not exist for an order. */
export async function livePlatformCourses(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(inArray(courses.id, [...ids]), isNull(courses.schoolId), live));
}

/** How many courses the school holds a purchase of at `now`. */
export async function purchasedCount(db: Db, schoolId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(coursePurchases)
    .where(
      and(
        eq(coursePurchases.schoolId, schoolId),
        lte(coursePurchases.validFrom, now),
        gt(coursePurchases.validUntil, now),
      ),
    );
  return Number(row?.n ?? 0);
}
