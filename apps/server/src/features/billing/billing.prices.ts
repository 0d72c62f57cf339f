import {
  billingLimits,
  labChargingItems,
  resourceKinds,
  type ChargingItem,
  type LabChargingItem,
} from '@platform/contract';

export interface PriceRow {
  item: ChargingItem;
  envKind: string | null;
  unitFen: number;
  effectiveFrom: Date;
}

/** One price of an item for one kind, over [from, until). */
export interface PricePeriod {
  item: ChargingItem;
  kind: string;
  from: Date;
  until: Date | null;
  unitFen: number;
}

export interface LabResources {
  cpuCore: number;
  memorySize: number;
  diskSize: number;
  gpuCount: number;
}

/** Units of each lab item one hour of a lab uses: cores, GiB, GPUs, and GiB-days of disk. */
export function unitsPerHour(r: LabResources): Record<LabChargingItem, number> {
  return {
    cpu_hour: r.cpuCore,
    memory_gib_hour: r.memorySize,
    gpu_hour: r.gpuCount,
    disk_gib_day: r.diskSize / 24,
  };
}

/**
 * The price of `item` for `kind` at `at`: the kind's own latest price from before `at`, else the
 * latest price for all kinds; null when there is none (the item is free).
 */
export function priceAt(
  rows: readonly PriceRow[],
  item: ChargingItem,
  kind: string,
  at: Date,
): number | null {
  let own: PriceRow | null = null;
  let all: PriceRow | null = null;
  for (const r of rows) {
    if (r.item !== item || r.effectiveFrom > at) continue;
    if (r.envKind === kind) {
      if (!own || r.effectiveFrom > own.effectiveFrom) own = r;
    } else if (r.envKind === null) {
      if (!all || r.effectiveFrom > all.effectiveFrom) all = r;
    }
  }
  return (own ?? all)?.unitFen ?? null;
}

/**
 * Each lab item's prices over time for every kind (and for records without a kind), cut at every
 * moment a price of the item for that kind or for all kinds takes effect.
 */
export function labPriceTimelines(rows: readonly PriceRow[]): PricePeriod[] {
  const out: PricePeriod[] = [];
  for (const item of labChargingItems) {
    for (const kind of [...resourceKinds, '']) {
      const points = [
        ...new Set(
          rows
            .filter((r) => r.item === item && (r.envKind === null || r.envKind === kind))
            .map((r) => r.effectiveFrom.getTime()),
        ),
      ].sort((a, b) => a - b);
      for (const [i, point] of points.entries()) {
        const unitFen = priceAt(rows, item, kind, new Date(point));
        if (unitFen === null) continue;
        const next = points[i + 1];
        out.push({
          item,
          kind,
          from: new Date(point),
          until: next === undefined ? null : new Date(next),
          unitFen,
        });
      }
    }
  }
  return out;
}

/** What one hour of a lab of `kind` with these resources costs at `at`, per item and in all. */
export function hourlyCost(rows: readonly PriceRow[], kind: string, r: LabResources, at: Date) {
  const units = unitsPerHour(r);
  const items = labChargingItems
    .filter((item) => units[item] > 0)
    .map((item) => {
      const unitFen = priceAt(rows, item, kind, at) ?? 0;
      return { item, perHour: units[item], unitFen, fenPerHour: units[item] * unitFen };
    });
  return { items, fenPerHour: items.reduce((sum, i) => sum + i.fenPerHour, 0) };
}

export const zoneMs = billingLimits.zoneOffsetMinutes * 60_000;

/** The start of the billing day and month (UTC+8) that hold `at`. */
export function billingDayStart(at: Date): Date {
  const local = at.getTime() + zoneMs;
  return new Date(local - (local % 86_400_000) - zoneMs);
}
export function billingMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + zoneMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - zoneMs);
}
export const dayOf = (at: Date) => new Date(at.getTime() + zoneMs).toISOString().slice(0, 10);
