import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  jupyterExpInfo,
  labContainers,
  labEnvironments,
  labLeader,
  labUsage,
  users,
} from '../../db/schema';

export type ContainerRow = typeof labContainers.$inferSelect;
export type EnvironmentRow = typeof labEnvironments.$inferSelect;
export interface ContainerWithEnv {
  container: ContainerRow;
  env: EnvironmentRow;
  part: EnvironmentRow;
}

const partEnv = alias(labEnvironments, 'part_env');

function withEnvs(db: Db) {
  return db
    .select({ container: labContainers, env: labEnvironments, part: partEnv })
    .from(labContainers)
    .innerJoin(labEnvironments, eq(labEnvironments.id, labContainers.envId))
    .innerJoin(partEnv, eq(partEnv.id, labContainers.partEnvId));
}

export async function allContainers(db: Db): Promise<ContainerWithEnv[]> {
  return withEnvs(db);
}

export async function containersOf(db: Db, ids: string[]): Promise<ContainerWithEnv[]> {
  if (ids.length === 0) return [];
  return withEnvs(db).where(inArray(labContainers.id, ids));
}

export interface ContainerUpsert {
  id: string;
  userId: string;
  schoolId: string | null;
  envId: string;
  partEnvId: string;
  position: number;
  expScriptId: string | null;
  resources: ContainerRow['resources'];
  mqttPassword: string | null;
  now: Date;
}

/** One row per (user, environment, part); starting again reuses it and its home. */
export async function upsertContainer(db: Db, c: ContainerUpsert): Promise<string> {
  const [row] = await db
    .insert(labContainers)
    .values({
      id: c.id,
      userId: c.userId,
      schoolId: c.schoolId,
      envId: c.envId,
      partEnvId: c.partEnvId,
      position: c.position,
      expScriptId: c.expScriptId,
      desiredState: 1,
      observedState: 1,
      resources: c.resources,
      mqttPassword: c.mqttPassword,
      lastHeartbeatAt: c.now,
      createdAt: c.now,
      updatedAt: c.now,
    })
    .onConflictDoUpdate({
      target: [labContainers.userId, labContainers.envId, labContainers.partEnvId],
      set: {
        position: c.position,
        expScriptId: c.expScriptId,
        desiredState: 1,
        observedState: 1,
        resources: c.resources,
        mqttPassword: sql`coalesce(${labContainers.mqttPassword}, excluded.mqtt_password)`,
        lastHeartbeatAt: c.now,
        stopReason: null,
        updatedAt: c.now,
      },
    })
    .returning({ id: labContainers.id });
  return row!.id;
}

