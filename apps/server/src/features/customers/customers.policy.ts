import type { PermissionKey } from '@platform/contract';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { isPlatformStaff, type Actor } from '../auth/auth.plugin';
import { requirePermission } from '../menus/menus.permissions';

/** Customers and their service time are platform business: school accounts never see them. */
export function requireCustomerReader(actor: Actor): void {
  if (!isPlatformStaff(actor)) throw forbidden();
}

/** A change needs platform staff holding the button-level permission of the action. */
export async function requireCustomerAction(
  db: Db,
  actor: Actor,
  key: PermissionKey,
): Promise<void> {
  requireCustomerReader(actor);
  await requirePermission(db, actor, key);
}
