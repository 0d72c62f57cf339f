import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { UserKind } from '@platform/contract';
import type { Db } from '../../db/client';
import { classes, regions, schools, users } from '../../db/schema';

export type SchoolRow = typeof schools.$inferSelect;
export type SchoolInsert = typeof schools.$inferInsert;

export function findSchool(db: Db, id: string) {
  return db.query.schools.findFirst({ where: eq(schools.id, id) });
}

/** A school that is not deleted. */
export async function findLiveSchool(db: Db, id: string): Promise<SchoolRow | undefined> {
  const rows = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, id), isNull(schools.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function regionsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: regions.id, name: regions.name, nameEn: regions.nameEn })
    .from(regions)
    .where(inArray(regions.id, ids));
}

/** Live accounts, students, teachers and classes in use of a school. */
export async function countsOf(db: Db, schoolId: string) {
  const [accounts, classCount] = await Promise.all([
    db
      .select({
        all: count(),
        students: sql<number>`count(*) filter (where ${users.kind} = ${UserKind.STUDENT})`.mapWith(
          Number,
        ),
        teachers: sql<number>`count(*) filter (where ${users.kind} = ${UserKind.TEACHER})`.mapWith(
          Number,
        ),
      })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), isNull(users.deletedAt))),
    db
      .select({ n: count() })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt))),
  ]);
  return {
    accountCount: accounts[0]?.all ?? 0,
    studentCount: accounts[0]?.students ?? 0,
    teacherCount: accounts[0]?.teachers ?? 0,
    classCount: classCount[0]?.n ?? 0,
  };
}

export async function updateProfile(
  db: Db,
  id: string,
  set: { intro: string; address: string; updatedAt: Date },
): Promise<SchoolRow | undefined> {
  const [row] = await db
    .update(schools)
    .set(set)
    .where(and(eq(schools.id, id), isNull(schools.deletedAt)))
    .returning();
  return row;
}

export async function insertSchool(db: Db, row: SchoolInsert): Promise<void> {
  await db.insert(schools).values(row);
}

/** Inserts the schools whose url is still free; answers the urls inserted. */
export async function insertSchoolsWithFreeUrl(db: Db, rows: SchoolInsert[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(schools)
    .values(rows)
    .onConflictDoNothing({ target: schools.url })
    .returning({ url: schools.url });
  return new Set(inserted.map((r) => r.url));
}

export async function updateLiveSchool(
  db: Db,
  id: string,
  set: Partial<SchoolInsert>,
): Promise<boolean> {
  const rows = await db
    .update(schools)
    .set(set)
    .where(and(eq(schools.id, id), isNull(schools.deletedAt)))
    .returning({ id: schools.id });
  return rows.length > 0;
}

/** The cached balances and counts of a school, as billing's ledger books them. */
export async function writeBalances(
  db: Db,
  id: string,
  b: { rechargeFen: number; giftFen: number; tokens: number; slides: number },
): Promise<void> {
  await db
    .update(schools)
    .set({
      rechargeBalance: b.rechargeFen,
      giftBalance: b.giftFen,
      totalBalance: b.rechargeFen + b.giftFen,
      tokenCount: b.tokens,
      pptCount: b.slides,
    })
    .where(eq(schools.id, id));
}

export async function setPurchasedCourseCount(db: Db, id: string, n: number): Promise<void> {
  await db.update(schools).set({ purchasedCourseCount: n }).where(eq(schools.id, id));
}
