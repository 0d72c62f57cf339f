import { ResponseCode, type Language, type Ticket } from '@platform/contract';
import type { Config } from '../../config';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { LabAccess } from './labs.access';
import * as repo from './labs.repo';
import type { ContainerEntry, StopReason } from './labs.registry';
import type { LabRuntime } from './labs.runtime';

/* What teaching reads of and does to a student's labs --------------------------------------- */

/**
 * A read-only ticket to someone's running terminal or device panel, for a viewer the calling
 * feature has allowed (a task's teacher): output only, no keyboard, no resizing.
 */
export function readOnlyTicket(
  labs: { runtime: LabRuntime; access: LabAccess },
  config: Config,
  containerId: string,
  language: Language,
): Ticket {
  const entry = labs.runtime.get(containerId);
  if (!entry || entry.state !== 'Running' || !['terminal', 'simulation'].includes(entry.runner))
    throw new AppError('labs.not_running', { code: ResponseCode.FAILED });
  const { ticket, expiresIn } = labs.access.issue(
    { containerId, userId: entry.userId, readOnly: true, language },
    '/',
  );
  return {
    url: labs.access.ticketUrl(config, containerId, ticket),
    expiresIn,
    embedOrigin: new URL(config.publicUrl).origin,
  };
}

/** The user's labs of the environments that are meant to run (starting or running). */
export function activeLabsOf(
  runtime: LabRuntime,
  userId: string,
  envIds: readonly string[],
): ContainerEntry[] {
  return envIds.flatMap((envId) => runtime.entriesOf(userId, envId).filter((e) => e.desired === 1));
}

/** Stops the user's labs of the environments; their homes stay. Answers how many stopped. */
export async function stopLabsOf(
  runtime: LabRuntime,
  userId: string,
  envIds: readonly string[],
  reason: StopReason,
): Promise<number> {
  const active = activeLabsOf(runtime, userId, envIds);
  await Promise.all(active.map((e) => runtime.stop(e, reason)));
  return active.length;
}

/** The user's lab usage of the environments since `since`, with each run's seconds. */
export async function labUsageOf(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  envIds: readonly string[],
  since: Date,
) {
  const rows = await repo.usageOfUser(ctx.db, userId, envIds, since);
  const now = ctx.now().getTime();
  return rows.map((u) => ({
    envId: u.envId,
    envName: u.envName,
    startedAt: u.startedAt.toISOString(),
    stoppedAt: u.stoppedAt?.toISOString() ?? null,
    seconds: Math.max(
      0,
      Math.round(((u.stoppedAt?.getTime() ?? now) - u.startedAt.getTime()) / 1000),
    ),
  }));
}
