import { notFound } from '../../lib/errors';
import { isPlatformStaff, requireSchoolOf, type Actor } from '../auth/auth.plugin';

/**
 * Whose money the actor reads: operators any school (`asked`, or all when none is named); a
 * school's administrator only their own, and another school is "not found". Answers the school
 * to read, or null for all.
 */
export function readableSchool(actor: Actor, asked?: string): string | null {
  if (isPlatformStaff(actor)) return asked ?? null;
  const own = requireSchoolOf(actor);
  if (asked && asked !== own) throw notFound('billing.school_not_found');
  return own;
}

/** One school's account: operators any, a school's administrator their own. */
export function readableAccount(actor: Actor, schoolId: string): string {
  return readableSchool(actor, schoolId) ?? schoolId;
}
