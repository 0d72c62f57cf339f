import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentTaskSteps, taskCheckAttempts, taskCommands, taskReports } from '../../db/schema';

/** The students' reports, the check attempts of their labs and the commands they typed. */

export type ReportRow = typeof taskReports.$inferSelect;
export type AttemptRow = typeof taskCheckAttempts.$inferSelect;

/* Reports -------------------------------------------------------------------------------------- */

export async function findReport(db: Db, studentTaskId: string): Promise<ReportRow | undefined> {
  const rows = await db
    .select()
    .from(taskReports)
    .where(eq(taskReports.studentTaskId, studentTaskId));
  return rows[0];
}

/**
 * Writes the report unless a higher revision is stored; answers the row written, or nothing when
 * the stored one is newer.
 */
export async function saveReport(
  db: Db,
  row: typeof taskReports.$inferInsert & { revision: number },
): Promise<ReportRow | undefined> {
  const { studentTaskId: _id, schoolId: _school, ...set } = row;
  const rows = await db
    .insert(taskReports)
    .values(row)
    .onConflictDoUpdate({
      target: taskReports.studentTaskId,
      set,
      setWhere: sql`${taskReports.revision} <= ${row.revision}`,
    })
    .returning();
  return rows[0];
}

/* Check attempts and commands ------------------------------------------------------------------ */

export async function latestAttempt(db: Db, studentTaskId: string, stepId: string) {
  const rows = await db
    .select()
    .from(taskCheckAttempts)
    .where(
      and(eq(taskCheckAttempts.studentTaskId, studentTaskId), eq(taskCheckAttempts.stepId, stepId)),
    )
    .orderBy(desc(taskCheckAttempts.createdAt), desc(taskCheckAttempts.id))
    .limit(1);
  return rows[0];
}

const ATTEMPTS_SHOWN = 500;
const COMMANDS_SHOWN = 5000;

export async function attemptsOf(db: Db, studentTaskId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(taskCheckAttempts)
    .where(eq(taskCheckAttempts.studentTaskId, studentTaskId))
    .orderBy(desc(taskCheckAttempts.createdAt), desc(taskCheckAttempts.id))
    .limit(ATTEMPTS_SHOWN);
}

export async function commandsOf(db: Db, studentTaskId: string) {
  return db
    .select({ at: taskCommands.at, line: taskCommands.line })
    .from(taskCommands)
    .where(eq(taskCommands.studentTaskId, studentTaskId))
    .orderBy(asc(taskCommands.at), asc(taskCommands.id))
    .limit(COMMANDS_SHOWN);
}

/** Keeps an attempt, and the step's best check score so far and what its checks give. */
export async function insertAttempt(db: Db, row: typeof taskCheckAttempts.$inferInsert) {
  await db.transaction(async (tx) => {
    await tx.insert(taskCheckAttempts).values(row);
    await tx
      .insert(studentTaskSteps)
      .values({
        studentTaskId: row.studentTaskId,
        stepId: row.stepId,
        schoolId: row.schoolId,
        checkScore: row.score,
        checkMax: row.max,
        ...(row.score >= row.max ? { completedAt: row.createdAt } : {}),
        updatedAt: row.createdAt!,
      })
      .onConflictDoUpdate({
        target: [studentTaskSteps.studentTaskId, studentTaskSteps.stepId],
        set: {
          checkScore: sql`greatest(coalesce(${studentTaskSteps.checkScore}, 0), ${row.score})`,
          checkMax: row.max,
          ...(row.score >= row.max
            ? {
                completedAt: sql`coalesce(${studentTaskSteps.completedAt}, ${row.createdAt!.toISOString()}::timestamptz)`,
              }
            : {}),
          updatedAt: row.createdAt!,
        },
      });
  });
}

export async function insertCommands(db: Db, rows: (typeof taskCommands.$inferInsert)[]) {
  if (rows.length) await db.insert(taskCommands).values(rows);
}
