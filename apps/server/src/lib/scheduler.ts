import type { FastifyBaseLogger } from 'fastify';
import type { LeaderLock } from '../db/leader';
import { AsyncTask, SimpleIntervalJob, ToadScheduler } from 'toad-scheduler';
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
 * Every periodic piece of work of a server process, on toad-scheduler: each runs on its interval
 * where its declaration says, never twice at once (the library skips a tick while the last run
 * goes on), logs what it throws, and is waited for on close.
 */
export class Scheduler {
  private readonly toad = new ToadScheduler({ unref: true });
  private readonly runs = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly leader: Pick<LeaderLock, 'isLeader'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  every(work: PeriodicWork): void {
    const task = new AsyncTask(
      work.name,
      async () => {
        if (this.closed || (work.on === 'leader' && !this.leader.isLeader)) return;
        const run = Promise.resolve().then(() => outsideRoute(() => work.run()));
        this.runs.add(run);
        try {
          await run;
        } finally {
          this.runs.delete(run);
        }
      },
      (err) => this.log.error({ err, work: work.name }, 'periodic work failed'),
    );
    this.toad.addSimpleIntervalJob(
      new SimpleIntervalJob({ milliseconds: work.everyMs }, task, { preventOverrun: true }),
    );
  }

  /** Stops every interval and waits for the runs in progress. */
  async close(): Promise<void> {
    this.closed = true;
    this.toad.stop();
    await Promise.allSettled([...this.runs]);
  }
}
