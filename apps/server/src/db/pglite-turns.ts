import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs every statement on this thread. Statements waiting on its own lock run one after
 * another in a single run of promise callbacks, so under load the event loop never gets back to
 * its sockets and timers: new connections wait seconds to be accepted and `/api/health` stalls
 * with them. Here callers take PGlite in turns, first come first served, and once turns have
 * followed one another for `sliceMs` the next starts only after the event loop has gone round.
 */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private busy = false;
  private sliceStart = 0;

  constructor(private readonly sliceMs = 10) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else if (!this.busy) this.sliceStart = performance.now();
    this.busy = true;
    try {
      return await work();
    } finally {
      if (performance.now() - this.sliceStart < this.sliceMs) this.next();
      else
        setImmediate(() => {
          this.sliceStart = performance.now();
          this.next();
        });
    }
  }

  private next(): void {
    const resolve = this.waiting.shift();
    if (resolve) resolve();
    else this.busy = false;
  }
}

export type PgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The PGlite client as Drizzle uses it (queries and transactions), taken in turns. A
 * transaction's own statements run inside its turn.
 */
export function inTurns(client: PGlite, turns = new Turns()): PgliteClient {
  return {
    query: ((...args: Parameters<PGlite['query']>) =>
      turns.run(() => client.query(...args))) as PGlite['query'],
    transaction: ((fn: Parameters<PGlite['transaction']>[0]) =>
      turns.run(() => client.transaction(fn))) as PGlite['transaction'],
  };
}
