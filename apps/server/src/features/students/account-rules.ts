import type { AccountStatus } from '@platform/contract';

/**
 * What teacher and student accounts share: the status filter and the database's
 * unique-violation answer.
 */

/**
 * The `enabled` values an account status filter keeps. Whether a school's accounts are expired
 * depends on the school, not on the account: with the service ended no enabled account is
 * normal, otherwise none is expired. `null` keeps nothing.
 */
export function enabledFilterOf(
  status: AccountStatus | undefined,
  serviceEnded: boolean,
): { enabled?: boolean } | null {
  switch (status) {
    case undefined:
      return {};
    case 'deactivated':
      return { enabled: false };
    case 'normal':
      return serviceEnded ? null : { enabled: true };
    case 'expired':
      return serviceEnded ? { enabled: true } : null;
  }
}