export async function setStates(
  db: Db,
  id: string,
  desired: number,
  observed: number,
  extra: { startedAt?: Date | null; stoppedAt?: Date; stopReason?: string } = {},
): Promise<void> {
  await db
    .update(labContainers)
    .set({
      desiredState: desired,
      observedState: observed,
      ...(extra.startedAt !== undefined ? { startedAt: extra.startedAt } : {}),
      ...(extra.stoppedAt ? { stoppedAt: extra.stoppedAt, startedAt: null } : {}),
      ...(extra.stopReason ? { stopReason: extra.stopReason } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(labContainers.id, id));
}

export async function writeHeartbeats(db: Db, batch: { id: string; at: Date }[]): Promise<void> {
  if (batch.length === 0) return;
  const values = sql.join(
    batch.map((b) => sql`(${b.id}::bigint, ${b.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${labContainers} set last_heartbeat_at = greatest(${labContainers.lastHeartbeatAt}, v.at) from (values ${values}) as v(id, at) where ${labContainers.id} = v.id`,
  );
}

/** The last heartbeat written for each of the containers, by id. */
export async function heartbeatsOf(db: Db, ids: readonly string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: labContainers.id, at: labContainers.lastHeartbeatAt })
    .from(labContainers)
    .where(inArray(labContainers.id, [...ids]));
  return new Map(rows.flatMap((r) => (r.at ? [[r.id, r.at] as const] : [])));
}

/** Records `address` as where the labs' process is reached. */
export async function writeLeader(db: Db, address: string, since: Date): Promise<void> {
  await db
    .insert(labLeader)
    .values({ id: 1, address, since })
    .onConflictDoUpdate({ target: labLeader.id, set: { address, since } });
}

export async function readLeader(db: Db): Promise<{ address: string; since: Date } | null> {
  const [row] = await db.select().from(labLeader).where(eq(labLeader.id, 1));
  return row ? { address: row.address, since: row.since } : null;
}

export async function insertUsage(db: Db, row: typeof labUsage.$inferInsert): Promise<void> {
  await db.insert(labUsage).values(row);
}

/** Usage records not closed yet, with their containers. */
export async function openUsages(db: Db): Promise<{ id: string; containerId: string }[]> {
  return db
    .select({ id: labUsage.id, containerId: labUsage.containerId })
    .from(labUsage)
    .where(isNull(labUsage.stoppedAt));
}

export async function closeUsage(db: Db, id: string, at: Date, reason: string): Promise<void> {
  await db
    .update(labUsage)
    .set({ stoppedAt: at, stopReason: reason })
    .where(and(eq(labUsage.id, id), isNull(labUsage.stoppedAt)));
}

/** Starts of an environment by a user since `since` (the restart limit's window). */
export async function startsSince(
  db: Db,
  userId: string,
  envId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(labUsage)
    .where(
      and(
        eq(labUsage.userId, userId),
        eq(labUsage.envId, envId),
        gte(labUsage.startedAt, since),
        sql`${labUsage.containerId} in (select ${labContainers.id} from ${labContainers} where ${labContainers.position} = 0)`,
      ),
    );
  return row?.n ?? 0;
}

export async function usagePage(db: Db, envId: string, pageNum: number, pageSize: number) {
  const where = eq(labUsage.envId, envId);
  const [records, [summary]] = await Promise.all([
    db
      .select({ usage: labUsage, userName: users.username, name: users.name })
      .from(labUsage)
      .leftJoin(users, eq(users.id, labUsage.userId))
      .where(where)
      .orderBy(desc(labUsage.startedAt), desc(labUsage.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({
        total: count(),
        running: sql<number>`count(*) filter (where ${labUsage.stoppedAt} is null)`.mapWith(Number),
        seconds:
          sql<number>`coalesce(sum(extract(epoch from (coalesce(${labUsage.stoppedAt}, now()) - ${labUsage.startedAt}))), 0)`.mapWith(
            Number,
          ),
      })
      .from(labUsage)
      .where(where),
  ]);
  return {
    records,
    total: summary?.total ?? 0,
    running: summary?.running ?? 0,
    seconds: summary?.seconds ?? 0,
  };
}

export async function findJupyterInfo(db: Db, userId: string, envId: string) {
  const rows = await db
    .select()
    .from(jupyterExpInfo)
    .where(and(eq(jupyterExpInfo.userId, userId), eq(jupyterExpInfo.envId, envId)))
    .limit(1);
  return rows[0];
}

export async function saveJupyterInfo(db: Db, row: typeof jupyterExpInfo.$inferInsert) {
  await db
    .insert(jupyterExpInfo)
    .values(row)
    .onConflictDoUpdate({
      target: [jupyterExpInfo.userId, jupyterExpInfo.envId],
      set: {
        cpuCore: row.cpuCore,
        memorySize: row.memorySize,
        gpuCount: row.gpuCount,
        gpuMemory: row.gpuMemory,
        diskSize: row.diskSize,
        updatedAt: row.updatedAt ?? new Date(),
      },
    });
}

/** Ids of every container of the users. */
export async function containerIdsOfUsers(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: labContainers.id })
    .from(labContainers)
    .where(inArray(labContainers.userId, [...userIds]));
  return rows.map((r) => r.id);
}

/** Forgets the users' containers and remembered Jupyter requests; usage records stay. */
export async function deleteLabsOfUsers(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(labContainers).where(inArray(labContainers.userId, [...userIds]));
  await db.delete(jupyterExpInfo).where(inArray(jupyterExpInfo.userId, [...userIds]));
}

/** A user's usage of the environments since `since`, oldest first. */
export async function usageOfUser(
  db: Db,
  userId: string,
  envIds: readonly string[],
  since: Date,
): Promise<(typeof labUsage.$inferSelect)[]> {
  if (!envIds.length) return [];
  return db
    .select()
    .from(labUsage)
    .where(
      and(
        eq(labUsage.userId, userId),
        inArray(labUsage.envId, [...envIds]),
        gte(labUsage.startedAt, since),
      ),
    )
    .orderBy(labUsage.startedAt, labUsage.id)
    .limit(1000);
}
