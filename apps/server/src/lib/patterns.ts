import RE2 from 're2';
import { teachingLimits } from '@platform/contract';

/** A compiled pattern of a check: `test` takes time linear in the text (decision 0043). */
export interface LinearPattern {
  test(text: string): boolean;
}

/**
 * A check's pattern compiled by RE2, multi-line as checks match (`^` and `$` at each line), or
 * null when RE2 refuses it: back-references, lookarounds, and anything longer than the
 * contract's limit. The same call decides whether a teacher may save the pattern and runs it.
 */
export function linearPattern(source: string): LinearPattern | null {
  if (source.length > teachingLimits.checkPatternMax) return null;
  try {
    return new RE2(source, 'm');
  } catch {
    return null;
  }
}
