import { notFound } from '../../lib/errors';
import { requireRole, requireSchoolOf, roleCodesOf, type Actor } from '../auth/auth.plugin';

/**
 * Who may do what with a teaching task (decision 0025). School administrators act on every task
 * of their school, teachers on the tasks they issued; students on their own student tasks only.
 * Anything else is not found, whatever the reason, so no answer tells that it exists.
 */

/** A school administrator or teacher, and what they keep. */
export interface Keeper {
  userId: string;
  schoolId: string;
  /** A school administrator: every task of the school. */
  manager: boolean;
}

interface Task {
  schoolId: string;
  teacherId: string;
  deletedAt: Date | null;
}

export function requireTaskKeeper(actor: Actor): Keeper {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'school-manager', 'teacher');
  return {
    userId: actor.userId,
    schoolId,
    manager: roleCodesOf(actor).includes('school-manager'),
  };
}

/** The school of a student. */
export function requireTaskStudent(actor: Actor): string {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'student');
  return schoolId;
}

export function keeps(keeper: Keeper, task: Task): boolean {
  return (
    task.schoolId === keeper.schoolId &&
    (keeper.manager || task.teacherId === keeper.userId) &&
    task.deletedAt === null
  );
}

/** A task the keeper acts on; any other, or a deleted one, is not found. */
export function requireKeptTask<T extends Task>(keeper: Keeper, task: T | undefined): T {
  if (!task || !keeps(keeper, task)) throw notFound('teaching.not_found');
  return task;
}

/** A student task of a task the keeper acts on; any other is not found. */
export function requireKeptStudentTask<S extends { task: Task }>(
  keeper: Keeper,
  row: S | undefined,
): S {
  if (!row || !keeps(keeper, row.task)) throw notFound('teaching.student_task_not_found');
  return row;
}

/** The caller's own student task of a task that is not deleted; any other is not found. */
export function requireOwnStudentTask<S extends { studentId: string; task: Task }>(
  actor: Actor,
  row: S | undefined,
): S {
  const schoolId = requireTaskStudent(actor);
  if (
    !row ||
    row.studentId !== actor.userId ||
    row.task.schoolId !== schoolId ||
    row.task.deletedAt !== null
  )
    throw notFound('teaching.student_task_not_found');
  return row;
}
