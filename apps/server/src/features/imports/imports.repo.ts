import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { UserKind } from '@platform/contract';
import type { Db } from '../../db/client';
import { containing } from '../../lib/sql';
import { classes, importJobs, jobs, schools, users } from '../../db/schema';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobInsert = typeof importJobs.$inferInsert;
export type StoredRowError = ImportJobRow['errors'][number];

const liveStudentsOf = (schoolId: string) =>
  and(eq(users.schoolId, schoolId), eq(users.kind, UserKind.STUDENT), isNull(users.deletedAt));

export async function insertJob(db: Db, row: ImportJobInsert): Promise<ImportJobRow> {
  const [created] = await db.insert(importJobs).values(row).returning();
  return created!;
}

/** A job of the school; another school's job is not found. */
export async function findJob(
  db: Db,
  id: string,
  schoolId: string,
): Promise<ImportJobRow | undefined> {
  const rows = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.schoolId, schoolId)))
    .limit(1);
  return rows[0];
}

export async function updateJob(
  db: Db,
  id: string,
  set: Partial<
    Pick<
      ImportJobInsert,
      | 'status'
      | 'total'
      | 'processed'
      | 'succeeded'
      | 'failed'
      | 'errors'
      | 'errorKey'
      | 'finishedAt'
    >
  >,
): Promise<void> {
  await db.update(importJobs).set(set).where(eq(importJobs.id, id));
}

/** Running jobs that no waiting or running queue job will finish. */
export async function failOrphanedJobs(db: Db, errorKey: string, at: Date): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'failed', errorKey, finishedAt: at })
    .where(
      and(
        eq(importJobs.status, 'running'),
        sql`not exists (select 1 from ${jobs} where ${jobs.id} = ${importJobs.id}
          and ${jobs.status} in ('waiting', 'running'))`,
      ),
    );
}

export async function schoolLimit(db: Db, schoolId: string): Promise<number | undefined> {
  const rows = await db
    .select({ maxStudents: schools.maxStudents })
    .from(schools)
    .where(and(eq(schools.id, schoolId), isNull(schools.deletedAt)))
    .limit(1);
  return rows[0]?.maxStudents;
}

export async function countStudents(db: Db, schoolId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(liveStudentsOf(schoolId));
  return Number(row?.n ?? 0);
}

/** The school's classes that take students (not archived). */
export async function liveClasses(db: Db, schoolId: string) {
  return db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt)))
    .orderBy(asc(classes.createdAt), asc(classes.id));
}

/** A list as one JSON parameter: any number of values, one statement plan. */
const jsonList = (values: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Which of the names (lower case) are already the login of a live account anywhere. */
export async function takenUsernames(db: Db, lowerNames: string[]): Promise<Set<string>> {
  if (lowerNames.length === 0) return new Set();
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.username}) in ${jsonList(lowerNames)}`));
  return new Set(rows.map((r) => r.name));
}

/** Which of the student numbers a live account of the school already has. */
export async function takenStuNos(db: Db, schoolId: string, stuNos: string[]) {
  if (stuNos.length === 0) return new Set<string>();
  const rows = await db
    .select({ stuNo: users.stuNo })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        isNull(users.deletedAt),
        sql`${users.stuNo} in ${jsonList(stuNos)}`,
      ),
    );
  return new Set(rows.flatMap((r) => (r.stuNo ? [r.stuNo] : [])));
}

export interface StudentFilter {
  name?: string | undefined;
  stuNo?: string | undefined;
  phone?: string | undefined;
  classId?: string | undefined;
  enabled?: boolean | undefined;
}

/** The school's live students with their class names, ordered by class and student number. */
export async function studentsForExport(db: Db, schoolId: string, f: StudentFilter) {
  return db
    .select({
      name: users.name,
      stuNo: users.stuNo,
      sex: users.sex,
      phone: users.phone,
      className: classes.name,
      enabled: users.enabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(classes, and(eq(classes.id, users.classId), eq(classes.schoolId, schoolId)))
    .where(
      and(
        liveStudentsOf(schoolId),
        containing(users.name, f.name),
        containing(users.stuNo, f.stuNo),
        containing(users.phone, f.phone),
        f.classId ? eq(users.classId, f.classId) : undefined,
        f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
      ),
    )
    .orderBy(asc(classes.name), asc(users.stuNo), asc(users.id));
}
