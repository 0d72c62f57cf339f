import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  runnerOf,
  type CostPreview,
  type Lang,
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
import {
  LabError,
  nothingEnforced,
  type LabDriver,
  type LabErrorInfo,
  type LabNote,
  type LabSpec,
} from '@platform/labs';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { mustRunOnLabLeader } from '../../lib/route-scope';
import type { PeriodicWork } from '../../lib/scheduler';
import { labUsername, type LabBroker } from './labs.broker';
import * as repo from './labs.repo';
import { leaderOnlyDriver } from './labs.driver-guard';
import { WarmPool, type LabDemand, type Resources, type WarmLab } from './labs.pool';
import { DeviceSimulation } from './labs.simulator';

export type { Resources };

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

export interface RuntimeOptions {
  /** Starts in progress beyond which `containers/start` answers 601. */
  maxStarting: number;
  heartbeatFlushMs: number;
  idleSweepMs: number;
  /** Labs kept warm on this host at most (default 60), and how often the pools are topped up. */
  maxWarm?: number;
  warmTickMs?: number;
  /** Whether a lab may start and what it costs (billing); every start is free without it. */
  admission?: LabAdmission;
  /** Students about to need each environment, for the warm pools (teaching). */
  demand?: LabDemand;
}

export type StopReason = LabStopReason;

/**
 * What the process that runs the labs tells the others of a container whose state changed, or of
 * containers removed. Channel `lab_states`.
 */
interface StateMessage {
  from: string;
  id?: string;
  desired?: 0 | 1;
  state?: ContainerState;
  error?: LabErrorInfo | null;
  stopReason?: StopReason | null;
  enforced?: Enforcement;
  notes?: LabNote[];
  startedAt?: string | null;
  schoolWarning?: LabWarning | null;
  removed?: string[];
}

const stateChannel = 'lab_states';

function stopReasonOf(value: string | null): StopReason | null {
  return labStopReasons.find((reason) => reason === value) ?? null;
}

const observedStates: Record<number, ContainerState> = {
  0: 'Stopped',
  1: 'Starting',
  2: 'Running',
};

/** A message shown on running labs, such as the school's balance running out. */
export interface LabWarning {
  key: MessageKey;
  params?: Record<string, string | number>;
}

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

/**
 * Keeps every lab container's desired and observed state, answers polls from memory and writes
 * heartbeats in batches. The leading server process runs the labs: it drives the driver towards
 * the desired state, sweeps idle labs, fills the warm pools and tells the other processes each
 * change, which keep the same states in memory. Routes that act on labs reach the leading
 * process (`labs.forward.ts`); the runtime refuses such acts elsewhere.
 */
export class LabRuntime {
  private readonly entries = new Map<string, ContainerEntry>();
  private readonly byUserEnv = new Map<string, string[]>();
  private readonly simulations = new Map<string, DeviceSimulation>();
  private readonly dirtyHeartbeats = new Set<string>();
  private readonly stopListeners = new Set<(entry: ContainerEntry, reason: StopReason) => void>();
  private readonly lineListeners = new Set<(entry: ContainerEntry, line: string) => void>();
  private readonly usageListeners = new Set<(schoolId: string, usageId: string) => void>();
  private readonly changeListeners = new Set<(entry: ContainerEntry) => void>();
  /** Warnings shown on the running labs of a school, by school. */
  private readonly schoolWarnings = new Map<string, LabWarning>();
  readonly admission: LabAdmission;
  private starting = 0;
  private readonly pending = new Set<Promise<unknown>>();
  readonly pool: WarmPool;
  private readonly processId = randomBytes(8).toString('hex');
  private leading = false;
  private readonly offs: (() => unknown)[] = [];
  /** Messages from the leading process, applied one after another. */
  private applying: Promise<void> = Promise.resolve();

  /** The driver, refusing calls from routes that do not declare they run on the lab leader. */
  readonly driver: LabDriver;

  constructor(
    private readonly ctx: AppContext,
    driver: LabDriver,
    readonly broker: LabBroker,
    private readonly options: RuntimeOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.driver = leaderOnlyDriver(driver);
    this.admission = options.admission ?? freeAdmission;
    this.pool = new WarmPool(
      ctx,
      this.driver,
      {
        maxWarm: options.maxWarm ?? 60,
        freeStartSlots: () => Math.max(0, this.options.maxStarting - this.starting),
        frameAncestors: [new URL(ctx.config.publicUrl).origin],
        ...(options.demand ? { demand: options.demand } : {}),
      },
      log,
    );
  }

  /** Whether this process runs the labs. */
  get leads(): boolean {
    return this.leading;
  }

