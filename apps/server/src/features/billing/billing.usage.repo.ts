import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ChargingItem } from '@platform/contract';
import type { Db } from '../../db/client';
import {
  billingUsageDetails,
  billingUsageProgress,
  classes,
  labContainers,
  labEnvironments,
  labUsage,
  schools,
  users,
} from '../../db/schema';
import { escapeLike, queryRows, readPage } from '../../lib/sql';
import { billingMonthStart, billingDayStart, dayOf, type LabResources } from './billing.prices';

/* Usage details -------------------------------------------------------------------------------- */

const usageColumns = {
  id: billingUsageDetails.id,
  schoolId: billingUsageDetails.schoolId,
  schoolName: schools.name,
  userId: billingUsageDetails.userId,
  userName: sql<string | null>`coalesce(${users.name}, ${users.username})`,
  className: classes.name,
  envId: billingUsageDetails.envId,
  envName: labEnvironments.name,
  item: billingUsageDetails.item,
  period: billingUsageDetails.period,
  startAt: billingUsageDetails.startAt,
  endAt: billingUsageDetails.endAt,
  quantity: billingUsageDetails.quantity,
  unitFen: billingUsageDetails.unitFen,
  costFen: billingUsageDetails.costFen,
  packageSeconds: billingUsageDetails.packageSeconds,
  settlement: billingUsageDetails.settlement,
  giftFen: billingUsageDetails.giftFen,
  rechargeFen: billingUsageDetails.rechargeFen,
  owedFen: billingUsageDetails.owedFen,
};

export interface UsageFilter {
  pageNum: number;
  pageSize: number;
  schoolId: string | null;
  classId?: string | undefined;
  envId?: string | undefined;
  userName?: string | undefined;
  item?: ChargingItem | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function usagePage(db: Db, q: UsageFilter) {
  const d = billingUsageDetails;
  const name = q.userName ? `%${escapeLike(q.userName)}%` : null;
  const where: SQL | undefined = and(
    q.schoolId ? eq(d.schoolId, q.schoolId) : undefined,
    q.classId ? eq(users.classId, q.classId) : undefined,
    q.envId ? eq(d.envId, q.envId) : undefined,
    name ? or(ilike(users.name, name), ilike(users.username, name)) : undefined,
    q.item ? eq(d.item, q.item) : undefined,
    q.from ? sql`${d.period} >= ${q.from}::date` : undefined,
    q.to ? sql`${d.period} <= ${q.to}::date` : undefined,
  );
  return readPage(
    db
      .select(usageColumns)
      .from(d)
      .innerJoin(schools, eq(schools.id, d.schoolId))
      .leftJoin(users, eq(users.id, d.userId))
      .leftJoin(classes, eq(classes.id, users.classId))
      .leftJoin(labEnvironments, eq(labEnvironments.id, d.envId))
      .where(where)
      .orderBy(desc(d.startAt), desc(d.id))
      .$dynamic(),
    db.select({ n: count() }).from(d).leftJoin(users, eq(users.id, d.userId)).where(where),
    q.pageNum,
    q.pageSize,
  );
}

export type UsageJoin = Awaited<ReturnType<typeof usagePage>>['records'][number];

/* Overview ------------------------------------------------------------------------------------- */

const zone = sql.raw(`interval '8 hour'`);

export async function overview(db: Db, schoolId: string | null, now: Date, dayStart: Date) {
  const d = billingUsageDetails;
  const own = schoolId ? sql`and ${d.schoolId} = ${schoolId}` : sql``;
  const ownUsage = schoolId ? sql`and lu.school_id = ${schoolId}` : sql``;
  const series = async (unit: 'week' | 'month', n: number) => {
    const rows = await queryRows<{ period: string; fen: string | number }>(
      db,
      sql`
      with p as (
        select generate_series(
          date_trunc(${unit}, (${now}::timestamptz at time zone 'UTC') + ${zone}) - (${n - 1} * ('1 ' || ${unit})::interval),
          date_trunc(${unit}, (${now}::timestamptz at time zone 'UTC') + ${zone}),
          ('1 ' || ${unit})::interval
        ) as start
      )
      select to_char(p.start, 'YYYY-MM-DD') as period,
        coalesce(sum(${d.giftFen} + ${d.rechargeFen}), 0) as fen
      from p left join ${d} on date_trunc(${unit}, ${d.period}::timestamp) = p.start ${own}
      group by p.start order by p.start
    `,
    );
    return rows.map((r) => ({ period: r.period, fen: Number(r.fen) }));
  };
  const since = new Date(dayStart.getTime() - 29 * 86_400_000);
  const ranked = async (by: 'class' | 'env') => {
    const key = by === 'class' ? sql`u.class_id` : sql`lu.env_id`;
    const name = by === 'class' ? sql`c.name` : sql`e.name`;
    const join =
      by === 'class'
        ? sql`join ${users} u on u.id = lu.user_id join ${classes} c on c.id = u.class_id`
        : sql`join ${labEnvironments} e on e.id = lu.env_id`;
    const rows = await queryRows<{ id: string; name: string; seconds: string; fen: string }>(
      db,
      sql`
      select ${key} as id, max(${name}) as name,
        sum(extract(epoch from least(coalesce(lu.stopped_at, ${now}::timestamptz), ${now}::timestamptz)
          - greatest(lu.started_at, ${since}::timestamptz))) as seconds,
        coalesce((select sum(x.cost_fen) from ${d} x
          ${by === 'class' ? sql`join ${users} xu on xu.id = x.user_id where xu.class_id = ${key}` : sql`where x.env_id = ${key}`}
          and x.period >= ${since}::date ${schoolId ? sql`and x.school_id = ${schoolId}` : sql``}), 0) as fen
      from ${labUsage} lu ${join}
      where coalesce(lu.stopped_at, ${now}::timestamptz) > ${since}::timestamptz ${ownUsage}
      group by ${key}
      order by seconds desc
      limit 5
    `,
    );
    return rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      seconds: Math.round(Number(r.seconds)),
      fen: Number(r.fen),
    }));
  };
  const [weeks, months, topClasses, topEnvironments] = await Promise.all([
    series('week', 12),
    series('month', 12),
    ranked('class'),
    ranked('env'),
  ]);
  return { weeks, months, topClasses, topEnvironments };
}

