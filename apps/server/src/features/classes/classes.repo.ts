import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { UserKind } from '@platform/contract';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { classMajors, classes, majors, users } from '../../db/schema';

export type ClassRow = typeof classes.$inferSelect;

export interface ClassFilter {
  name?: string | undefined;
  grade?: string | undefined;
  majorId?: string | undefined;
  archived: boolean;
}

function whereOf(db: Db, schoolId: string, f: ClassFilter): SQL | undefined {
  return and(
    eq(classes.schoolId, schoolId),
    f.archived ? isNotNull(classes.archivedAt) : isNull(classes.archivedAt),
    containing(classes.name, f.name),
    f.grade ? eq(classes.grade, f.grade) : undefined,
    f.majorId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(classMajors)
            .where(
              and(
                eq(classMajors.classId, classes.id),
                eq(classMajors.majorId, f.majorId),
                eq(classMajors.schoolId, schoolId),
              ),
            ),
        )
      : undefined,
  );
}

export async function pageClasses(
  db: Db,
  schoolId: string,
  f: ClassFilter,
  pageNum: number,
  pageSize: number,
) {
  const where = whereOf(db, schoolId, f);
  return readPage(
    db.select().from(classes).where(where).orderBy(desc(classes.createdAt), desc(classes.id)),
    db.select({ n: count() }).from(classes).where(where),
    pageNum,
    pageSize,
  );
}

/** The school's classes, archived ones too when asked, for selects and the organization tree. */
export function listClasses(db: Db, schoolId: string, includeArchived: boolean) {
  return db
    .select()
    .from(classes)
    .where(
      and(eq(classes.schoolId, schoolId), includeArchived ? undefined : isNull(classes.archivedAt)),
    )
    .orderBy(desc(classes.grade), asc(classes.name), asc(classes.id))
    .limit(5000);
}

export async function findClass(
  db: Db,
  schoolId: string,
  id: string,
): Promise<ClassRow | undefined> {
  const rows = await db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)))
    .limit(1);
  return rows[0];
}

/** The suitable majors of the classes, in the majors' order. */
export async function majorsOfClasses(db: Db, schoolId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .select({ classId: classMajors.classId, id: majors.id, name: majors.name })
    .from(classMajors)
    .innerJoin(majors, eq(majors.id, classMajors.majorId))
    .where(and(eq(classMajors.schoolId, schoolId), inArray(classMajors.classId, classIds)))
    .orderBy(asc(majors.sort), asc(majors.name), asc(majors.id));
}

/** Live students per class. */
export async function studentCounts(
  db: Db,
  schoolId: string,
  classIds: string[],
): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({ classId: users.classId, n: count() })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        inArray(users.classId, classIds),
        eq(users.kind, UserKind.STUDENT),
        isNull(users.deletedAt),
      ),
    )
    .groupBy(users.classId);
  return new Map(rows.map((r) => [r.classId!, r.n]));
}

/** Whether a class in use of the school already has the name (archived classes free theirs). */
export async function classNameTaken(
  db: Db,
  schoolId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        isNull(classes.archivedAt),
        sql`lower(${classes.name}) = lower(${name})`,
        exceptId ? ne(classes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Serializes the class writes of one school until the transaction ends (names stay unique). */
export async function lockSchoolClasses(tx: Db, schoolId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('classes'), hashtext(${schoolId}))`);
}

export async function insertClass(db: Db, row: typeof classes.$inferInsert): Promise<ClassRow> {
  const [created] = await db.insert(classes).values(row).returning();
  return created!;
}

export async function updateClass(
  db: Db,
  schoolId: string,
  id: string,
  set: { name: string; grade: string; updatedAt: Date },
): Promise<ClassRow | undefined> {
  const [row] = await db
    .update(classes)
    .set(set)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id), isNull(classes.archivedAt)))
    .returning();
  return row;
}

export async function setClassMajors(
  db: Db,
  schoolId: string,
  classId: string,
  majorIds: string[],
): Promise<void> {
  await db
    .delete(classMajors)
    .where(and(eq(classMajors.schoolId, schoolId), eq(classMajors.classId, classId)));
  if (majorIds.length > 0) {
    await db
      .insert(classMajors)
      .values(majorIds.map((majorId) => ({ classId, majorId, schoolId })));
  }
}

const studentsOf = (schoolId: string, classId: string) =>
  and(eq(users.schoolId, schoolId), eq(users.classId, classId), eq(users.kind, UserKind.STUDENT));

export async function hasLiveStudents(db: Db, schoolId: string, classId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(studentsOf(schoolId, classId), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes the class unless a live student is in it; answers whether it was deleted. */
export async function deleteEmptyClass(db: Db, schoolId: string, classId: string) {
  const rows = await db
    .delete(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.id, classId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.classId, classId), isNull(users.deletedAt))),
        ),
      ),
    )
    .returning({ id: classes.id });
  return rows.length > 0;
}

export async function archiveClass(db: Db, schoolId: string, classId: string, at: Date) {
  const [row] = await db
    .update(classes)
    .set({ archivedAt: at, updatedAt: at })
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId), isNull(classes.archivedAt)))
    .returning();
  return row;
}

/** Ids of every student of the class, deleted ones too. */
export async function studentIdsOf(db: Db, schoolId: string, classId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(studentsOf(schoolId, classId));
  return rows.map((r) => r.id);
}
