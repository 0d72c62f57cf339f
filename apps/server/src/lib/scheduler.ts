import type { FastifyBaseLogger } from 'fastify';
import type { LeaderLock } from '../db/leader';
import { outsideRoute } from './route-scope';

/** Work done again and again, declared once. */
export interface PeriodicWork {
  /** Names the work in the log. */
  name: string;
  everyMs: number;
  /**
   * `leader`: only on the process holding the leader lock (what one process may do for all);
   * `every-process`: on each process (what each keeps for itself).
   */
  on: 'leader' | 'every-process';
  run(): Promise<unknown>;
}

/**
 * Every periodic piece of work of a server process: each runs on its interval where its
 * declaration says, never twice at once, logs what it throws, and is waited for on close.
 */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly runs = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly leader: Pick<LeaderLock, 'isLeader'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  every(work: PeriodicWork): void {
    let running: Promise<void> | null = null;
    const run = (): Promise<void> => {
      if (this.closed || (work.on === 'leader' && !this.leader.isLeader)) return Promise.resolve();
      if (running) return running;
      const started: Promise<void> = new Promise((resolve) =>
        resolve(outsideRoute(() => work.run())),
      )
        .then(
          () => undefined,
          (err: unknown) => this.log.error({ err, work: work.name }, 'periodic work failed'),
        )
        .finally(() => {
          this.runs.delete(started);
          running = null;
        });
      running = started;
      this.runs.add(started);
      return started;
    };
    const timer = setInterval(() => void run(), work.everyMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Stops every interval and waits for the runs in progress. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled([...this.runs]);
  }
}
