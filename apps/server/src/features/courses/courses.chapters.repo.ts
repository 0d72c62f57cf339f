import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseChapters, courseSteps } from '../../db/schema';

/** The only SQL that writes the chapters of courses and their steps. */

export type ChapterRow = typeof courseChapters.$inferSelect;
export type StepRow = typeof courseSteps.$inferSelect;

/** The chapters of several courses. */
export async function chaptersOfCourses(db: Db, courseIds: string[]): Promise<ChapterRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(courseChapters)
    .where(inArray(courseChapters.courseId, courseIds))
    .orderBy(asc(courseChapters.position), asc(courseChapters.id));
}

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
