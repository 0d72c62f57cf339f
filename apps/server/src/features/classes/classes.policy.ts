import { requireSchoolOf, type Actor } from '../auth/auth.plugin';

/**
 * Classes are those of the actor's own school, the answer; accounts without a school (platform
 * staff) are refused.
 */
export function requireClassSchool(actor: Actor): string {
  return requireSchoolOf(actor);
}
