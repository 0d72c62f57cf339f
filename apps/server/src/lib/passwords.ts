import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/** Verifies a password; with no stored hash it still spends the same time, so timing tells nothing. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Opaque bearer tokens and client secrets are high-entropy: a SHA-256 digest is enough to store them. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

const randomAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password of 8 letters and digits (management spec §9), with both kinds present. */
export function randomPassword(): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < 8; i++) out += randomAlphabet[randomInt(randomAlphabet.length)];
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}
