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
 * How many top items of the given widths fit in `available` pixels. When not all fit, the rest
 * go into a "more" dropdown whose button takes `moreWidth`.
 */
export function splitTopMenu(
  widths: readonly number[],
  available: number,
  moreWidth: number = limits.topMenuMoreWidth,
): { visibleCount: number; hasMore: boolean } {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return { visibleCount: widths.length, hasMore: false };
  let used = moreWidth;
  let visibleCount = 0;
  for (const width of widths) {
    if (used + width > available) break;
    used += width;
    visibleCount += 1;
  }
  return { visibleCount, hasMore: true };
}

/**
 * The widths to split by: each item's and the more button's rendered width where the browser
 * measured one, the spec's estimate where it did not (before layout, or without one).
 */
export function itemWidths(
  titles: readonly (string | null | undefined)[],
  measured: readonly number[] | null,
  measuredMore: number | null,
): { widths: number[]; moreWidth: number } {
  return {
    widths: titles.map((title, i) => {
      const width = measured?.[i];
      return width && width > 0 ? Math.ceil(width) : topMenuItemWidth(title);
    }),
    moreWidth: measuredMore && measuredMore > 0 ? Math.ceil(measuredMore) : limits.topMenuMoreWidth,
  };
}
