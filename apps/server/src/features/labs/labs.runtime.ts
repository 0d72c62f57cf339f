import type { FastifyBaseLogger } from 'fastify';
import {
  LabError,
  nothingEnforced,
  type LabDriver,
  type LabErrorInfo,
  type LabSpec,
} from '@platform/labs';
import type { AppContext } from '../../lib/context';
import { mustRunOnLabLeader } from '../../lib/route-scope';
import type { PeriodicWork } from '../../lib/scheduler';
import { labUsername, type LabBroker } from './labs.broker';
import * as repo from './labs.repo';
import { leaderOnlyDriver } from './labs.driver-guard';
import { WarmPool, type LabDemand, type Resources, type WarmLab } from './labs.pool';
import { LabReconciler } from './labs.reconciler';
import {
  LabRegistry,
  type ContainerEntry,
  type LabWarning,
  type StopReason,
} from './labs.registry';
import { LabReplication } from './labs.replication';
import { DeviceSimulation } from './labs.simulator';
import { freeAdmission, LabUsage, type LabAdmission } from './labs.usage';

export type { Resources };

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

/**
 * Keeps every lab container's desired and observed state, answers polls from memory and writes
 * heartbeats in batches. The leading server process runs the labs: it drives the driver towards
 * the desired state, sweeps idle labs, fills the warm pools and tells the other processes each
 * change, which keep the same states in memory. Routes that act on labs reach the leading
 * process (`labs.forward.ts`); the runtime refuses such acts elsewhere.
 */
