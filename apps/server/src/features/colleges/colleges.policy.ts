import type { CollegeSave } from '@platform/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';
import type { CollegeRow } from './colleges.repo';

/**
 * An update that enables or disables a school, or changes its maximum of students, also needs
 * the button-level permission of that action (the route's declaration checks add or edit).
 */
export async function requireCollegeChange(
  db: Db,
  actor: Actor,
  current: CollegeRow,
  body: CollegeSave,
): Promise<void> {
  if (body.enabled !== undefined && body.enabled !== current.enabled)
    await requirePermission(db, actor, 'college.enable');
  if (body.maxStudents !== undefined && body.maxStudents !== current.maxStudents)
    await requirePermission(db, actor, 'college.total_user');
}
