import type { AccountStatus } from '@platform/contract';
import type { Db } from '../../db/client';
import { latestServiceEnd } from './auth.repo';

/**
 * Whether a school's service time has ended: it has customer records and the latest service end
 * is past. A school without a customer record has no service limit.
 */
export async function schoolServiceEnded(db: Db, schoolId: string, now: Date): Promise<boolean> {
  const end = await latestServiceEnd(db, schoolId);
  return Boolean(end && end.getTime() <= now.getTime());
}

/** Account state of management spec §4. */
export function accountStatusOf(enabled: boolean, serviceEnded: boolean): AccountStatus {
  if (!enabled) return 'deactivated';
  return serviceEnded ? 'expired' : 'normal';
}
