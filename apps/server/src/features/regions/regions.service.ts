import { rootPidAliases, rootRegionId, type Lang, type Region } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import * as repo from './regions.repo';

/** The pid asked for, with the root's aliases ('0', 'undefined', 'null', '') as the root. */
export function pidOf(raw: string | undefined): string {
  if (!raw || (rootPidAliases as readonly string[]).includes(raw)) return rootRegionId;
  return raw;
}

export function regionName(row: { name: string; nameEn: string }, lang: Lang): string {
  return lang === 'en' ? row.nameEn : row.name;
}

export class RegionsService {
  constructor(private readonly ctx: AppContext) {}

  /** The children of a region, in order; an unknown region has none. */
  async children(pid: string | undefined, lang: Lang): Promise<Region[]> {
    const rows = await repo.childrenOf(this.ctx.db, pidOf(pid));
    return rows.map((r) => ({
      id: r.id,
      pid: r.pid,
      name: regionName(r, lang),
      hasChildren: r.hasChildren,
    }));
  }
}

/** What the school import and school forms read of regions. */
export { allUnder, findRegion, isChildOf, type RegionRow } from './regions.repo';
