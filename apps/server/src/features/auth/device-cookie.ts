import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (decision 0013): after a successful sign-in the browser gets an HttpOnly cookie
 * that names a random device id for that login name, signed with the server's secret. The cookie
 * holds the entries of the last few accounts that signed in on the device; an entry does not show
 * its login name, it is recognised by its signature.
 */
export const deviceCookieName = 'platform_device';
export const deviceCookiePath = '/api-uaa/oauth';

const ENTRIES_KEPT = 5;
const ENTRY = /^([A-Za-z0-9_-]{16})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

export interface DeviceCookieOptions {
  secret: string;
  maxAgeMs: number;
  /** Sent only over HTTPS (when the platform is served on https). */
  secure: boolean;
}

/** The value of one cookie in a `Cookie` request header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export class DeviceCookies {
  constructor(private readonly opts: DeviceCookieOptions) {}

  private mac(login: string, id: string, issued: string): string {
    return createHmac('sha256', this.opts.secret)
      .update(`device\n${login.trim().toLowerCase()}\n${id}\n${issued}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private entries(header: string | undefined): string[] {
    const value = readCookie(header, deviceCookieName) ?? '';
    return value.split('~').filter((e) => ENTRY.test(e));
  }

  private validFor(entry: string, login: string, now: number): string | null {
    const [, id, issued, mac] = ENTRY.exec(entry)!;
    const issuedMs = parseInt(issued!, 36) * 1000;
    if (issuedMs + this.opts.maxAgeMs <= now || issuedMs > now + 60_000) return null;
    const expected = Buffer.from(this.mac(login, id!, issued!));
    const given = Buffer.from(mac!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id! : null;
  }

  /** The device id the request's cookie holds for this login name, if it holds a valid one. */
  deviceOf(header: string | undefined, login: string, now: number): string | null {
    for (const entry of this.entries(header)) {
      const id = this.validFor(entry, login, now);
      if (id) return id;
    }
    return null;
  }

  /**
   * The `Set-Cookie` value that trusts this device for the login name from now on: its entry
   * (the same device id when it had one) first, then the other accounts' entries.
   */
  issue(header: string | undefined, login: string, now: number): string {
    const entries = this.entries(header);
    const id = this.deviceOf(header, login, now) ?? randomBytes(12).toString('base64url');
    const issued = Math.floor(now / 1000).toString(36);
    const others = entries.filter((e) => !this.validFor(e, login, now));
    const value = [`${id}.${issued}.${this.mac(login, id, issued)}`, ...others]
      .slice(0, ENTRIES_KEPT)
      .join('~');
    const maxAge = Math.floor(this.opts.maxAgeMs / 1000);
    return `${deviceCookieName}=${value}; HttpOnly; SameSite=Strict; Path=${deviceCookiePath}; Max-Age=${maxAge}${this.opts.secure ? '; Secure' : ''}`;
  }
}