/* Charges -------------------------------------------------------------------------------------- */

export interface ChargeArgs {
  runId: string;
  schoolId: string;
  usageId?: string | undefined;
  now: Date;
  metered: boolean;
  untimedFrom: Date | null;
  untimedUntil: Date | null;
  packageUntil: Date | null;
  packageSeconds: number;
  giftFen: number;
  rechargeFen: number;
  /** The lab price timelines, as JSON rows (item, kind, f, t, unit). */
  prices: string;
}

/**
 * Writes the usage details of a school's uncharged lab use up to `now` in one statement: records
 * are cut at billing days (UTC+8) and price periods; an untimed package, a timed package's
 * seconds, the gift and then the recharge balance pay, in that order; the rest is owed. Each
 * record's progress moves to where it was charged. Answers the sums written.
 */
export async function chargeUsage(db: Db, a: ChargeArgs) {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`
      with ${usageSegments(a)},
      ${pricedItems(a)},
      ${paidFromBalances(a)},
      ${writtenDetails(a)}
      select (select count(*) from ins) as details,
        (select coalesce(sum(cost_fen), 0) from ins) as cost,
        (select coalesce(sum(gift_fen), 0) from ins) as gift,
        (select coalesce(sum(recharge_fen), 0) from ins) as recharge,
        (select coalesce(sum(owed_fen), 0) from ins) as owed,
        (select coalesce(sum(package_seconds), 0) from ins) as pkg,
        (select count(*) from marked) as marked
    `,
  );
  const r = rows[0]!;
  return {
    details: Number(r.details),
    costFen: Number(r.cost),
    giftFen: Number(r.gift),
    rechargeFen: Number(r.recharge),
    packageSeconds: Number(r.pkg),
    owedFen: Number(r.owed),
  };
}

/**
 * The school's uncharged lab use, cut at billing days (UTC+8); each segment is marked as covered by
 * an untimed package or as payable in package seconds while the package's seconds last.
 */
