/**
 * Snowflake-style ids (spec §9): 41 bits of milliseconds since a fixed epoch, 5-bit datacenter id,
 * 5-bit worker id, 12-bit sequence. Serialised as decimal strings.
 */
export const ID_EPOCH_MS = 1_704_067_200_000; // 2024-01-01T00:00:00Z

const SEQUENCE_BITS = 12n;
const WORKER_BITS = 5n;
const DATACENTER_BITS = 5n;
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n;
const WORKER_SHIFT = SEQUENCE_BITS;
const DATACENTER_SHIFT = SEQUENCE_BITS + WORKER_BITS;
const TIME_SHIFT = SEQUENCE_BITS + WORKER_BITS + DATACENTER_BITS;

export class ClockMovedBackwardsError extends Error {
  constructor(
    readonly lastMs: number,
    readonly nowMs: number,
  ) {
    super(`Clock moved backwards: refusing to generate ids for ${lastMs - nowMs} ms`);
    this.name = 'ClockMovedBackwardsError';
  }
}

export class IdGenerator {
  private lastMs = -1;
  private sequence = 0n;

  constructor(
    private readonly datacenterId: number,
    private readonly workerId: number,
    private readonly now: () => number = Date.now,
  ) {
    for (const [name, v] of [
      ['datacenterId', datacenterId],
      ['workerId', workerId],
    ] as const) {
      if (!Number.isInteger(v) || v < 0 || v > 31) throw new RangeError(`${name} must be 0..31`);
    }
  }

  nextBigInt(): bigint {
    let ms = this.now();
    if (ms < this.lastMs) throw new ClockMovedBackwardsError(this.lastMs, ms);
    if (ms === this.lastMs) {
      this.sequence = (this.sequence + 1n) & MAX_SEQUENCE;
      if (this.sequence === 0n) {
        do {
          ms = this.now();
          if (ms < this.lastMs) throw new ClockMovedBackwardsError(this.lastMs, ms);
        } while (ms === this.lastMs);
      }
    } else {
      this.sequence = 0n;
    }
    this.lastMs = ms;
    return (
      (BigInt(ms - ID_EPOCH_MS) << TIME_SHIFT) |
      (BigInt(this.datacenterId) << DATACENTER_SHIFT) |
      (BigInt(this.workerId) << WORKER_SHIFT) |
      this.sequence
    );
  }

  next(): string {
    return this.nextBigInt().toString();
  }
}

export function decodeId(id: string) {
  const v = BigInt(id);
  return {
    timestampMs: Number(v >> TIME_SHIFT) + ID_EPOCH_MS,
    datacenterId: Number((v >> DATACENTER_SHIFT) & ((1n << DATACENTER_BITS) - 1n)),
    workerId: Number((v >> WORKER_SHIFT) & ((1n << WORKER_BITS) - 1n)),
    sequence: Number(v & MAX_SEQUENCE),
  };
}
