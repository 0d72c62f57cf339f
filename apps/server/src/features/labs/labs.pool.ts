import type { FastifyBaseLogger } from 'fastify';
import { labLimits, runnerOf, type ResourceKind } from '@platform/contract';
import type { LabDriver, LabStatus } from '@platform/labs';
import type { AppContext } from '../../lib/context';
import * as environments from '../environments/environments.service';

export interface Resources {
  cpuCore: number;
  memorySize: number;
  diskSize: number;
  gpuCount: number;
}

/** A lab started ahead of demand for an environment, given whole to the first student to start it. */
export interface WarmLab {
  /** The driver's id, which becomes the claiming student's container id. */
  id: string;
  envId: string;
  resources: Resources;
  status: LabStatus | null;
}

export interface WarmPoolOptions {
  /** Labs kept warm on this host at most, over all environments. */
  maxWarm: number;
  /** Starts the pool may begin now without taking students' start slots. */
  freeStartSlots: () => number;
  frameAncestors: string[];
  /** Students about to need each environment; none without teaching. */
  demand?: LabDemand;
}

/** Students of teaching tasks about to start who have no lab yet, by environment. */
export type LabDemand = (now: Date, leadMs: number) => Promise<Map<string, number>>;

const sameResources = (a: Resources, b: Resources) =>
  a.cpuCore === b.cpuCore &&
  a.memorySize === b.memorySize &&
  a.diskSize === b.diskSize &&
  a.gpuCount === b.gpuCount;

/**
 * Warm pools: for each environment, labs prepared ahead of demand, as many as its own minimum
 * (`warmPool`) or the students of teaching tasks starting within `warmLeadMs`, whichever is more.
 * A student's first start of such an environment takes a prepared lab: its fresh home, with the
 * environment's initial files, becomes the student's, under the lab's own uid. Environments whose
 * labs need the MQTT broker or a combination of parts always start cold.
 */
export class WarmPool {
  private readonly labs = new Map<string, WarmLab[]>();
  private starting = 0;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private readonly demand: LabDemand;

  constructor(
    private readonly ctx: AppContext,
    private readonly driver: LabDriver,
    private readonly options: WarmPoolOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.demand = options.demand ?? (async () => new Map());
  }

  /** Fills the pools now; the lab runtime tops them up on its interval (`periodicWork`). */
  start(): void {
    this.closed = false;
    void this.tick();
  }

  /** Ready labs per environment. */
  ready(envId: string): number {
    return (this.labs.get(envId) ?? []).filter((l) => l.status?.state === 'running').length;
  }

  get size(): number {
    let n = 0;
    for (const list of this.labs.values()) n += list.length;
    return n;
  }

  /** Takes a ready lab of the environment with these resources, or none. */
  claim(envId: string, resources: Resources): WarmLab | null {
    const list = this.labs.get(envId) ?? [];
    const index = list.findIndex(
      (l) => l.status?.state === 'running' && sameResources(l.resources, resources),
    );
    if (index < 0) return null;
    const [lab] = list.splice(index, 1);
    return lab!;
  }

  /** Gives back a claimed lab the start did not use. */
  release(lab: WarmLab): void {
    const list = this.labs.get(lab.envId) ?? [];
    list.push(lab);
    this.labs.set(lab.envId, list);
  }

  /** Brings every pool to its target: starts what is missing, removes what is too much. */
  tick(): Promise<void> {
    this.ticking ??= this.fill()
      .catch((error: unknown) => this.log.warn({ err: error }, 'warm pool not filled'))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async fill(): Promise<void> {
    if (this.closed) return;
    const demand = await this.demand(this.ctx.now(), labLimits.warmLeadMs);
    const rows = await environments.warmPoolEnvironments(this.ctx.db, [...demand.keys()]);
    const targets = new Map<string, number>();
    for (const env of rows) {
      const runner = runnerOf(env.resourceKind as ResourceKind);
      if (env.type === 4 || (runner !== 'terminal' && runner !== 'jupyter')) continue;
      targets.set(
        env.id,
        Math.min(labLimits.warmPoolMax, env.warmPool + (demand.get(env.id) ?? 0)),
      );
    }
    for (const [envId, list] of this.labs) {
      const extra = list.length - (targets.get(envId) ?? 0);
      if (extra > 0) await Promise.all(list.splice(0, extra).map((l) => this.discard(l)));
    }
    for (const env of rows) {
      const target = targets.get(env.id) ?? 0;
      const list = this.labs.get(env.id) ?? [];
      this.labs.set(env.id, list);
      const free = Math.min(
        this.options.maxWarm - this.size,
        this.options.freeStartSlots() - this.starting,
      );
      const missing = Math.min(target - list.length, free);
      for (let i = 0; i < missing; i++) {
        const lab: WarmLab = {
          id: this.ctx.ids.next(),
          envId: env.id,
          resources: {
            cpuCore: env.cpuCore,
            memorySize: env.memorySize,
            diskSize: env.diskSize,
            gpuCount: 0,
          },
          status: null,
        };
        list.push(lab);
        this.starting += 1;
        void this.driver
          .start({
            id: lab.id,
            runner:
              runnerOf(env.resourceKind as ResourceKind) === 'jupyter' ? 'jupyter' : 'terminal',
            resources: lab.resources,
            initialFiles: env.initialFiles,
            env: { LAB_ID: lab.id },
            broker: null,
            frameAncestors: this.options.frameAncestors,
          })
          .then((status) => {
            lab.status = status;
          })
          .catch(async (error: unknown) => {
            this.log.warn({ err: error, envId: env.id }, 'warm lab failed to start');
            const at = list.indexOf(lab);
            if (at >= 0) list.splice(at, 1);
            await this.driver.remove(lab.id).catch(() => {});
          })
          .finally(() => (this.starting -= 1));
      }
    }
  }

  private async discard(lab: WarmLab): Promise<void> {
    await this.driver.stop(lab.id).catch(() => {});
    await this.driver.remove(lab.id).catch(() => {});
  }

  /** Waits for the labs being prepared (tests). */
  async settle(): Promise<void> {
    await this.ticking;
    while (this.starting > 0) await new Promise((r) => setTimeout(r, 20));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.settle();
    const all = [...this.labs.values()].flat();
    this.labs.clear();
    await Promise.all(all.map((l) => this.discard(l)));
  }
}