function usageSegments(a: ChargeArgs): SQL {
  const only = a.usageId ? sql`and lu.id = ${a.usageId}` : sql``;
  return sql`
    u as (
      select lu.id, lu.user_id, lu.env_id, coalesce(lu.resource_kind, '') as kind,
        coalesce((lu.resources->>'cpuCore')::float8, 0) as cpu,
        coalesce((lu.resources->>'memorySize')::float8, 0) as mem,
        coalesce((lu.resources->>'diskSize')::float8, 0) as disk,
        coalesce((lu.resources->>'gpuCount')::float8, 0) as gpu,
        greatest(lu.started_at, coalesce(bp.billed_until, lu.started_at)) as s,
        least(coalesce(lu.stopped_at, ${a.now}::timestamptz), ${a.now}::timestamptz) as e,
        (lu.stopped_at is not null and lu.stopped_at <= ${a.now}::timestamptz) as closed
      from ${labUsage} lu
      left join ${billingUsageProgress} bp on bp.usage_id = lu.id
      where lu.school_id = ${a.schoolId} ${only}
        and bp.done is not true
    ),
    seg as (
      select u.*, d.local_day::date as period,
        greatest(u.s, (d.local_day - interval '8 hour') at time zone 'UTC') as s2,
        least(u.e, (d.local_day + interval '16 hour') at time zone 'UTC') as e2
      from u
      cross join lateral generate_series(
        date_trunc('day', (u.s at time zone 'UTC') + interval '8 hour'),
        (u.e at time zone 'UTC') + interval '8 hour' - interval '1 microsecond',
        interval '1 day'
      ) as d(local_day)
      where u.e > u.s
    ),
    seg2 as (
      select seg.*, extract(epoch from e2 - s2)::float8 as dur,
        (${a.metered} and s2 >= ${a.untimedFrom}::timestamptz
          and s2 < ${a.untimedUntil}::timestamptz) is true as untimed,
        (${a.metered} and s2 < ${a.packageUntil}::timestamptz) is true as pkg_ok
      from seg where e2 > s2
    ),
    seg3 as (
      select seg2.*,
        sum(case when pkg_ok and not untimed then dur else 0 end)
          over (order by s2, id rows unbounded preceding) as pkg_cum
      from seg2
    ),
    seg4 as (
      select seg3.*,
        case when pkg_ok and not untimed
          then round(least(${a.packageSeconds}::float8, pkg_cum))
            - round(least(${a.packageSeconds}::float8, pkg_cum - dur))
          else 0 end as pkg_sec
      from seg3
    )`;
}

/**
 * Each segment's resources priced item by item over the price periods it crosses: the cost, and
 * the part of it that the package does not pay.
 */
function pricedItems(a: ChargeArgs): SQL {
  return sql`
    p as (
      select * from jsonb_to_recordset(${a.prices}::jsonb)
        as x(item text, kind text, f timestamptz, t timestamptz, unit int)
    ),
    items as (
      select seg4.id as usage_id, seg4.user_id, seg4.env_id, seg4.period, seg4.untimed,
        seg4.pkg_sec, seg4.dur, seg4.s2, it.item, it.ord, p.unit,
        greatest(seg4.s2, p.f) as s3, least(seg4.e2, coalesce(p.t, seg4.e2)) as e3,
        it.units * it.per as per_hour
      from seg4
      cross join lateral (values
        ('cpu_hour', 1, seg4.cpu, 1.0::float8),
        ('memory_gib_hour', 2, seg4.mem, 1.0::float8),
        ('gpu_hour', 3, seg4.gpu, 1.0::float8),
        ('disk_gib_day', 4, seg4.disk, 1.0::float8 / 24)
      ) as it(item, ord, units, per)
      join p on p.item = it.item and p.kind = seg4.kind
        and p.f < seg4.e2 and (p.t is null or p.t > seg4.s2)
      where it.units > 0
    ),
    costed as (
      select items.*,
        per_hour * extract(epoch from e3 - s3)::float8 / 3600 as quantity,
        round(per_hour * extract(epoch from e3 - s3)::float8 / 3600 * unit)::bigint as cost,
        case when untimed or not ${a.metered} then 0::bigint
          else round(per_hour * extract(epoch from e3 - s3)::float8 / 3600 * unit
            * greatest(dur - pkg_sec, 0) / dur)::bigint end as payable,
        case when row_number() over (partition by usage_id, s2 order by s3, ord) = 1
          then pkg_sec else 0 end as pkg_row
      from items where e3 > s3
    )`;
}

