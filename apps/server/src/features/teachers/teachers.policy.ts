import { requireRole, requireSchoolOf, type Actor } from '../auth/auth.plugin';

/** Teacher accounts are managed by the school's administrators; the answer is their school. */
export function requireTeacherManager(actor: Actor): string {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'school-manager');
  return schoolId;
}
