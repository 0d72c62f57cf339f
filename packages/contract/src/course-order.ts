/**
 * The order of a course's chapters and steps (platform spec §3): chapters by the number after the
 * chapter marker (第N章, in Arabic or Chinese numerals, or "Chapter N"), steps by their leading
 * `n-m` pair. Names without a number follow the numbered ones, in the order they were stored.
 */

const chineseDigits: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const chineseUnits: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** The value of a Chinese numeral below 10 000 (一, 十二, 二十, 一百零五, 〇七); NaN otherwise. */
export function chineseNumber(text: string): number {
  if (text.length === 0) return NaN;
  let total = 0;
  let digit: number | null = null;
  let onlyDigits = true;
  for (const ch of text) {
    if (ch in chineseDigits) {
      digit = onlyDigits && digit !== null ? digit * 10 + chineseDigits[ch]! : chineseDigits[ch]!;
    } else if (ch in chineseUnits) {
      onlyDigits = false;
      total += (digit ?? 1) * chineseUnits[ch]!;
      digit = null;
    } else return NaN;
  }
  return onlyDigits ? (digit ?? NaN) : total + (digit ?? 0);
}

const chapterPattern =
  /^\s*(?:第\s*([0-9]+|[零〇一二两三四五六七八九十百千]+)\s*[章节]|chapter\s*([0-9]+))/i;

/** The chapter number in a chapter's name, or null when it has none. */
export function chapterNumber(name: string): number | null {
  const m = chapterPattern.exec(name.normalize('NFKC'));
  if (!m) return null;
  const text = m[1] ?? m[2]!;
  const n = /^[0-9]+$/.test(text) ? Number(text) : chineseNumber(text);
  return Number.isFinite(n) ? n : null;
}

/** The leading `n-m` pair of a step's name (`1-2 安装`, `3.4 Wiring`), or null when it has none. */
export function stepNumber(name: string): [number, number] | null {
  const m = /^\s*([0-9]+)\s*[-.．_]\s*([0-9]+)(?![0-9])/.exec(name.normalize('NFKC'));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function compareKeys(a: readonly number[] | null, b: readonly number[] | null): number {
  if (a && !b) return -1;
  if (!a && b) return 1;
  if (!a || !b) return 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Sorts by the key of each name; equal keys and names without one keep their given order. */
function orderBy<T>(items: readonly T[], keyOf: (item: T) => readonly number[] | null): T[] {
  return items
    .map((item, index) => ({ item, index, key: keyOf(item) }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index)
    .map((e) => e.item);
}

/** Chapters in course order; `nameOf` gives the name the order reads (any language). */
export function orderChapters<T>(chapters: readonly T[], nameOf: (chapter: T) => string): T[] {
  return orderBy(chapters, (c) => {
    const n = chapterNumber(nameOf(c));
    return n === null ? null : [n];
  });
}

/** Steps of a chapter in course order. */
export function orderSteps<T>(steps: readonly T[], nameOf: (step: T) => string): T[] {
  return orderBy(steps, (s) => stepNumber(nameOf(s)));
}
