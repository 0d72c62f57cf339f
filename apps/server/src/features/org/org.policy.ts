import { requireSchoolOf, type Actor } from '../auth/auth.plugin';

/**
 * Departments and majors are those of the actor's own school, the answer; accounts without a
 * school (platform staff) are refused.
 */
export function requireOrgSchool(actor: Actor): string {
  return requireSchoolOf(actor);
}
