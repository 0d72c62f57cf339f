import { UserKind } from '@platform/contract';
import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { teachingTasks, userRoles, users } from '../../db/schema';

/**
 * Teacher accounts of a school: its live, non-student users holding the teacher or the
 * school-manager role of the web application (accounts made elsewhere may lack a kind). Every
 * query is scoped by the school.
 */

export interface TeacherRoleIds {
  teacher: string;
  manager: string;
}

export type TeacherRow = typeof users.$inferSelect & { isManager: boolean };

export interface TeacherFilter {
  name?: string | undefined;
  phone?: string | undefined;
  role?: 'teacher' | 'school-manager' | undefined;
  enabled?: boolean | undefined;
}

const holds = (roleIds: string[]) =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.roleId, roleIds)})`;

function scope(schoolId: string, ids: TeacherRoleIds): SQL {
  return and(
    eq(users.schoolId, schoolId),
    isNull(users.deletedAt),
    or(isNull(users.kind), ne(users.kind, UserKind.STUDENT)),
    holds([ids.teacher, ids.manager]),
  )!;
}

const columns = (ids: TeacherRoleIds) => ({
  user: users,
  isManager: sql<boolean>`${holds([ids.manager])}`.mapWith(Boolean),
});

const rowOf = (r: { user: typeof users.$inferSelect; isManager: boolean }): TeacherRow => ({
  ...r.user,
  isManager: r.isManager,
});

export async function pageTeachers(
  db: Db,
  schoolId: string,
  ids: TeacherRoleIds,
  f: TeacherFilter,
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    scope(schoolId, ids),
    containing(users.name, f.name),
    containing(users.phone, f.phone),
    f.role === 'school-manager' ? holds([ids.manager]) : undefined,
    f.role === 'teacher' ? sql`not ${holds([ids.manager])}` : undefined,
    f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
  );
  const { records: records, total } = await readPage(
    db.select(columns(ids)).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ n: count() }).from(users).where(where),
    pageNum,
    pageSize,
  );
  return { records: records.map(rowOf), total };
}

export async function findTeacher(
  db: Db,
  schoolId: string,
  ids: TeacherRoleIds,
  id: string,
): Promise<TeacherRow | undefined> {
  const rows = await db
    .select(columns(ids))
    .from(users)
    .where(and(eq(users.id, id), scope(schoolId, ids)))
    .limit(1);
  return rows[0] && rowOf(rows[0]);
}

export async function openTaskCount(db: Db, schoolId: string, teacherId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teachingTasks)
    .where(
      and(
        eq(teachingTasks.schoolId, schoolId),
        eq(teachingTasks.teacherId, teacherId),
        isNull(teachingTasks.archivedAt),
        isNull(teachingTasks.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Holds for an account that is the teacher of a teaching task neither archived nor deleted. */
export const holdsOpenTask = sql`exists (select 1 from ${teachingTasks} where ${teachingTasks.teacherId} = ${users.id} and ${teachingTasks.archivedAt} is null and ${teachingTasks.deletedAt} is null)`;