  /**
   * Loads the containers, hears the leading process's changes, and, while this process leads,
   * runs the labs: those whose desired state is running start again.
   */
  async load(): Promise<void> {
    await this.reload();
    const unsubscribe = await this.ctx.bus.subscribe(stateChannel, (payload) =>
      this.receive(payload),
    );
    this.offs.push(unsubscribe);
    this.offs.push(
      this.ctx.bus.onGap(() => {
        if (!this.leading) this.enqueue(() => this.reload());
      }),
    );
    this.offs.push(
      this.ctx.leader.onChange((leader) => {
        void this.track(leader ? this.lead() : this.follow()).catch((error: unknown) =>
          this.log.error({ err: error }, 'lab leadership change failed'),
        );
      }),
    );
    if (this.ctx.leader.isLeader) await this.lead();
  }

  /** Reads every container again, with the states the leading process last wrote. */
  private async reload(): Promise<void> {
    const rows = await repo.allContainers(this.ctx.db);
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.container.id);
      this.remember(row, true);
    }
    for (const id of [...this.entries.keys()]) if (!seen.has(id)) this.forget(id);
  }

  /** Takes the labs over: records where this process is reached and starts the labs meant to run. */
  private async lead(): Promise<void> {
    if (this.leading || !this.ctx.leader.isLeader) return;
    this.leading = true;
    this.log.info({ address: this.ctx.config.internalUrl }, 'this process runs the labs');
    void this.driver
      .warm?.()
      .catch((error: unknown) => this.log.warn({ err: error }, 'lab host not ready'));
    await repo.writeLeader(this.ctx.db, this.ctx.config.internalUrl, this.ctx.now());
    await this.applying;
    const rows = await repo.allContainers(this.ctx.db);
    for (const row of rows) {
      const entry = this.remember(row);
      entry.state = 'Stopped';
    }
    await this.settleUsage();
    await this.removeOrphans();
    for (const entry of this.entries.values()) {
      if (entry.desired === 1) {
        entry.lastHeartbeat = this.ctx.now().getTime();
        this.launch(entry);
      }
    }
    this.pool.start();
  }

  /**
   * A lab that runs on goes on with the usage record it had (one record across a restart or a
   * takeover); one left open by a lab that is not meant to run is closed now.
   */
  private async settleUsage(): Promise<void> {
    for (const { id, containerId } of await repo.openUsages(this.ctx.db)) {
      const entry = this.entries.get(containerId);
      if (entry?.desired === 1) entry.usageId = id;
      else await repo.closeUsage(this.ctx.db, id, this.ctx.now(), 'shutdown');
    }
  }

  /** Homes on this host that no container owns: warm labs of a process that died, say. */
  private async removeOrphans(): Promise<void> {
    const stored = await this.driver.stored?.().catch(() => []);
    for (const id of stored ?? []) {
      if (this.entries.has(id)) continue;
      this.log.info({ containerId: id }, 'lab home without a container removed');
      await this.driver
        .remove(id)
        .catch((error: unknown) =>
          this.log.warn({ err: error, containerId: id }, 'lab home not removed'),
        );
    }
  }

  /** Another process took the labs over: this one stops running them and only listens. */
  private async follow(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    this.log.warn('this process no longer runs the labs');
    await this.pool.close();
    for (const sim of this.simulations.values()) await sim.stop().catch(() => {});
    this.simulations.clear();
    await Promise.all(
      [...this.entries.values()]
        .filter((e) => e.runner !== 'simulation' && e.state !== 'Stopped')
        .map((e) => this.driver.stop(e.id).catch(() => {})),
    );
    this.enqueue(() => this.reload());
  }

  private mustLead(act = 'runtime'): void {
    mustRunOnLabLeader(act);
    if (!this.leading) throw new Error('labs are run by the leading process: act on them there');
  }

  private enqueue(work: () => Promise<void>): void {
    this.applying = this.applying
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'lab state not applied'));
  }

  private publish(message: Omit<StateMessage, 'from'>): void {
    if (!this.leading) return;
    this.ctx.bus
      .publish(stateChannel, JSON.stringify({ from: this.processId, ...message }))
      .catch((error: unknown) => this.log.error({ err: error }, 'lab state not sent'));
  }

  private receive(payload: string): void {
    let message: StateMessage;
    try {
      message = JSON.parse(payload) as StateMessage;
    } catch {
      return;
    }
    if (message.from === this.processId || this.leading) return;
    this.enqueue(async () => {
      if (this.leading) return;
      for (const id of message.removed ?? []) this.forget(id);
      if (!message.id) return;
      let entry = this.entries.get(message.id);
      if (!entry) {
        const [row] = await repo.containersOf(this.ctx.db, [message.id]);
        if (!row) return;
        entry = this.remember(row, true);
      }
      if (message.desired !== undefined) entry.desired = message.desired;
      if (message.state) entry.state = message.state;
      if (message.error !== undefined) entry.error = message.error;
      if (message.stopReason !== undefined) entry.stopReason = message.stopReason;
      if (message.enforced) entry.enforced = message.enforced;
      if (message.notes) entry.notes = message.notes;
      if (message.startedAt !== undefined)
        entry.startedAt = message.startedAt ? new Date(message.startedAt) : null;
      if (entry.schoolId && message.schoolWarning !== undefined) {
        if (message.schoolWarning) this.schoolWarnings.set(entry.schoolId, message.schoolWarning);
        else this.schoolWarnings.delete(entry.schoolId);
      }
      for (const listener of this.changeListeners) listener(entry);
    });
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.dirtyHeartbeats.delete(id);
    const key = `${entry.userId}:${entry.envId}`;
    const left = (this.byUserEnv.get(key) ?? []).filter((other) => other !== id);
    if (left.length) this.byUserEnv.set(key, left);
    else this.byUserEnv.delete(key);
  }

  /**
   * Adds or refreshes a container from its database row; `observed` takes its state from the row
   * (as the leading process last wrote it) rather than from memory.
   */
  remember(row: repo.ContainerWithEnv, observed = false): ContainerEntry {
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
        (row.container.lastHeartbeatAt ?? row.container.startedAt ?? this.ctx.now()).getTime(),
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

  get(id: string): ContainerEntry | undefined {
    return this.entries.get(id);
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

  get startingCount(): number {
    return this.starting;
  }

  runningCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.state === 'Running') n++;
    return n;
  }

  simulation(id: string): DeviceSimulation | undefined {
    return this.simulations.get(id);
  }

  /** Lines the lab's user entered in its terminal (not those of read-only viewers). */
  onCommandLine(listener: (entry: ContainerEntry, line: string) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  commandLine(entry: ContainerEntry, line: string): void {
    for (const listener of this.lineListeners) listener(entry, line);
  }

  /** Called whenever a container's state, error or warning changes. */
  onChange(listener: (entry: ContainerEntry) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(entry: ContainerEntry): void {
    for (const listener of this.changeListeners) listener(entry);
    this.publish({
      id: entry.id,
      desired: entry.desired,
      state: entry.state,
      error: entry.error,
      stopReason: entry.stopReason,
      enforced: entry.enforced,
      notes: entry.notes,
      startedAt: entry.startedAt?.toISOString() ?? null,
      schoolWarning: entry.schoolId ? (this.schoolWarnings.get(entry.schoolId) ?? null) : null,
    });
  }

  onStop(listener: (entry: ContainerEntry, reason: StopReason) => void): () => void {
    this.stopListeners.add(listener);
    return () => this.stopListeners.delete(listener);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  /** Waits for starts and stops in progress (tests and shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  specOf(entry: ContainerEntry): LabSpec {
    const mqttLab = entry.mqttLabId ? this.entries.get(entry.mqttLabId) : undefined;
    const env: Record<string, string> = { LAB_ID: entry.id };
    if (mqttLab?.mqttPassword) {
      env.MQTT_USERNAME = labUsername(mqttLab.id);
      env.MQTT_PASSWORD = mqttLab.mqttPassword;
      env.MQTT_TOPIC_PREFIX = `labs/${mqttLab.id}`;
    }
    return {
      id: entry.id,
      runner: entry.runner === 'jupyter' ? 'jupyter' : 'terminal',
      resources: entry.resources,
      initialFiles: entry.initialFiles,
      env,
      broker: mqttLab?.mqttPassword
        ? (socketPath) => this.broker.attach(socketPath, mqttLab.id)
        : null,
      frameAncestors: [new URL(this.ctx.config.publicUrl).origin],
    };
  }

  /**
   * Gives the container the warm lab it was created from (its id is the lab's): running at once,
   * with the lab's home as the student's own.
   */
  async adoptWarm(entry: ContainerEntry, lab: WarmLab): Promise<void> {
    this.mustLead();
    entry.desired = 1;
    entry.state = 'Running';
    entry.error = null;
    entry.stopReason = null;
    entry.enforced = lab.status?.enforced ?? nothingEnforced;
    entry.notes = lab.status?.notes ?? [];
    entry.startedAt = this.ctx.now();
    this.changed(entry);
    await repo.setStates(this.ctx.db, entry.id, 1, 2, { startedAt: entry.startedAt });
  }

  /** Marks the container as starting and brings it up in the background. */
  launch(entry: ContainerEntry): void {
    this.mustLead();
    entry.desired = 1;
    entry.state = 'Starting';
    entry.error = null;
    entry.stopReason = null;
    this.changed(entry);
    this.starting += entry.runner === 'simulation' ? 0 : 1;
    const counted = entry.runner !== 'simulation';
    void this.track(
      this.bringUp(entry)
        .catch(async (error: unknown) => {
          const info: LabErrorInfo =
            error instanceof LabError
              ? error.info
              : { key: 'labs.start_failed', params: { reason: (error as Error).message } };
          this.log.warn({ containerId: entry.id, err: error }, 'lab start failed');
          entry.state = 'Failed';
          entry.error = info;
          entry.desired = 0;
          this.changed(entry);
          await this.closeUsage(entry, 'failed');
          await repo
            .setStates(this.ctx.db, entry.id, 0, 0, { stopReason: 'failed' })
            .catch(() => {});
        })
        .finally(() => {
          if (counted) this.starting -= 1;
        }),
    );
  }

  private async bringUp(entry: ContainerEntry): Promise<void> {
    if (entry.runner === 'simulation') {
      if (entry.mqttPassword) this.broker.registerLab(entry.id, entry.mqttPassword);
      const existing = this.simulations.get(entry.id);
      if (!existing) {
        const sim = new DeviceSimulation(entry.id, entry.devices, this.broker);
        this.simulations.set(entry.id, sim);
        await sim.start();
      }
      entry.enforced = { ...nothingEnforced, network: true };
      entry.notes = [];
    } else {
      const mqttLab = entry.mqttLabId ? this.entries.get(entry.mqttLabId) : undefined;
      if (mqttLab?.mqttPassword) this.broker.registerLab(mqttLab.id, mqttLab.mqttPassword);
      const status = await this.driver.start(this.specOf(entry));
      entry.enforced = status.enforced;
      entry.notes = status.notes;
    }
    if (entry.desired !== 1) return;
    entry.state = 'Running';
    entry.startedAt ??= this.ctx.now();
    this.changed(entry);
    await repo.setStates(this.ctx.db, entry.id, 1, 2, { startedAt: entry.startedAt });
  }

  async recordUsage(entry: ContainerEntry): Promise<void> {
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

  private async closeUsage(entry: ContainerEntry, reason: StopReason): Promise<void> {
    const usageId = entry.usageId;
    entry.usageId = null;
    if (!usageId) return;
    await repo.closeUsage(this.ctx.db, usageId, this.ctx.now(), reason);
    if (entry.schoolId)
      for (const listener of this.usageListeners) listener(entry.schoolId, usageId);
  }

  /** Called with each usage record closed when a lab stops. */
  onUsageClosed(listener: (schoolId: string, usageId: string) => void): void {
    this.usageListeners.add(listener);
  }

  /** Shows `warning` on the school's running labs (null takes it away). */
  warnSchool(schoolId: string, warning: LabWarning | null): void {
    const before = this.schoolWarnings.get(schoolId);
    if (warning) this.schoolWarnings.set(schoolId, warning);
    else this.schoolWarnings.delete(schoolId);
    if (before?.key === warning?.key) return;
    for (const entry of this.entries.values())
      if (entry.schoolId === schoolId && entry.desired === 1) this.changed(entry);
  }

  warningOf(entry: ContainerEntry): LabWarning | null {
    return entry.schoolId && entry.desired === 1
      ? (this.schoolWarnings.get(entry.schoolId) ?? null)
      : null;
  }

  /** Stops every running lab of the school. */
  async stopSchool(schoolId: string, reason: StopReason): Promise<number> {
    this.mustLead();
    const running = [...this.entries.values()].filter(
      (e) => e.schoolId === schoolId && e.desired === 1,
    );
    await Promise.all(running.map((e) => this.stop(e, reason)));
    this.schoolWarnings.delete(schoolId);
    return running.length;
  }

  /** Stops a container, records the stop and clears what it held. */
  stop(entry: ContainerEntry, reason: StopReason): Promise<void> {
    this.mustLead();
    return this.track(this.bringDown(entry, reason));
  }

  private async bringDown(entry: ContainerEntry, reason: StopReason): Promise<void> {
    const wasActive = entry.desired === 1 || entry.state !== 'Stopped';
    entry.desired = 0;
    // Told with the first change, so a page learns at once that the lab is going and why.
    entry.stopReason = reason;
    if (wasActive) {
      entry.state = 'Stopping';
      this.changed(entry);
    }
    for (const listener of this.stopListeners) listener(entry, reason);
    if (entry.runner === 'simulation') {
      await this.simulations.get(entry.id)?.stop();
      this.simulations.delete(entry.id);
      this.broker.unregisterLab(entry.id);
    } else {
      await this.driver.stop(entry.id);
    }
    entry.state = 'Stopped';
    entry.error = reason === 'idle' ? { key: 'labs.idle_stopped' } : null;
    entry.startedAt = null;
    this.changed(entry);
    this.dirtyHeartbeats.delete(entry.id);
    await this.closeUsage(entry, reason);
    await repo.setStates(this.ctx.db, entry.id, 0, 0, {
      stopReason: reason,
      stoppedAt: this.ctx.now(),
    });
  }

  /**
   * Stops and removes every lab of the users: their homes are deleted, their containers and
   * remembered requests forgotten. Usage records stay for billing. Answers how many were removed.
   */
  async removeUserLabs(userIds: readonly string[]): Promise<number> {
    this.mustLead();
    const ids = await repo.containerIdsOfUsers(this.ctx.db, userIds);
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) {
        if (entry.desired === 1 || entry.state !== 'Stopped') await this.stop(entry, 'removed');
        this.forget(id);
      }
      await this.driver.remove(id);
    }
    await repo.deleteLabsOfUsers(this.ctx.db, userIds);
    if (ids.length) this.publish({ removed: ids });
    return ids.length;
  }

  heartbeat(entry: ContainerEntry): void {
    entry.lastHeartbeat = this.ctx.now().getTime();
    this.dirtyHeartbeats.add(entry.id);
  }

  /** Writes the heartbeats received since the last flush in one statement per batch. */
  async flush(): Promise<number> {
    if (this.dirtyHeartbeats.size === 0) return 0;
    const batch = [...this.dirtyHeartbeats].map((id) => ({
      id,
      at: new Date(this.entries.get(id)?.lastHeartbeat ?? this.ctx.now().getTime()),
    }));
    this.dirtyHeartbeats.clear();
    try {
      for (let i = 0; i < batch.length; i += 1000) {
        await repo.writeHeartbeats(this.ctx.db, batch.slice(i, i + 1000));
      }
    } catch (error) {
      this.log.error({ err: error }, 'heartbeat flush failed');
      for (const b of batch) this.dirtyHeartbeats.add(b.id);
    }
    return batch.length;
  }

  /**
   * Stops every running container that had no heartbeat for its idle timeout, here or, as the
   * database shows, through another process.
   */
  async sweep(): Promise<string[]> {
    if (!this.leading) return [];
    const now = this.ctx.now().getTime();
    const isIdle = (e: ContainerEntry) =>
      e.desired === 1 && e.state === 'Running' && now - e.lastHeartbeat > e.idleTimeoutMs;
    const candidates = [...this.entries.values()].filter(isIdle);
    if (candidates.length === 0) return [];
    const written = await repo.heartbeatsOf(
      this.ctx.db,
      candidates.map((e) => e.id),
    );
    for (const e of candidates) {
      const at = written.get(e.id)?.getTime() ?? 0;
      if (at > e.lastHeartbeat) e.lastHeartbeat = at;
    }
    const idle = candidates.filter(isIdle);
    await Promise.all(
      idle.map((e) => {
        this.log.info({ containerId: e.id }, 'lab stopped after its idle timeout');
        return this.stop(e, 'idle');
      }),
    );
    return idle.map((e) => e.id);
  }

  /**
   * What the runtime does on an interval: each process writes the heartbeats it heard; the
   * leading one stops idle labs and tops the warm pools up.
   */
  periodicWork(): PeriodicWork[] {
    return [
      {
        name: 'labs.heartbeats',
        everyMs: this.options.heartbeatFlushMs,
        on: 'every-process',
        run: () => this.flush(),
      },
      {
        name: 'labs.idle-sweep',
        everyMs: this.options.idleSweepMs,
        on: 'leader',
        run: () => this.sweep(),
      },
      {
        name: 'labs.warm-pools',
        everyMs: this.options.warmTickMs ?? 10_000,
        on: 'leader',
        run: async () => (this.leading ? this.pool.tick() : undefined),
      },
    ];
  }

  async close(): Promise<void> {
    for (const off of this.offs.splice(0)) await off();
    await this.applying;
    await this.pool.close();
    await this.settle();
    await this.flush();
    for (const sim of this.simulations.values()) await sim.stop();
    this.simulations.clear();
    await this.driver.close();
    await this.broker.close();
  }
}
