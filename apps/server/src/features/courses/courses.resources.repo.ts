import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseResources } from '../../db/schema';
import { containing, readPage } from '../../lib/sql';

/** The only SQL that writes the resource tables of courses. */

export type ResourceRow = typeof courseResources.$inferSelect;

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
