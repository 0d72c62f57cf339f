import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentTasks } from '../../db/schema';

/** Deletes the student tasks (training data) of these students; answers how many went. */
export async function deleteStudentTasks(
  db: Db,
  schoolId: string,
  studentIds: string[],
): Promise<number> {
  if (studentIds.length === 0) return 0;
  const rows = await db
    .delete(studentTasks)
    .where(and(eq(studentTasks.schoolId, schoolId), inArray(studentTasks.studentId, studentIds)))
    .returning({ id: studentTasks.id });
  return rows.length;
}
