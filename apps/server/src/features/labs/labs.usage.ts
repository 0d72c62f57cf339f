import type { CostPreview, Lang } from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import * as repo from './labs.repo';
import type { Resources } from './labs.pool';
import type { ContainerEntry, LabRegistry, StopReason } from './labs.registry';

/** One part of a lab about to start, as the admission weighs it. */
export interface AdmissionPart {
  kind: string;
  resources: Resources;
}

export interface AdmissionRequest {
  schoolId: string | null;
  userId: string;
  student: boolean;
  parts: AdmissionPart[];
}

/**
 * Whether a lab may start, decided inside the start's transaction before its containers are
 * written (throwing the refusal), and what a start would cost. Billing provides it; without billing
 * every start is admitted at no cost.
 */
export interface LabAdmission {
  admit(tx: Db, request: AdmissionRequest): Promise<void>;
  preview(request: AdmissionRequest, lang: Lang): Promise<CostPreview>;
}

export const freeAdmission: LabAdmission = {
  admit: async () => {},
  preview: async () => ({
    metered: false,
    items: [],
    fenPerHour: 0,
    totalFen: 0,
    packageSeconds: 0,
    untimedUntil: null,
    validUntil: null,
    hoursLeft: null,
    refusal: null,
  }),
};

/** The usage records of running labs: one opens when a lab starts and closes when it stops. */
export class LabUsage {
  private readonly closedListeners = new Set<(schoolId: string, usageId: string) => void>();

  constructor(
    private readonly ctx: AppContext,
    private readonly registry: LabRegistry,
  ) {}

  async record(entry: ContainerEntry): Promise<void> {
    if (entry.usageId) return;
    entry.usageId = this.ctx.ids.next();
    entry.startedAt = this.ctx.now();
    await repo.insertUsage(this.ctx.db, {
      id: entry.usageId,
      containerId: entry.id,
      userId: entry.userId,
      schoolId: entry.schoolId,
      envId: entry.envId,
      envName: entry.envName,
      resourceKind: entry.kind,
      resources: entry.resources,
      startedAt: entry.startedAt,
    });
  }

  async close(entry: ContainerEntry, reason: StopReason): Promise<void> {
    const usageId = entry.usageId;
    entry.usageId = null;
    if (!usageId) return;
    await repo.closeUsage(this.ctx.db, usageId, this.ctx.now(), reason);
    if (entry.schoolId)
      for (const listener of this.closedListeners) listener(entry.schoolId, usageId);
  }

  /** Called with each usage record closed when a lab stops. */
  onClosed(listener: (schoolId: string, usageId: string) => void): void {
    this.closedListeners.add(listener);
  }

  /**
   * A lab that runs on goes on with the usage record it had (one record across a restart or a
   * takeover); one left open by a lab that is not meant to run is closed now.
   */
  async settleOpen(): Promise<void> {
    for (const { id, containerId } of await repo.openUsages(this.ctx.db)) {
      const entry = this.registry.get(containerId);
      if (entry?.desired === 1) entry.usageId = id;
      else await repo.closeUsage(this.ctx.db, id, this.ctx.now(), 'shutdown');
    }
  }
}
