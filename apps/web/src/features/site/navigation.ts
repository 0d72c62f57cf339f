import type { FrontCatalog } from '@platform/contract';

/** How many entries of a group the dropdown shows in its first and second column (spec §2). */
export const navColumnSizes = { first: 6, second: 5 } as const;

export interface NavColumns<T> {
  first: T[];
  second: T[];
  /** More entries than the two columns hold: the group shows a More link. */
  more: boolean;
}

/** Entries 1–6 in the first column, 7–11 in the second, and More past 11. */
export function splitNavEntries<T>(entries: readonly T[]): NavColumns<T> {
  const { first, second } = navColumnSizes;
  return {
    first: entries.slice(0, first),
    second: entries.slice(first, first + second),
    more: entries.length > first + second,
  };
}

/** Where a catalogue of the site leads: its page (`/home/index?id&pid&gid`) or its link. */
export type CatalogTarget =
  { kind: 'none' } | { kind: 'external'; href: string } | { kind: 'internal'; to: string };

export function catalogHref(id: string, pid?: string | null, gid?: string | null): string {
  const query = new URLSearchParams({ id });
  if (pid) query.set('pid', pid);
  if (gid) query.set('gid', gid);
  return `/home/index?${query.toString()}`;
}

/**
 * A link-type catalogue opens its link (an outside address in a new window); one without content
 * leads nowhere and is shown unlinked; any other opens its page with its parent and group.
 */
export function catalogTarget(
  c: Pick<FrontCatalog, 'id' | 'type' | 'link' | 'isExistContent'>,
  pid?: string | null,
  gid?: string | null,
): CatalogTarget {
  if (c.type === 'link' && c.link) {
    return /^https?:\/\//i.test(c.link)
      ? { kind: 'external', href: c.link }
      : { kind: 'internal', to: c.link };
  }
  if (!c.isExistContent) return { kind: 'none' };
  return { kind: 'internal', to: catalogHref(c.id, pid, gid) };
}
