import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { pinyin } from 'pinyin-pro';
import { passwordIsPersonal } from '@platform/contract';
import { invalid } from './errors';

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

/**
 * The most used passwords of zxcvbn-ts's list (drawn from leaked password lists, most used
 * first), in lower case.
 */
export const COMMON_PASSWORD_RANKS = 10_000;
const commonPasswords = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_RANKS).map((p) => p.toLowerCase()),
);

const hanCharacter = /\p{Script=Han}/u;

/**
 * Letters of a password or a reading compared as pinyin: lower case, tone marks, spaces,
 * apostrophes and hyphens dropped, and ü (typed as v) taken as u.
 */
function pinyinLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’-]/g, '')
    .replace(/v/g, 'u');
}

/**
 * The ways a Chinese name is written in pinyin: its first character read as a surname (曾 zeng)
 * and as an ordinary word (曾 ceng), without tones and with tone numbers, surname first and
 * given name first (zhanghua, huazhang, zhang1hua2). None for a name without Chinese characters.
 */
export function pinyinOfName(name: string | null | undefined): string[] {
  const han = [...(name ?? '')].filter((c) => hanCharacter.test(c)).join('');
  if (!han) return [];
  const readings = new Set<string>();
  for (const surname of ['head', 'off'] as const)
    for (const toneType of ['none', 'num'] as const) {
      const syllables = pinyin(han, { toneType, surname, type: 'array', v: true });
      readings.add(pinyinLetters(syllables.join('')));
      if (syllables.length > 1)
        readings.add(pinyinLetters([...syllables.slice(1), syllables[0]].join('')));
    }
  return [...readings];
}

/** Whether a password is the person's Chinese name written in pinyin (see `pinyinOfName`). */
export function passwordIsNamePinyin(password: string, name: string | null | undefined): boolean {
  const readings = pinyinOfName(name);
  return readings.length > 0 && readings.includes(pinyinLetters(password));
}

/**
 * Why a password chosen for a person must not be used, if it must not: it is their login name or
 * their name (also their Chinese name in pinyin), or one of the common passwords (or of
 * `alsoRefused`), letter case aside.
 */
export function passwordRefusal(
  password: string,
  owner: { logins: (string | null | undefined)[]; name: string | null | undefined },
  alsoRefused: readonly string[] = [],
): 'same_as_name' | 'too_common' | null {
  if (passwordIsPersonal(password, owner.name, ...owner.logins)) return 'same_as_name';
  if (passwordIsNamePinyin(password, owner.name)) return 'same_as_name';
  const typed = password.trim().toLowerCase();
  if (commonPasswords.has(typed) || alsoRefused.some((p) => p.toLowerCase() === typed))
    return 'too_common';
  return null;
}

/** Throws the refusal of `passwordRefusal` as a field error on `field`, if there is one. */
export function checkChosenPassword(
  password: string,
  owner: Parameters<typeof passwordRefusal>[1],
  field: string,
  alsoRefused: readonly string[] = [],
): void {
  const refusal = passwordRefusal(password, owner, alsoRefused);
  if (!refusal) return;
  const key = refusal === 'same_as_name' ? 'users.password_personal' : 'users.password_too_common';
  throw invalid(key, { [field]: refusal });
}
