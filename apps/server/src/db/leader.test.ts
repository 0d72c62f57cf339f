import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { advisoryLeader, neverLeader, soleLeader, type LeaderLock } from './leader';

async function until(check: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

describe('without a shared database', () => {
  it('the only process leads; a tool never does', async () => {
    expect(soleLeader().isLeader).toBe(true);
    expect(neverLeader().isLeader).toBe(false);
  });
});

const url = process.env.DATABASE_URL;

describe.runIf(process.env.TEST_DATABASE === 'postgres' && url)('an advisory lock', () => {
  const opened: LeaderLock[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((l) => l.close()));
  });

  const compete = (name: string, clients?: pg.Client[]) => {
    const lock = advisoryLeader({
      name,
      retryMs: 100,
      connect: () => {
        const client = new pg.Client({ connectionString: url });
        clients?.push(client);
        return client;
      },
    });
    opened.push(lock);
    return lock;
  };

  it('lets one of two lead, and the other take over when the leader lets go', async () => {
    const name = `leader-test-${randomUUID()}`;
    const a = compete(name);
    await until(() => a.isLeader, 2_000);
    const b = compete(name);
    const changes: boolean[] = [];
    b.onChange((leader) => changes.push(leader));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([a.isLeader, b.isLeader]).toEqual([true, false]);

    await a.close();
    expect(a.isLeader).toBe(false);
    await until(() => b.isLeader, 1_000);
    expect(changes).toEqual([true]);
  });

  it('gives up the lead when its connection dies, and another takes it', async () => {
    const name = `leader-test-${randomUUID()}`;
    let first: pg.Client | null = null;
    // After its first connection, this one cannot reach the database again.
    const a = advisoryLeader({
      name,
      retryMs: 100,
      connect: () => {
        if (first) return new pg.Client({ host: '127.0.0.1', port: 1 });
        first = new pg.Client({ connectionString: url });
        return first;
      },
    });
    opened.push(a);
    const changes: boolean[] = [];
    a.onChange((leader) => changes.push(leader));
    await until(() => a.isLeader, 2_000);
    const b = compete(name);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(b.isLeader).toBe(false);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const pid = (first! as unknown as { processID: number }).processID;
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await until(() => b.isLeader, 1_000);
    expect(a.isLeader).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});
