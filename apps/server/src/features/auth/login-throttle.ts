import { isIPv6 } from 'node:net';
import { MemoryThrottleStore, type BucketSpec, type ThrottleStore } from './throttle-store';

/**
 * How many passwords of one account may be checked, and for whom (decision 0013). A device that
 * signed in to the account before (its device cookie) is trusted until it fails too often; every
 * other attempt uses up a token of the account's budget before its password is checked, so the
 * budget caps the guesses at an account whatever the number of addresses they come from.
 * Addresses are never refused: an address that fails often only gets slower answers.
 */
export interface ThrottleOptions {
  /** Attempts from devices the account does not trust, from networks it never signed in from. */
  unknownDevices: BucketSpec;
  /** Attempts from devices the account does not trust, from networks it signed in from before. */
  knownNetworks: BucketSpec;
  /** How long a network stays known after a successful sign-in from it. */
  knownNetworkMs: number;
  /** Failures within `deviceWindowMs` after which a device cookie is no longer trusted. */
  deviceFailures: number;
  deviceWindowMs: number;
  /** Failures of one address (any accounts) within `addressWindowMs` before it is slowed down. */
  addressFreeFailures: number;
  addressWindowMs: number;
  /** Slow-down per failure past the free ones, and its cap. */
  addressStepMs: number;
  addressMaxSlowdownMs: number;
  /** Keys the store keeps at most. */
  maxEntries: number;
}

export const defaultThrottleOptions: ThrottleOptions = {
  unknownDevices: { capacity: 10, refillMs: 45_000 },
  knownNetworks: { capacity: 5, refillMs: 720_000 },
  knownNetworkMs: 90 * 86_400_000,
  deviceFailures: 10,
  deviceWindowMs: 3_600_000,
  addressFreeFailures: 20,
  addressWindowMs: 15 * 60_000,
  addressStepMs: 100,
  addressMaxSlowdownMs: 2_000,
  maxEntries: 100_000,
};

/** The most attempts a bucket lets through within any hour: what it holds, plus an hour's refill. */
export function hourlyMaximum(spec: BucketSpec): number {
  return Math.floor(spec.capacity + 3_600_000 / spec.refillMs);
}

/** One attempt to prove an account's password. */
export interface Attempt {
  /** The login name, in any case. */
  login: string;
  /** The device the attempt comes from, when it proved one (a device cookie, a session). */
  device: string | null;
  address: string;
}

export type Verdict =
  | { allowed: true; trusted: boolean; slowdownMs: number }
  | { allowed: false; retryAfterMs: number };

/** The network of an address: an IPv4 address itself, the /64 of an IPv6 address. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class LoginThrottle {
  constructor(
    private readonly opts: ThrottleOptions = defaultThrottleOptions,
    private readonly now: () => number = Date.now,
    private readonly store: ThrottleStore = new MemoryThrottleStore(opts.maxEntries),
  ) {}

  private keys(a: Attempt) {
    const login = a.login.trim().toLowerCase();
    const network = networkOf(a.address);
    return {
      unknown: `u:${login}`,
      known: `k:${login}`,
      network: `n:${login}:${network}`,
      address: `a:${network}`,
      device: a.device ? `d:${a.device}` : null,
    };
  }

  private async trusted(device: string | null, now: number): Promise<boolean> {
    if (!device) return false;
    const failures = await this.store.countEvents(device, this.opts.deviceWindowMs, now);
    return failures < this.opts.deviceFailures;
  }

  private async slowdown(addressKey: string, now: number): Promise<number> {
    const o = this.opts;
    const past =
      (await this.store.countEvents(addressKey, o.addressWindowMs, now)) - o.addressFreeFailures;
    return past > 0 ? Math.min(o.addressMaxSlowdownMs, past * o.addressStepMs) : 0;
  }

  /**
   * Whether the attempt's password may be checked. An attempt that is not trusted uses up a
   * token now, whatever the password turns out to be.
   */
  async admit(a: Attempt): Promise<Verdict> {
    const now = this.now();
    const k = this.keys(a);
    if (await this.trusted(k.device, now)) return { allowed: true, trusted: true, slowdownMs: 0 };
    const slowdownMs = await this.slowdown(k.address, now);
    const known = (await this.store.countEvents(k.network, this.opts.knownNetworkMs, now)) > 0;
    if (known && (await this.store.takeToken(k.known, this.opts.knownNetworks, now)))
      return { allowed: true, trusted: false, slowdownMs };
    if (await this.store.takeToken(k.unknown, this.opts.unknownDevices, now))
      return { allowed: true, trusted: false, slowdownMs };
    const waits = [await this.store.bucketWait(k.unknown, this.opts.unknownDevices, now)];
    if (known) waits.push(await this.store.bucketWait(k.known, this.opts.knownNetworks, now));
    return { allowed: false, retryAfterMs: Math.min(...waits) };
  }

  /** The password was wrong (or the account may not sign in). */
  async failed(a: Attempt, verdict: { trusted: boolean }): Promise<void> {
    const now = this.now();
    const k = this.keys(a);
    const o = this.opts;
    const slowest = o.addressFreeFailures + Math.ceil(o.addressMaxSlowdownMs / o.addressStepMs);
    await this.store.recordEvent(k.address, slowest, now);
    if (verdict.trusted && k.device) await this.store.recordEvent(k.device, o.deviceFailures, now);
  }

  /**
   * Forgets every counter untouched for longer than any of them counts: after that it weighs as
   * much as none.
   */
  async prune(): Promise<void> {
    const o = this.opts;
    const refill = (spec: BucketSpec) => spec.capacity * spec.refillMs;
    const longest = Math.max(
      o.knownNetworkMs,
      o.deviceWindowMs,
      o.addressWindowMs,
      refill(o.unknownDevices),
      refill(o.knownNetworks),
    );
    await this.store.prune?.(this.now() - longest);
  }

  /** The password was right: the network becomes known and the device's failures are forgiven. */
  async succeeded(a: Attempt): Promise<void> {
    const k = this.keys(a);
    await this.store.recordEvent(k.network, 1, this.now());
    if (k.device) await this.store.forget(k.device);
  }
}
