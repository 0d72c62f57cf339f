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
  courseSteps,
  courses,
  labEnvironments,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import { escapeLike, readPage } from '../../lib/sql';

/**
 * The only SQL that writes the courses, their purchases and environments; reads join users and
 * environments. Chapters and steps, resources and study have repos of their own beside it.
 */

export type CourseRow = typeof courses.$inferSelect;

export const live = isNull(courses.deletedAt);

/**
 * The course of the outer query in a subquery: written out, since a select without joins names
 * its columns without their table, which a subquery would read as its own.
 */
export const outerCourseId = sql.raw('"courses"."id"');

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

export function filtered(f: CourseFilter): SQL | undefined {
  return and(
    nameContaining(f.name),
    f.difficulty ? eq(courses.difficulty, f.difficulty) : undefined,
    f.specialty ? eq(courses.specialty, f.specialty) : undefined,
  );
}

export const chapterCount =
  sql<number>`(select count(*) from ${courseChapters} where ${courseChapters.courseId} = ${outerCourseId})`.mapWith(
    Number,
  );
export const stepCount =
  sql<number>`(select count(*) from ${courseSteps} where ${courseSteps.courseId} = ${outerCourseId})`.mapWith(
    Number,
  );

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
