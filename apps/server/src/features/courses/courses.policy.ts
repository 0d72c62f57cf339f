import { AppError, notFound } from '../../lib/errors';
import { requireRole, requireSchoolOf, type Actor } from '../auth/auth.plugin';

/**
 * Who may do what with a course. A school's course is the business of that school's
 * administrators and teachers alone; the platform's courses (no school) are read by every
 * school's staff and changed by none of them. Students see their school's courses open for
 * self-study and the platform's courses their school holds a purchase of (decision 0024). A
 * course the caller may not see is not found, whatever the reason.
 */

/** The course's school, or null for the platform's. */
interface Owned {
  schoolId: string | null;
}

/** The school of a school administrator or teacher. */
export function requireCourseKeeper(actor: Actor): string {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'school-manager', 'teacher');
  return schoolId;
}

/** The school of a student. */
export function requireCourseStudent(actor: Actor): string {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'student');
  return schoolId;
}

export function readableBy(course: Owned, schoolId: string): boolean {
  return course.schoolId === null || course.schoolId === schoolId;
}

export function editableBy(course: Owned, schoolId: string): boolean {
  return course.schoolId === schoolId;
}

/** A course the school's staff may read; anything else is not found. */
export function requireReadable<C extends Owned>(course: C | undefined, schoolId: string): C {
  if (!course || !readableBy(course, schoolId)) throw notFound('courses.not_found');
  return course;
}

/** A course of the school itself: another school's is not found, the platform's refused. */
export function requireEditable<C extends Owned>(course: C | undefined, schoolId: string): C {
  const readable = requireReadable(course, schoolId);
  if (!editableBy(readable, schoolId)) throw new AppError('courses.not_editable', { status: 403 });
  return readable;
}
