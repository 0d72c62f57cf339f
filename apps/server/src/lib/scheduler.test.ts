import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function logged() {
  const errors: { work: string }[] = [];
  return { errors, log: { error: (obj: { work: string }) => void errors.push(obj) } };
}

describe('the scheduler', () => {
  it('runs leader work only while the process leads, and every-process work always', async () => {
    const leader = { isLeader: false };
    const { log } = logged();
    const scheduler = new Scheduler(leader, log as never);
    const runs = { leader: 0, every: 0 };
    scheduler.every({ name: 'l', everyMs: 10, on: 'leader', run: async () => runs.leader++ });
    scheduler.every({ name: 'e', everyMs: 10, on: 'every-process', run: async () => runs.every++ });
    await wait(60);
    expect(runs.leader).toBe(0);
    expect(runs.every).toBeGreaterThan(0);
    leader.isLeader = true;
    await wait(60);
    expect(runs.leader).toBeGreaterThan(0);
    await scheduler.close();
  });

  it('never runs a piece of work twice at once, logs what it throws, and waits for it on close', async () => {
    const { errors, log } = logged();
    const scheduler = new Scheduler({ isLeader: true }, log as never);
    let running = 0;
    let most = 0;
    let done = 0;
    scheduler.every({
      name: 'slow',
      everyMs: 5,
      on: 'leader',
      run: async () => {
        running++;
        most = Math.max(most, running);
        await wait(40);
        running--;
        done++;
      },
    });
    scheduler.every({
      name: 'broken',
      everyMs: 5,
      on: 'leader',
      run: () => {
        throw new Error('thrown before any promise');
      },
    });
    await wait(70);
    await scheduler.close();
    expect(most).toBe(1);
    expect(running).toBe(0);
    const after = done;
    await wait(30);
    expect(done).toBe(after);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.work).toBe('broken');
  });
});
