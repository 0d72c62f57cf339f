import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { NotifyBus } from '../../db/notify';
import { outsideRoute } from '../../lib/route-scope';
import type { PeriodicWork } from '../../lib/scheduler';
import * as repo from './jobs.repo';

export type JobRow = repo.JobRow;

/** Heard by every worker when a job is added or a group becomes free; the payload is the kind. */
export const JOBS_CHANNEL = 'jobs';
const CLAIM_LOCK = 'platform.jobs.claim';

export interface NewJob {
  id: string;
  kind: string;
  /** Jobs of one group run one at a time, in the order they were added. */
  groupKey: string;
  payload: Record<string, unknown>;
  /** Runs (the first and the retries) before the job fails for good; 3 unless given. */
  maxAttempts?: number;
}

/**
 * Adds a job in the caller's transaction; the workers hear of it when that commits. With
 * `maxWaiting`, answers false and adds nothing while that many jobs of the kind wait already.
 */
export async function enqueueJob(
  tx: Db,
  job: NewJob,
  opts: { maxWaiting?: number } = {},
): Promise<boolean> {
  if (opts.maxWaiting !== undefined) {
    await repo.lockUntilCommit(tx, `platform.jobs.enqueue.${job.kind}`);
    if ((await repo.countWaiting(tx, job.kind)) >= opts.maxWaiting) return false;
  }
  await repo.insertJob(tx, {
    id: job.id,
    kind: job.kind,
    groupKey: job.groupKey,
    payload: job.payload,
    status: 'waiting',
    maxAttempts: job.maxAttempts ?? 3,
  });
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`);
  return true;
}

/** A job as any process sees it: its state, attempts, last progress and error. */
export function findJob(db: Db, id: string): Promise<repo.JobRow | undefined> {
  return repo.findJob(db, id);
}

export interface RunningJob {
  id: string;
  kind: string;
  groupKey: string;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 on the first retry or takeover, and so on. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this process no longer holds the job (another process took it over). */
  signal: AbortSignal;
  /** Saves progress for any process to read (`findJob`). */
  progress(value: unknown): Promise<void>;
}

export interface JobKind {
  kind: string;
  /** Throws to have the job tried again later, or failed once it ran `maxAttempts` times. */
  run(job: RunningJob): Promise<void>;
  /** The error key a job fails with when its last attempt threw `error`. */
  errorKeyOf(error: unknown): string;
  /** The error key a job fails with when the process of its last attempt went away. */
  interruptedKey: string;
  /** Records the failure of a job for good, in the transaction that marks it failed. */
  failed?(tx: Db, job: repo.JobRow, errorKey: string): Promise<void>;
  /** After a job ended for good, done or failed (removing its files, say). */
  ended?(job: repo.JobRow): Promise<void>;
}

export interface WorkerOptions {
  /** Jobs this process runs at once. */
  parallel?: number;
  /** How long a job stays with its process without the process renewing it. */
  leaseMs?: number;
  /** How often the worker looks for jobs without being told (and for leases that ran out). */
  pollMs?: number;
  /** The wait before the first retry; it doubles with each further one. */
  retryDelayMs?: number;
  /** How long ended jobs are kept (7 days). */
  keepFinishedMs?: number;
}

class LeaseLost extends Error {}

/**
 * Runs jobs of the given kinds in this process: claims them with `FOR UPDATE SKIP LOCKED` when
 * told by the bus and on a slow poll, at most `parallel` at once and one per group across every
 * process, renewing each job's lease while it runs. A job whose process dies is taken over when
 * its lease runs out, and fails with the kind's `interruptedKey` once it has used its attempts.
 */
export class JobWorker {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly kinds: Map<string, JobKind>;
  private readonly running = new Map<string, Promise<void>>();
  private readonly parallel: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retryDelayMs: number;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;
  private stopGap: (() => void) | null = null;
  private stopped = false;
  private halted = false;
  private pumping: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly bus: NotifyBus,
    kinds: JobKind[],
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    opts: WorkerOptions = {},
  ) {
    this.kinds = new Map(kinds.map((k) => [k.kind, k]));
    this.parallel = opts.parallel ?? 2;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 2_000;
    this.retryDelayMs = opts.retryDelayMs ?? 1_000;
    this.keepFinishedMs = opts.keepFinishedMs ?? 7 * 86_400_000;
  }

  private readonly keepFinishedMs: number;

  /** Removes this worker's kinds of jobs that ended longer ago than they are kept. */
  prune(): Promise<number> {
    return repo.deleteFinished(this.db, [...this.kinds.keys()], this.keepFinishedMs);
  }

  /** One process removes, hourly, the jobs that ended longer ago than they are kept. */
  periodicWork(name: string): PeriodicWork {
    return { name, everyMs: 3_600_000, on: 'leader', run: () => this.prune() };
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(JOBS_CHANNEL, (kind) => {
      if (this.kinds.has(kind)) this.wake();
    });
    this.stopGap = this.bus.onGap(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Jobs running in this process now. */
  get active(): number {
    return this.running.size;
  }

  /** Looks for jobs to start now. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = outsideRoute(() => this.pump()).finally(() => {
      this.pumping = null;
    });
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && this.running.size < this.parallel) {
        let claimed: repo.JobRow | 'gave_up' | null;
        try {
          claimed = await this.claim();
        } catch (err) {
          if (!this.stopped) this.log.error({ err }, 'no job claimed');
          return;
        }
        if (claimed === null) break;
        if (claimed !== 'gave_up') this.launch(claimed);
      }
    } while (this.again && !this.stopped);
  }

  private async claim(): Promise<repo.JobRow | 'gave_up' | null> {
    type Claim = { job: repo.JobRow } | { gaveUp: repo.JobRow } | null;
    const result = await this.db.transaction(async (tx): Promise<Claim> => {
      // Claims one at a time, so two processes never start two jobs of one group.
      await repo.lockUntilCommit(tx, CLAIM_LOCK);
      const next = await repo.nextClaimable(tx, [...this.kinds.keys()]);
      if (!next) return null;
      const kind = this.kinds.get(next.kind)!;
      if (next.status === 'running' && next.attempts >= next.maxAttempts) {
        await repo.failAbandoned(tx, next.id, kind.interruptedKey);
        await kind.failed?.(tx, next, kind.interruptedKey);
        return { gaveUp: next };
      }
      return { job: await repo.markRunning(tx, next.id, this.owner, this.leaseMs) };
    });
    if (!result) return null;
    if ('job' in result) return result.job;
    await this.ended(result.gaveUp);
    return 'gave_up';
  }

  private async ended(job: repo.JobRow): Promise<void> {
    const kind = this.kinds.get(job.kind)!;
    await kind
      .ended?.(job)
      .catch((err: unknown) => this.log.error({ err, jobId: job.id }, 'job not cleaned up'));
    await this.bus.publish(JOBS_CHANNEL, job.kind).catch(() => undefined);
  }

  private launch(row: repo.JobRow): void {
    const kind = this.kinds.get(row.kind)!;
    const abort = new AbortController();
    const lost = () => {
      if (!abort.signal.aborted) abort.abort(new LeaseLost(`job ${row.id} taken over`));
    };
    const heartbeat = setInterval(
      () => {
        if (this.halted) return;
        repo.renewLease(this.db, row.id, this.owner, this.leaseMs).then(
          (held) => held || lost(),
          (err: unknown) => this.log.warn({ err, jobId: row.id }, 'job lease not renewed'),
        );
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    const job: RunningJob = {
      id: row.id,
      kind: row.kind,
      groupKey: row.groupKey,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      signal: abort.signal,
      progress: async (value) => {
        if (this.halted) return;
        if (!(await repo.saveProgress(this.db, row.id, this.owner, value))) lost();
      },
    };
    const done = this.runOne(kind, row, job, abort.signal).finally(() => {
      clearInterval(heartbeat);
      this.running.delete(row.id);
      this.wake();
    });
    this.running.set(row.id, done);
  }

  private async runOne(kind: JobKind, row: repo.JobRow, job: RunningJob, signal: AbortSignal) {
    let failure: { error: unknown } | null = null;
    try {
      await kind.run(job);
    } catch (error) {
      failure = { error };
    }
    if (this.halted || signal.aborted) return;
    try {
      if (!failure) {
        if (await repo.finish(this.db, row.id, this.owner, { status: 'done' }))
          await this.ended(row);
        return;
      }
      const errorKey = kind.errorKeyOf(failure.error);
      if (row.attempts < row.maxAttempts) {
        this.log.warn({ err: failure.error, jobId: row.id, attempt: row.attempts }, 'job retried');
        const delay = this.retryDelayMs * 2 ** (row.attempts - 1);
        if (await repo.retryLater(this.db, row.id, this.owner, delay, errorKey))
          setTimeout(() => this.wake(), delay + 10).unref();
        return;
      }
      this.log.error({ err: failure.error, jobId: row.id }, 'job failed');
      const failed = await this.db.transaction(async (tx) => {
        if (!(await repo.finish(tx, row.id, this.owner, { status: 'failed', errorKey })))
          return false;
        await kind.failed?.(tx, row, errorKey);
        return true;
      });
      if (failed) await this.ended(row);
    } catch (err) {
      // The lease runs out and another process (or this one) takes the job over.
      this.log.error({ err, jobId: row.id }, 'job state not saved');
    }
  }

  /** Stops claiming jobs and waits for the running ones to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.stopGap?.();
    await this.unsubscribe?.().catch(() => undefined);
    await this.pumping;
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Stops at once as a killed process would: no more claims, no lease renewed, nothing the
   * running jobs do afterwards recorded as their end.
   */
  async halt(): Promise<void> {
    this.halted = true;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.stopGap?.();
    await this.unsubscribe?.().catch(() => undefined);
  }
}
