import { notFound } from '../../lib/errors';
import { isPlatformStaff, type Actor } from '../auth/auth.plugin';
import type { EnvironmentRow } from '../environments/environments.service';
import type { ContainerEntry } from './labs.registry';

/**
 * Labs belong to the account that starts them: every call acts on the caller's own labs and
 * resource requests. The answer is the owner the service reads and writes for.
 */
export function labOwnerOf(actor: Actor): string {
  return actor.userId;
}

/** The caller's own container; another account's, or none, is "not found" so ids reveal nothing. */
export function requireOwnLab(actor: Actor, entry: ContainerEntry | undefined): ContainerEntry {
  if (!entry || entry.userId !== labOwnerOf(actor)) throw notFound('labs.not_found');
  return entry;
}

/** An environment of the centre: enabled, and when hidden shown to platform staff only. */
export function requireCentreEnvironment(
  actor: Actor,
  env: EnvironmentRow | undefined,
): EnvironmentRow {
  if (!env || env.state !== 1 || (env.hidden === 1 && !isPlatformStaff(actor))) {
    throw notFound('environments.not_found');
  }
  return env;
}