/** What the gift and then the recharge balance pay of each item, in time order, while they last. */
function paidFromBalances(a: ChargeArgs): SQL {
  return sql`
    gift as (
      select costed.*,
        sum(payable) over (order by s3, usage_id, ord rows unbounded preceding) as cum
      from costed
    ),
    gift2 as (
      select gift.*,
        least(greatest(${a.giftFen}::bigint - (cum - payable), 0), payable) as gift_used
      from gift
    ),
    rech as (
      select gift2.*,
        sum(payable - gift_used) over (order by s3, usage_id, ord rows unbounded preceding) as cum2
      from gift2
    ),
    paid as (
      select rech.*,
        least(greatest(${a.rechargeFen}::bigint - (cum2 - (payable - gift_used)), 0),
          payable - gift_used) as recharge_used
      from rech
    )`;
}

/** Writes the usage details and moves each use's progress to where it was charged. */
function writtenDetails(a: ChargeArgs): SQL {
  return sql`
    ins as (
      insert into ${billingUsageDetails} (run_id, school_id, usage_id, user_id, env_id, item,
        period, start_at, end_at, quantity, unit_fen, cost_fen, package_seconds, settlement,
        gift_fen, recharge_fen, owed_fen)
      select ${a.runId}, ${a.schoolId}, usage_id, user_id, env_id, item, period, s3, e3, quantity,
        unit, cost, pkg_row,
        case when not ${a.metered} then 'unmetered' when untimed then 'untimed'
          when payable = 0 and pkg_sec > 0 then 'package' else 'charged' end,
        gift_used, recharge_used, payable - gift_used - recharge_used
      from paid
      returning cost_fen, gift_fen, recharge_fen, owed_fen, package_seconds
    ),
    marked as (
      insert into ${billingUsageProgress} (usage_id, school_id, billed_until, done)
      select u.id, ${a.schoolId}, greatest(u.e, u.s), u.closed from u
      on conflict (usage_id) do update
        set billed_until = excluded.billed_until, done = excluded.done
      returning 1
    )`;
}

/** Schools with lab use that billing has not charged up to `now`. */
export async function schoolsToCharge(db: Db): Promise<string[]> {
  const rows = await queryRows<{ school_id: string }>(
    db,
    sql`
      select distinct lu.school_id from ${labUsage} lu
      where lu.school_id is not null
        and not exists (
          select 1 from ${billingUsageProgress} bp where bp.usage_id = lu.id and bp.done
        )
    `,
  );
  return rows.map((r) => String(r.school_id));
}

export async function insertUsageDetail(db: Db, row: typeof billingUsageDetails.$inferInsert) {
  await db.insert(billingUsageDetails).values(row);
}

/* Admission ------------------------------------------------------------------------------------ */

/** One part of a lab about to start. */
export interface LabPart {
  kind: string;
  resources: LabResources;
}

/** The fen of usage charged to the school this billing month. */
export async function spentThisMonth(db: Db, schoolId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${billingUsageDetails.costFen}), 0)` })
    .from(billingUsageDetails)
    .where(
      and(
        eq(billingUsageDetails.schoolId, schoolId),
        eq(billingUsageDetails.settlement, 'charged'),
        sql`${billingUsageDetails.period} >= ${dayOf(billingMonthStart(now))}::date`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Seconds of lab use the user has had this billing day, running labs included. */
export async function usedToday(db: Db, userId: string, now: Date): Promise<number> {
  const start = billingDayStart(now);
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(extract(epoch from least(coalesce(${labUsage.stoppedAt}, ${now}::timestamptz), ${now}::timestamptz) - greatest(${labUsage.startedAt}, ${start}::timestamptz))), 0)`,
    })
    .from(labUsage)
    .where(
      and(
        eq(labUsage.userId, userId),
        sql`coalesce(${labUsage.stoppedAt}, ${now}::timestamptz) > ${start}::timestamptz`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The parts of the school's labs that run or are starting now. */
export async function runningParts(
  db: Db,
  schoolId: string,
  exceptUser?: string,
): Promise<LabPart[]> {
  const rows = await db
    .select({ kind: labEnvironments.resourceKind, resources: labContainers.resources })
    .from(labContainers)
    .innerJoin(labEnvironments, eq(labEnvironments.id, labContainers.partEnvId))
    .where(
      and(
        eq(labContainers.schoolId, schoolId),
        eq(labContainers.desiredState, 1),
        exceptUser ? sql`${labContainers.userId} <> ${exceptUser}` : undefined,
      ),
    );
  return rows.map((r) => ({ kind: r.kind, resources: r.resources }));
}
