import type { FastifyBaseLogger } from 'fastify';
import type { LabDriver } from '@platform/labs';
import type { AppContext } from '../../lib/context';
import type { PeriodicWork } from '../../lib/scheduler';
import * as repo from './labs.repo';
import type { WarmPool } from './labs.pool';
import type { ContainerEntry, LabRegistry, StopReason } from './labs.registry';

export interface ReconcilerOptions {
  ctx: AppContext;
  registry: LabRegistry;
  driver: LabDriver;
  pool: WarmPool;
  log: FastifyBaseLogger;
  /** Whether this process runs the labs now. */
  leads: () => boolean;
  /** Stops a container, records the stop and clears what it held. */
  stop: (entry: ContainerEntry, reason: StopReason) => Promise<void>;
  heartbeatFlushMs: number;
  idleSweepMs: number;
  warmTickMs?: number;
}

/**
 * The runtime's upkeep: heartbeats written in batches, idle labs stopped, warm pools topped up and
 * lab homes that no container owns removed.
 */
export class LabReconciler {
  constructor(private readonly options: ReconcilerOptions) {}

  /** Writes the heartbeats received since the last flush in one statement per batch. */
  async flush(): Promise<number> {
    const { ctx, registry, log } = this.options;
    const batch = registry.takeHeartbeats();
    if (batch.length === 0) return 0;
    try {
      for (let i = 0; i < batch.length; i += 1000) {
        await repo.writeHeartbeats(ctx.db, batch.slice(i, i + 1000));
      }
    } catch (error) {
      log.error({ err: error }, 'heartbeat flush failed');
      registry.keepHeartbeats(batch.map((b) => b.id));
    }
    return batch.length;
  }

  /**
   * Stops every running container that had no heartbeat for its idle timeout, here or, as the
   * database shows, through another process.
   */
  async sweep(): Promise<string[]> {
    const { ctx, registry, log, leads, stop } = this.options;
    if (!leads()) return [];
    const now = ctx.now().getTime();
    const isIdle = (e: ContainerEntry) =>
      e.desired === 1 && e.state === 'Running' && now - e.lastHeartbeat > e.idleTimeoutMs;
    const candidates = registry.all().filter(isIdle);
    if (candidates.length === 0) return [];
    const written = await repo.heartbeatsOf(
      ctx.db,
      candidates.map((e) => e.id),
    );
    for (const e of candidates) {
      const at = written.get(e.id)?.getTime() ?? 0;
      if (at > e.lastHeartbeat) e.lastHeartbeat = at;
    }
    const idle = candidates.filter(isIdle);
    await Promise.all(
      idle.map((e) => {
        log.info({ containerId: e.id }, 'lab stopped after its idle timeout');
        return stop(e, 'idle');
      }),
    );
    return idle.map((e) => e.id);
  }

  /** Homes on this host that no container owns: warm labs of a process that died, say. */
  async removeOrphans(): Promise<void> {
    const { registry, driver, log } = this.options;
    const stored = await driver.stored?.().catch(() => []);
    for (const id of stored ?? []) {
      if (registry.has(id)) continue;
      log.info({ containerId: id }, 'lab home without a container removed');
      await driver
        .remove(id)
        .catch((error: unknown) =>
          log.warn({ err: error, containerId: id }, 'lab home not removed'),
        );
    }
  }

  /**
   * What the runtime does on an interval: each process writes the heartbeats it heard; the
   * leading one stops idle labs and tops the warm pools up.
   */
  periodicWork(): PeriodicWork[] {
    const { pool, leads } = this.options;
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
        run: async () => (leads() ? pool.tick() : undefined),
      },
    ];
  }
}
