import { isPlatformStaff, type Actor } from '../auth/auth.plugin';

/** A school's own members read it; platform staff read every school. */
export function canReadSchool(actor: Actor, schoolId: string): boolean {
  return actor.schoolId === schoolId || isPlatformStaff(actor);
}
