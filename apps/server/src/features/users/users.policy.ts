import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';

/** An account changes its own password only; naming another account is refused. */
export function requireSelf(actor: Actor, userId: string): void {
  if (userId !== actor.userId) throw new AppError('users.not_self', { status: 403 });
}

/**
 * An account saves its own record only. Any other id is answered as not found, so the call never
 * tells whether another account exists.
 */
export function requireOwnRecord(actor: Actor, id: string | null | undefined): void {
  if (id && id !== actor.userId) throw notFound('users.not_found');
}
