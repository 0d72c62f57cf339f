import { requireSchoolOf, type Actor } from '../auth/auth.plugin';

/**
 * Imports, their jobs and the export are those of the actor's own school, the answer; accounts
 * without a school (platform staff) are refused.
 */
export function requireImportSchool(actor: Actor): string {
  return requireSchoolOf(actor);
}
