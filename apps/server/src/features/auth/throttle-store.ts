/** A token bucket: it holds at most `capacity` tokens and gains one every `refillMs`. */
export interface BucketSpec {
  capacity: number;
  refillMs: number;
}

/**
 * Where the sign-in counters live: token buckets and lists of recent events, by key. Kept in
 * process memory for now; a store shared by several server processes implements the same calls.
 */
export interface ThrottleStore {
  /** Milliseconds until the bucket holds a whole token (0: it holds one now). */
  bucketWait(key: string, spec: BucketSpec, now: number): number;
  /** Takes a token from the bucket if it holds one; answers whether it did. */
  takeToken(key: string, spec: BucketSpec, now: number): boolean;
  /** How many events were recorded under `key` within the last `windowMs`. */
  countEvents(key: string, windowMs: number, now: number): number;
  /** Records an event under `key`, keeping only the latest `keep`. */
  recordEvent(key: string, keep: number, now: number): void;
  forget(key: string): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

const tokensOf = (bucket: Bucket | undefined, spec: BucketSpec, now: number) =>
  bucket
    ? Math.min(spec.capacity, bucket.tokens + Math.max(0, now - bucket.at) / spec.refillMs)
    : spec.capacity;

/**
 * The store in process memory, holding at most `maxEntries` keys. The key used longest ago goes
 * first: a key that is under attack is used all the time and so is never the one to go, and a
 * key that went is as good as new (a full bucket, no events).
 */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, Bucket | number[]>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  private touch(key: string, value: Bucket | number[]): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private bucket(key: string): Bucket | undefined {
    const value = this.entries.get(key);
    return value && !Array.isArray(value) ? value : undefined;
  }

  private events(key: string): number[] {
    const value = this.entries.get(key);
    return Array.isArray(value) ? value : [];
  }

  bucketWait(key: string, spec: BucketSpec, now: number): number {
    const tokens = tokensOf(this.bucket(key), spec, now);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * spec.refillMs);
  }

  takeToken(key: string, spec: BucketSpec, now: number): boolean {
    const tokens = tokensOf(this.bucket(key), spec, now);
    if (tokens < 1) return false;
    this.touch(key, { tokens: tokens - 1, at: now });
    return true;
  }

  countEvents(key: string, windowMs: number, now: number): number {
    return this.events(key).filter((at) => at > now - windowMs).length;
  }

  recordEvent(key: string, keep: number, now: number): void {
    this.touch(key, [...this.events(key), now].slice(-keep));
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
