import { UserKind } from '@platform/contract';
import { and, count, desc, eq, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { classes, loginLogs, schools, users } from '../../db/schema';

/** Student accounts of a school (kind STUDENT). Every query is scoped by the school. */

export type StudentRow = typeof users.$inferSelect & {
  className: string | null;
  classArchived: boolean;
};

export interface StudentFilter {
  name?: string | undefined;
  stuNo?: string | undefined;
  phone?: string | undefined;
  classId?: string | undefined;
  enabled?: boolean | undefined;
}

function scope(schoolId: string): SQL {
  return and(
    eq(users.schoolId, schoolId),
    eq(users.kind, UserKind.STUDENT),
    isNull(users.deletedAt),
  )!;
}

const columns = {
  user: users,
  className: classes.name,
  classArchivedAt: classes.archivedAt,
};

const rowOf = (r: {
  user: typeof users.$inferSelect;
  className: string | null;
  classArchivedAt: Date | null;
}): StudentRow => ({
  ...r.user,
  className: r.className,
  classArchived: r.classArchivedAt !== null,
});

const classJoin = and(eq(classes.id, users.classId), eq(classes.schoolId, users.schoolId));

export async function pageStudents(
  db: Db,
  schoolId: string,
  f: StudentFilter,
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    scope(schoolId),
    containing(users.name, f.name),
    containing(users.stuNo, f.stuNo),
    containing(users.phone, f.phone),
    f.classId ? eq(users.classId, f.classId) : undefined,
    f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
  );
  const { records: records, total } = await readPage(
    db
      .select(columns)
      .from(users)
      .leftJoin(classes, classJoin)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ n: count() }).from(users).where(where),
    pageNum,
    pageSize,
  );
  return { records: records.map(rowOf), total };
}

export async function findStudent(
  db: Db,
  schoolId: string,
  id: string,
): Promise<StudentRow | undefined> {
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(classes, classJoin)
    .where(and(eq(users.id, id), scope(schoolId)))
    .limit(1);
  return rows[0] && rowOf(rows[0]);
}

export async function lastLoginAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(loginLogs.createdAt) })
    .from(loginLogs)
    .where(and(eq(loginLogs.userId, userId), eq(loginLogs.success, true)));
  return row?.at ?? null;
}

export async function findClass(db: Db, schoolId: string, classId: string) {
  const rows = await db
    .select({ id: classes.id, name: classes.name, archivedAt: classes.archivedAt })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)))
    .limit(1);
  return rows[0];
}

/** Which of `stuNos` a live student of the school already has. */
export async function stuNosInSchool(
  db: Db,
  schoolId: string,
  stuNos: string[],
  exceptId?: string,
): Promise<string[]> {
  if (stuNos.length === 0) return [];
  const rows = await db
    .select({ stuNo: users.stuNo })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        isNull(users.deletedAt),
        inArray(users.stuNo, stuNos),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return rows.map((r) => r.stuNo!);
}

/** Which of `names` (lower-cased) a live account of any school already signs in with. */
export async function usernamesTaken(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const lower = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, lower), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.name));
}

/**
 * Locks the school row until the transaction ends, so concurrent additions cannot pass the
 * student limit together; answers the limit (0: none) and the live student count.
 */
export async function lockStudentQuota(db: Db, schoolId: string) {
  const [school] = await db
    .select({ maxStudents: schools.maxStudents })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .for('update');
  const [students] = await db.select({ n: count() }).from(users).where(scope(schoolId));
  return { max: school?.maxStudents ?? 0, current: students?.n ?? 0 };
}
