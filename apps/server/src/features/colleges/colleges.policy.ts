import type { PermissionKey } from '@platform/contract';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { isPlatformStaff, type Actor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';

/** Schools are operated by platform staff; school accounts are refused whatever they hold. */
export function requireCollegeReader(actor: Actor): void {
  if (!isPlatformStaff(actor)) throw forbidden();
}

/** A change of schools: platform staff whose role holds the button-level permission. */
export async function requireCollegeWriter(
  db: Db,
  actor: Actor,
  key: PermissionKey,
): Promise<void> {
  requireCollegeReader(actor);
  await requirePermission(db, actor, key);
}
