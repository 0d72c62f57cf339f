import {
  runnerOf,
  type MessageKey,
  type ContainerState,
  type Device,
  type Enforcement,
  type InitialFile,
  type LabRunner,
  type LabStopReason,
  type ResourceKind,
  labStopReasons,
} from '@platform/contract';
import { nothingEnforced, type LabErrorInfo, type LabNote } from '@platform/labs';
import type { ContainerWithEnv } from './labs.repo';
import type { Resources } from './labs.pool';

/** One container as the runtime keeps it in memory. Polls and heartbeats touch only this. */
export interface ContainerEntry {
  id: string;
  userId: string;
  schoolId: string | null;
  envId: string;
  partEnvId: string;
  envName: string;
  name: string;
  kind: ResourceKind;
  runner: LabRunner;
  openWith: number;
  expScriptId: string | null;
  desired: 0 | 1;
  state: ContainerState;
  error: LabErrorInfo | null;
  /** Why it stops or stopped; null once it is started again. */
  stopReason: StopReason | null;
  resources: Resources;
  enforced: Enforcement;
  notes: LabNote[];
  startedAt: Date | null;
  lastHeartbeat: number;
  idleTimeoutMs: number;
  /** The MQTT namespace this container belongs to (its lab's simulation container), if any. */
  mqttLabId: string | null;
  mqttPassword: string | null;
  usageId: string | null;
  initialFiles: InitialFile[];
  devices: Device[];
}

export type StopReason = LabStopReason;

/** A message shown on running labs, such as the school's balance running out. */
export interface LabWarning {
  key: MessageKey;
  params?: Record<string, string | number>;
}

function stopReasonOf(value: string | null): StopReason | null {
  return labStopReasons.find((reason) => reason === value) ?? null;
}

const observedStates: Record<number, ContainerState> = {
  0: 'Stopped',
  1: 'Starting',
  2: 'Running',
};

/**
 * The containers in memory, by id and by user and environment, with the heartbeats heard but not
 * yet written and the warnings shown on each school's running labs.
 */
export class LabRegistry {
  private readonly entries = new Map<string, ContainerEntry>();
  private readonly byUserEnv = new Map<string, string[]>();
  private readonly dirtyHeartbeats = new Set<string>();
  /** Warnings shown on the running labs of a school, by school. */
  private readonly schoolWarnings = new Map<string, LabWarning>();

  constructor(private readonly now: () => Date) {}

  /**
   * Adds or refreshes a container from its database row; `observed` takes its state from the row
   * (as the leading process last wrote it) rather than from memory.
   */
  remember(row: ContainerWithEnv, observed = false): ContainerEntry {
    const existing = this.entries.get(row.container.id);
    const kind = row.part.resourceKind as ResourceKind;
    const rowState =
      row.container.desiredState === 1
        ? (observedStates[row.container.observedState] ?? 'Starting')
        : 'Stopped';
    const entry: ContainerEntry = {
      id: row.container.id,
      userId: row.container.userId,
      schoolId: row.container.schoolId,
      envId: row.container.envId,
      partEnvId: row.container.partEnvId,
      envName: row.env.name,
      name: row.part.name,
      kind,
      runner: runnerOf(kind) ?? 'terminal',
      openWith: row.env.openWith,
      expScriptId: row.container.expScriptId,
      desired: row.container.desiredState === 1 ? 1 : 0,
      state: observed ? rowState : (existing?.state ?? 'Stopped'),
      error: existing?.error ?? null,
      stopReason:
        existing?.stopReason ??
        (row.container.desiredState === 1 ? null : stopReasonOf(row.container.stopReason)),
      resources: row.container.resources,
      enforced: existing?.enforced ?? nothingEnforced,
      notes: existing?.notes ?? [],
      startedAt: existing?.startedAt ?? row.container.startedAt,
      lastHeartbeat:
        existing?.lastHeartbeat ??
        (row.container.lastHeartbeatAt ?? row.container.startedAt ?? this.now()).getTime(),
      idleTimeoutMs: row.env.idleTimeout * 1000,
      mqttLabId: null,
      mqttPassword: row.container.mqttPassword,
      usageId: existing?.usageId ?? null,
      initialFiles: row.part.initialFiles,
      devices: row.part.devices,
    };
    this.entries.set(entry.id, entry);
    const key = `${entry.userId}:${entry.envId}`;
    const ids = this.byUserEnv.get(key) ?? [];
    if (!ids.includes(entry.id)) ids.push(entry.id);
    this.byUserEnv.set(key, ids);
    const siblings = ids.map((id) => this.entries.get(id)!);
    const sim = siblings.find((e) => e.runner === 'simulation');
    for (const s of siblings) s.mqttLabId = sim?.id ?? null;
    return entry;
  }

  forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.dirtyHeartbeats.delete(id);
    const key = `${entry.userId}:${entry.envId}`;
    const left = (this.byUserEnv.get(key) ?? []).filter((other) => other !== id);
    if (left.length) this.byUserEnv.set(key, left);
    else this.byUserEnv.delete(key);
  }

  get(id: string): ContainerEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  all(): ContainerEntry[] {
    return [...this.entries.values()];
  }

  entriesOf(userId: string, envId: string): ContainerEntry[] {
    return (this.byUserEnv.get(`${userId}:${envId}`) ?? []).map((id) => this.entries.get(id)!);
  }

  /** Whether any lab of `envId` (directly or as a part) is meant to run. */
  isEnvInUse(envId: string): boolean {
    for (const e of this.entries.values()) {
      if (e.desired === 1 && (e.envId === envId || e.partEnvId === envId)) return true;
    }
    return false;
  }

  runningCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.state === 'Running') n++;
    return n;
  }

  heartbeat(entry: ContainerEntry): void {
    entry.lastHeartbeat = this.now().getTime();
    this.dirtyHeartbeats.add(entry.id);
  }

  /** The heartbeats heard since they were last taken, each with its time; none are kept. */
  takeHeartbeats(): { id: string; at: Date }[] {
    if (this.dirtyHeartbeats.size === 0) return [];
    const batch = [...this.dirtyHeartbeats].map((id) => ({
      id,
      at: new Date(this.entries.get(id)?.lastHeartbeat ?? this.now().getTime()),
    }));
    this.dirtyHeartbeats.clear();
    return batch;
  }

  /** Keeps heartbeats that could not be written, for the next flush. */
  keepHeartbeats(ids: readonly string[]): void {
    for (const id of ids) this.dirtyHeartbeats.add(id);
  }

  dropHeartbeat(id: string): void {
    this.dirtyHeartbeats.delete(id);
  }

  schoolWarning(schoolId: string): LabWarning | undefined {
    return this.schoolWarnings.get(schoolId);
  }

  /** Shows `warning` on the school's labs (null takes it away). */
  setSchoolWarning(schoolId: string, warning: LabWarning | null): void {
    if (warning) this.schoolWarnings.set(schoolId, warning);
    else this.schoolWarnings.delete(schoolId);
  }
}
