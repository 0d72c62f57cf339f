import { limits } from '@platform/contract';

/**
 * Estimated width of a top menu item (spec §2 Layout): 150 without a title, else 14 per
 * character plus 40, at least 80.
 */
export function topMenuItemWidth(title: string | null | undefined): number {
  const length = title ? Array.from(title.trim()).length : 0;
  if (length === 0) return limits.topMenuItemDefaultWidth;
  return Math.max(
    limits.topMenuItemMinWidth,
    length * limits.topMenuItemCharWidth + limits.topMenuItemPadding,
  );
}

/**
 * How many top items fit in `available` pixels. When not all fit, the rest go into a "more"
 * dropdown whose button takes 220 pixels.
 */
export function splitTopMenu(
  titles: readonly (string | null | undefined)[],
  available: number,
): { visibleCount: number; hasMore: boolean } {
  const widths = titles.map(topMenuItemWidth);
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return { visibleCount: titles.length, hasMore: false };
  let used = limits.topMenuMoreWidth;
  let visibleCount = 0;
  for (const width of widths) {
    if (used + width > available) break;
    used += width;
    visibleCount += 1;
  }
  return { visibleCount, hasMore: true };
}
