import type { Db } from '../../db/client';
import * as repo from './auth.repo';

/** A token bucket: it holds at most `capacity` tokens and gains one every `refillMs`. */
export interface BucketSpec {
  capacity: number;
  refillMs: number;
}

/**
 * Where the sign-in counters live: token buckets and lists of recent events, by key. The
 * database store is shared by every server process; the memory store serves the unit tests.
 */
export interface ThrottleStore {
  /** Milliseconds until the bucket holds a whole token (0: it holds one now). */
  bucketWait(key: string, spec: BucketSpec, now: number): Promise<number>;
  /** Takes a token from the bucket if it holds one; answers whether it did. */
  takeToken(key: string, spec: BucketSpec, now: number): Promise<boolean>;
  /** How many events were recorded under `key` within the last `windowMs`. */
  countEvents(key: string, windowMs: number, now: number): Promise<number>;
  /** Records an event under `key`, keeping only the latest `keep`. */
  recordEvent(key: string, keep: number, now: number): Promise<void>;
  forget(key: string): Promise<void>;
  /** Drops what was last touched before `before` (a store that bounds itself needs not). */
  prune?(before: number): Promise<void>;
}

interface Bucket {
  tokens: number;
  at: number;
}

const tokensOf = (bucket: Bucket | undefined, spec: BucketSpec, now: number) =>
  bucket
    ? Math.min(spec.capacity, bucket.tokens + Math.max(0, now - bucket.at) / spec.refillMs)
    : spec.capacity;

const waitOf = (tokens: number, spec: BucketSpec) =>
  tokens >= 1 ? 0 : Math.ceil((1 - tokens) * spec.refillMs);

/** The store in the database, shared by every server process. */
export class DbThrottleStore implements ThrottleStore {
  constructor(private readonly db: Db) {}

  async bucketWait(key: string, spec: BucketSpec, now: number): Promise<number> {
    const row = await repo.findThrottle(this.db, key);
    const bucket =
      row?.tokens != null && row.at != null ? { tokens: row.tokens, at: row.at } : undefined;
    return waitOf(tokensOf(bucket, spec, now), spec);
  }

  takeToken(key: string, spec: BucketSpec, now: number): Promise<boolean> {
    return repo.takeThrottleToken(this.db, key, spec, now);
  }

  async countEvents(key: string, windowMs: number, now: number): Promise<number> {
    const row = await repo.findThrottle(this.db, key);
    return (row?.events ?? []).filter((at) => Number(at) > now - windowMs).length;
  }

  recordEvent(key: string, keep: number, now: number): Promise<void> {
    return repo.recordThrottleEvent(this.db, key, keep, now);
  }

  forget(key: string): Promise<void> {
    return repo.deleteThrottle(this.db, key);
  }

  prune(before: number): Promise<void> {
    return repo.deleteStaleThrottles(this.db, new Date(before));
  }
}

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

  async bucketWait(key: string, spec: BucketSpec, now: number): Promise<number> {
    return waitOf(tokensOf(this.bucket(key), spec, now), spec);
  }

  async takeToken(key: string, spec: BucketSpec, now: number): Promise<boolean> {
    const tokens = tokensOf(this.bucket(key), spec, now);
    if (tokens < 1) return false;
    this.touch(key, { tokens: tokens - 1, at: now });
    return true;
  }

  async countEvents(key: string, windowMs: number, now: number): Promise<number> {
    return this.events(key).filter((at) => at > now - windowMs).length;
  }

  async recordEvent(key: string, keep: number, now: number): Promise<void> {
    this.touch(key, [...this.events(key), now].slice(-keep));
  }

  async forget(key: string): Promise<void> {
    this.entries.delete(key);
  }
}
