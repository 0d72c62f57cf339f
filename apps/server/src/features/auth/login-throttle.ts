/**
 * Slows down failed sign-ins. Repeated failures from one IP (for one account, or across accounts)
 * must wait for a growing delay before the next try; an account attacked from many IPs only gets
 * slower answers, never refused ones, so no stranger can lock a user out.
 */
export interface ThrottleOptions {
  /** failures of one account from one IP before delays start */
  pairFreeFailures: number;
  /** failures from one IP across accounts before delays start */
  ipFreeFailures: number;
  /** failures of one account across IPs before its answers are slowed down */
  accountFreeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  accountMaxSlowdownMs: number;
  forgetAfterMs: number;
  maxEntries: number;
}

export const defaultThrottleOptions: ThrottleOptions = {
  pairFreeFailures: 3,
  ipFreeFailures: 20,
  accountFreeFailures: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  accountMaxSlowdownMs: 2_000,
  forgetAfterMs: 30 * 60_000,
  maxEntries: 100_000,
};

interface Entry {
  failures: number;
  last: number;
}

export type ThrottleVerdict =
  { allowed: true; slowdownMs: number } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly opts: ThrottleOptions = defaultThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {}

  private delay(failures: number, free: number, cap: number): number {
    if (failures < free) return 0;
    return Math.min(cap, this.opts.baseDelayMs * 2 ** (failures - free));
  }

  private get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.last > this.opts.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  check(ip: string, account: string): ThrottleVerdict {
    const now = this.now();
    const acct = account.toLowerCase();
    let waitUntil = 0;
    const pair = this.get(`p:${ip}:${acct}`);
    if (pair)
      waitUntil = Math.max(
        waitUntil,
        pair.last + this.delay(pair.failures, this.opts.pairFreeFailures, this.opts.maxDelayMs),
      );
    const byIp = this.get(`i:${ip}`);
    if (byIp)
      waitUntil = Math.max(
        waitUntil,
        byIp.last + this.delay(byIp.failures, this.opts.ipFreeFailures, this.opts.maxDelayMs),
      );
    if (waitUntil > now) return { allowed: false, retryAfterMs: waitUntil - now };
    const byAccount = this.get(`a:${acct}`);
    const slowdownMs = byAccount
      ? this.delay(
          byAccount.failures,
          this.opts.accountFreeFailures,
          this.opts.accountMaxSlowdownMs,
        )
      : 0;
    return { allowed: true, slowdownMs };
  }

  recordFailure(ip: string, account: string): void {
    const acct = account.toLowerCase();
    for (const key of [`p:${ip}:${acct}`, `i:${ip}`, `a:${acct}`]) {
      const e = this.get(key);
      this.entries.delete(key);
      this.entries.set(key, { failures: (e?.failures ?? 0) + 1, last: this.now() });
    }
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  recordSuccess(ip: string, account: string): void {
    const acct = account.toLowerCase();
    this.entries.delete(`p:${ip}:${acct}`);
    this.entries.delete(`a:${acct}`);
  }
}
