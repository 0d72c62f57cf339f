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
export function allUnder(
  ...args: Parameters<typeof repo.allUnder>
): ReturnType<typeof repo.allUnder> {
  return repo.allUnder(...args);
}
export function findRegion(
  ...args: Parameters<typeof repo.findRegion>
): ReturnType<typeof repo.findRegion> {
  return repo.findRegion(...args);
}
export function isChildOf(
  ...args: Parameters<typeof repo.isChildOf>
): ReturnType<typeof repo.isChildOf> {
  return repo.isChildOf(...args);
}
export type RegionRow = repo.RegionRow;
