import { isPlatformStaff, type Actor } from '../auth/auth.plugin';
import { forbidden } from '../../lib/errors';

/** Environment configurations are managed by platform staff (operators, admins, case developers). */
export function requireEnvManager(actor: Actor): void {
  if (!isPlatformStaff(actor)) throw forbidden();
}