export class LabRuntime {
  private readonly registry: LabRegistry;
  private readonly replication: LabReplication;
  private readonly usage: LabUsage;
  private readonly reconciler: LabReconciler;
  private readonly simulations = new Map<string, DeviceSimulation>();
  private readonly stopListeners = new Set<(entry: ContainerEntry, reason: StopReason) => void>();
  private readonly lineListeners = new Set<(entry: ContainerEntry, line: string) => void>();
  private readonly changeListeners = new Set<(entry: ContainerEntry) => void>();
  readonly admission: LabAdmission;
  private starting = 0;
  private readonly pending = new Set<Promise<unknown>>();
  readonly pool: WarmPool;
  private leading = false;
  private readonly offs: (() => unknown)[] = [];

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
    const leads = () => this.leading;
    this.registry = new LabRegistry(() => ctx.now());
    this.usage = new LabUsage(ctx, this.registry);
    this.replication = new LabReplication({
      ctx,
      registry: this.registry,
      log,
      leads,
      applied: (entry) => this.notify(entry),
    });
    this.reconciler = new LabReconciler({
      ctx,
      registry: this.registry,
      driver: this.driver,
      pool: this.pool,
      log,
      leads,
      stop: (entry, reason) => this.stop(entry, reason),
      heartbeatFlushMs: options.heartbeatFlushMs,
      idleSweepMs: options.idleSweepMs,
      ...(options.warmTickMs !== undefined ? { warmTickMs: options.warmTickMs } : {}),
    });
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
    await this.replication.reload();
    this.offs.push(...(await this.replication.listen()));
    this.offs.push(
      this.ctx.leader.onChange((leader) => {
        void this.track(leader ? this.lead() : this.follow()).catch((error: unknown) =>
          this.log.error({ err: error }, 'lab leadership change failed'),
        );
      }),
    );
    if (this.ctx.leader.isLeader) await this.lead();
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
    await this.replication.applied();
    const rows = await repo.allContainers(this.ctx.db);
    for (const row of rows) {
      const entry = this.registry.remember(row);
      entry.state = 'Stopped';
    }
    await this.usage.settleOpen();
    await this.reconciler.removeOrphans();
    for (const entry of this.registry.all()) {
      if (entry.desired === 1) {
        entry.lastHeartbeat = this.ctx.now().getTime();
        this.launch(entry);
      }
    }
    this.pool.start();
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
      this.registry
        .all()
        .filter((e) => e.runner !== 'simulation' && e.state !== 'Stopped')
        .map((e) => this.driver.stop(e.id).catch(() => {})),
    );
    this.replication.reloadLater();
  }

  private mustLead(act = 'runtime'): void {
    mustRunOnLabLeader(act);
    if (!this.leading) throw new Error('labs are run by the leading process: act on them there');
  }

  /**
   * Adds or refreshes a container from its database row; `observed` takes its state from the row
   * (as the leading process last wrote it) rather than from memory.
   */
  remember(row: repo.ContainerWithEnv, observed = false): ContainerEntry {
    return this.registry.remember(row, observed);
  }

  get(id: string): ContainerEntry | undefined {
    return this.registry.get(id);
  }

  entriesOf(userId: string, envId: string): ContainerEntry[] {
    return this.registry.entriesOf(userId, envId);
  }

  /** Whether any lab of `envId` (directly or as a part) is meant to run. */
  isEnvInUse(envId: string): boolean {
    return this.registry.isEnvInUse(envId);
  }

  get startingCount(): number {
    return this.starting;
  }

  runningCount(): number {
    return this.registry.runningCount();
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

  private notify(entry: ContainerEntry): void {
    for (const listener of this.changeListeners) listener(entry);
  }

  private changed(entry: ContainerEntry): void {
    this.notify(entry);
    this.replication.tell(entry);
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
    const mqttLab = entry.mqttLabId ? this.registry.get(entry.mqttLabId) : undefined;
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
          await this.usage.close(entry, 'failed');
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
      const mqttLab = entry.mqttLabId ? this.registry.get(entry.mqttLabId) : undefined;
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
    await this.usage.record(entry);
  }

  /** Called with each usage record closed when a lab stops. */
  onUsageClosed(listener: (schoolId: string, usageId: string) => void): void {
    this.usage.onClosed(listener);
  }

  /** Shows `warning` on the school's running labs (null takes it away). */
  warnSchool(schoolId: string, warning: LabWarning | null): void {
    const before = this.registry.schoolWarning(schoolId);
    this.registry.setSchoolWarning(schoolId, warning);
    if (before?.key === warning?.key) return;
    for (const entry of this.registry.all())
      if (entry.schoolId === schoolId && entry.desired === 1) this.changed(entry);
  }

  warningOf(entry: ContainerEntry): LabWarning | null {
    return entry.schoolId && entry.desired === 1
      ? (this.registry.schoolWarning(entry.schoolId) ?? null)
      : null;
  }

  /** Stops every running lab of the school. */
  async stopSchool(schoolId: string, reason: StopReason): Promise<number> {
    this.mustLead();
    const running = this.registry.all().filter((e) => e.schoolId === schoolId && e.desired === 1);
    await Promise.all(running.map((e) => this.stop(e, reason)));
    this.registry.setSchoolWarning(schoolId, null);
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
    this.registry.dropHeartbeat(entry.id);
    await this.usage.close(entry, reason);
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
      const entry = this.registry.get(id);
      if (entry) {
        if (entry.desired === 1 || entry.state !== 'Stopped') await this.stop(entry, 'removed');
        this.registry.forget(id);
      }
      await this.driver.remove(id);
    }
    await repo.deleteLabsOfUsers(this.ctx.db, userIds);
    if (ids.length) this.replication.tellRemoved(ids);
    return ids.length;
  }

  heartbeat(entry: ContainerEntry): void {
    this.registry.heartbeat(entry);
  }

  /** Writes the heartbeats received since the last flush in one statement per batch. */
  flush(): Promise<number> {
    return this.reconciler.flush();
  }

  /**
   * Stops every running container that had no heartbeat for its idle timeout, here or, as the
   * database shows, through another process.
   */
  sweep(): Promise<string[]> {
    return this.reconciler.sweep();
  }

  /**
   * What the runtime does on an interval: each process writes the heartbeats it heard; the
   * leading one stops idle labs and tops the warm pools up.
   */
  periodicWork(): PeriodicWork[] {
    return this.reconciler.periodicWork();
  }

  async close(): Promise<void> {
    for (const off of this.offs.splice(0)) await off();
    await this.replication.applied();
    await this.pool.close();
    await this.settle();
    await this.flush();
    for (const sim of this.simulations.values()) await sim.stop();
    this.simulations.clear();
    await this.driver.close();
    await this.broker.close();
  }
}
