import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, majors } from '../../db/schema';

export type DepartmentRow = typeof departments.$inferSelect;
export type MajorRow = typeof majors.$inferSelect;

export function listDepartments(db: Db, schoolId: string): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.schoolId, schoolId))
    .orderBy(asc(departments.sort), asc(departments.name), asc(departments.id));
}

export async function findDepartment(
  db: Db,
  schoolId: string,
  id: string,
): Promise<DepartmentRow | undefined> {
  const rows = await db
    .select()
    .from(departments)
    .where(and(eq(departments.schoolId, schoolId), eq(departments.id, id)))
    .limit(1);
  return rows[0];
}

export async function departmentNameTaken(
  db: Db,
  schoolId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.schoolId, schoolId),
        eq(departments.name, name),
        exceptId ? ne(departments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertDepartment(
  db: Db,
  row: typeof departments.$inferInsert,
): Promise<DepartmentRow> {
  const [created] = await db.insert(departments).values(row).returning();
  return created!;
}

export async function updateDepartment(
  db: Db,
  schoolId: string,
  id: string,
  set: { name: string; sort: number; updatedAt: Date },
): Promise<DepartmentRow | undefined> {
  const [row] = await db
    .update(departments)
    .set(set)
    .where(and(eq(departments.schoolId, schoolId), eq(departments.id, id)))
    .returning();
  return row;
}

export async function deleteDepartment(db: Db, schoolId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(departments)
    .where(and(eq(departments.schoolId, schoolId), eq(departments.id, id)))
    .returning({ id: departments.id });
  return rows.length > 0;
}

export async function countMajorsOf(
  db: Db,
  schoolId: string,
  departmentId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(majors)
    .where(and(eq(majors.schoolId, schoolId), eq(majors.departmentId, departmentId)));
  return row?.n ?? 0;
}

/** Every major of the school with its department's name, in the order of the tree. */
export function listMajors(db: Db, schoolId: string) {
  return db
    .select({
      id: majors.id,
      departmentId: majors.departmentId,
      name: majors.name,
      sort: majors.sort,
      departmentName: departments.name,
    })
    .from(majors)
    .innerJoin(departments, eq(departments.id, majors.departmentId))
    .where(eq(majors.schoolId, schoolId))
    .orderBy(
      asc(departments.sort),
      asc(departments.name),
      asc(majors.sort),
      asc(majors.name),
      asc(majors.id),
    );
}

export async function findMajor(
  db: Db,
  schoolId: string,
  id: string,
): Promise<MajorRow | undefined> {
  const rows = await db
    .select()
    .from(majors)
    .where(and(eq(majors.schoolId, schoolId), eq(majors.id, id)))
    .limit(1);
  return rows[0];
}

/** The majors among `ids` that belong to the school. */
export async function findMajors(db: Db, schoolId: string, ids: string[]): Promise<MajorRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(majors)
    .where(and(eq(majors.schoolId, schoolId), inArray(majors.id, ids)));
}

export async function majorNameTaken(
  db: Db,
  schoolId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: majors.id })
    .from(majors)
    .where(
      and(
        eq(majors.schoolId, schoolId),
        eq(majors.name, name),
        exceptId ? ne(majors.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertMajor(db: Db, row: typeof majors.$inferInsert): Promise<MajorRow> {
  const [created] = await db.insert(majors).values(row).returning();
  return created!;
}

export async function updateMajor(
  db: Db,
  schoolId: string,
  id: string,
  set: { departmentId: string; name: string; sort: number; updatedAt: Date },
): Promise<MajorRow | undefined> {
  const [row] = await db
    .update(majors)
    .set(set)
    .where(and(eq(majors.schoolId, schoolId), eq(majors.id, id)))
    .returning();
  return row;
}

export async function deleteMajor(db: Db, schoolId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(majors)
    .where(and(eq(majors.schoolId, schoolId), eq(majors.id, id)))
    .returning({ id: majors.id });
  return rows.length > 0;
}
