import { requireRole, requireSchoolOf, type Actor } from '../auth/auth.plugin';

/** Student accounts are kept by the school's administrators and teachers; the answer is their school. */
export function requireStudentKeeper(actor: Actor): string {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'school-manager', 'teacher');
  return schoolId;
}
