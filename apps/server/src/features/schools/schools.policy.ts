import type { PermissionKey } from '@platform/contract';
import type { Db } from '../../db/client';
import { isPlatformStaff, requireRole, requireSchoolOf, type Actor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';

/** A school's own members read it; platform staff read every school. */
export function canReadSchool(actor: Actor, schoolId: string): boolean {
  return actor.schoolId === schoolId || isPlatformStaff(actor);
}

/** The actor's own school, whose profile the actor edits; accounts without a school are refused. */
export function requireOwnSchool(actor: Actor): string {
  return requireSchoolOf(actor);
}

/**
 * The school whose profile, organization and classes the actor reads: its own, as a school
 * administrator or teacher. Accounts without a school (platform staff) are refused.
 */
export function requireSchoolReader(actor: Actor): string {
  const schoolId = requireSchoolOf(actor);
  requireRole(actor, 'school-manager', 'teacher');
  return schoolId;
}

/** The actor's own school, when a role of the actor holds the button-level permission. */
export async function requireSchoolWriter(
  db: Db,
  actor: Actor,
  key: PermissionKey,
): Promise<string> {
  const schoolId = requireSchoolOf(actor);
  await requirePermission(db, actor, key);
  return schoolId;
}
