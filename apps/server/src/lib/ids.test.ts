import { describe, expect, it } from 'vitest';
import { ClockMovedBackwardsError, decodeId, ID_EPOCH_MS, IdGenerator } from './ids';

describe('IdGenerator', () => {
  it('packs time since the epoch, datacenter, worker and a 12-bit sequence', () => {
    const now = ID_EPOCH_MS + 123_456;
    const gen = new IdGenerator(3, 17, () => now);
    const a = gen.next();
    const b = gen.next();
    expect(decodeId(a)).toEqual({ timestampMs: now, datacenterId: 3, workerId: 17, sequence: 0 });
    expect(decodeId(b).sequence).toBe(1);
    expect(BigInt(a)).toBe((123_456n << 22n) | (3n << 17n) | (17n << 12n));
  });

  it('answers decimal strings that increase and never repeat', () => {
    const gen = new IdGenerator(0, 0);
    const ids = Array.from({ length: 50_000 }, () => gen.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
    expect(ids[0]).toMatch(/^\d+$/);
  });

  it('waits for the next millisecond when 4096 ids were made in one', () => {
    let now = ID_EPOCH_MS + 1000;
    let calls = 0;
    const gen = new IdGenerator(1, 1, () => {
      calls++;
      if (calls > 4097 + 3) now = ID_EPOCH_MS + 1001;
      return now;
    });
    const ids = Array.from({ length: 4097 }, () => gen.next());
    expect(decodeId(ids[4095]!)).toMatchObject({ timestampMs: ID_EPOCH_MS + 1000, sequence: 4095 });
    expect(decodeId(ids[4096]!)).toMatchObject({ timestampMs: ID_EPOCH_MS + 1001, sequence: 0 });
  });

  it('refuses to make ids when the clock moves backwards', () => {
    let now = ID_EPOCH_MS + 5000;
    const gen = new IdGenerator(0, 0, () => now);
    gen.next();
    now -= 10;
    expect(() => gen.next()).toThrow(ClockMovedBackwardsError);
    expect(() => gen.next()).toThrow(/Clock moved backwards/);
    now += 10;
    expect(() => gen.next()).not.toThrow();
  });

  it('checks the 5-bit datacenter and worker ids', () => {
    expect(() => new IdGenerator(32, 0)).toThrow(RangeError);
    expect(() => new IdGenerator(0, -1)).toThrow(RangeError);
    expect(() => new IdGenerator(31, 31)).not.toThrow();
  });
});
