import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing, readPage } from '../../lib/sql';
import { labEnvironments, labScripts } from '../../db/schema';

export type EnvironmentRow = typeof labEnvironments.$inferSelect;
export type EnvironmentInsert = typeof labEnvironments.$inferInsert;
export type ScriptRow = typeof labScripts.$inferSelect;

const live = isNull(labEnvironments.deletedAt);

export interface EnvFilter {
  name?: string | undefined;
  type?: number | undefined;
  state?: number | undefined;
  experimentKind?: string | undefined;
  label?: string | undefined;
  createdBy?: string | undefined;
  /** Only environments students may see: enabled and shown. */
  visibleOnly?: boolean;
}

function whereOf(f: EnvFilter): SQL | undefined {
  const parts: SQL[] = [live];
  if (f.name) parts.push(containing(labEnvironments.name, f.name)!);
  if (f.type) parts.push(eq(labEnvironments.type, f.type));
  if (f.state) parts.push(eq(labEnvironments.state, f.state));
  if (f.experimentKind) parts.push(eq(labEnvironments.experimentKind, f.experimentKind));
  if (f.label) parts.push(sql`${labEnvironments.labels} @> ${JSON.stringify([f.label])}::jsonb`);
  if (f.createdBy) parts.push(eq(labEnvironments.createdBy, f.createdBy));
  if (f.visibleOnly) parts.push(eq(labEnvironments.state, 1), eq(labEnvironments.hidden, 0));
  return and(...parts);
}

export async function pageEnvironments(db: Db, f: EnvFilter, pageNum: number, pageSize: number) {
  const where = whereOf(f);
  return readPage(
    db
      .select()
      .from(labEnvironments)
      .where(where)
      .orderBy(desc(labEnvironments.updatedAt), desc(labEnvironments.id)),
    db.select({ n: count() }).from(labEnvironments).where(where),
    pageNum,
    pageSize,
  );
}

export async function findEnvironment(db: Db, id: string): Promise<EnvironmentRow | undefined> {
  const rows = await db
    .select()
    .from(labEnvironments)
    .where(and(eq(labEnvironments.id, id), live))
    .limit(1);
  return rows[0];
}

export async function findEnvironments(db: Db, ids: string[]): Promise<EnvironmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(labEnvironments)
    .where(and(inArray(labEnvironments.id, ids), live));
}

/** Usable environments that keep labs warm, or that `ids` name. */
export async function warmPoolEnvironments(db: Db, ids: string[]): Promise<EnvironmentRow[]> {
  const wanted = ids.length
    ? or(gt(labEnvironments.warmPool, 0), inArray(labEnvironments.id, ids))
    : gt(labEnvironments.warmPool, 0);
  return db
    .select()
    .from(labEnvironments)
    .where(and(wanted, eq(labEnvironments.state, 1), live));
}

/** Live environments by code: the demo data's way to name them. */
export async function envIdsByCode(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: labEnvironments.id, code: labEnvironments.code })
    .from(labEnvironments)
    .where(and(inArray(labEnvironments.code, codes), live));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function codeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: labEnvironments.id })
    .from(labEnvironments)
    .where(
      and(
        sql`lower(${labEnvironments.code}) = lower(${code})`,
        live,
        exceptId ? ne(labEnvironments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertEnvironment(db: Db, row: EnvironmentInsert): Promise<EnvironmentRow> {
  const [created] = await db.insert(labEnvironments).values(row).returning();
  return created!;
}

export async function updateEnvironment(
  db: Db,
  id: string,
  set: Partial<EnvironmentInsert>,
): Promise<EnvironmentRow | undefined> {
  const [row] = await db
    .update(labEnvironments)
    .set(set)
    .where(and(eq(labEnvironments.id, id), live))
    .returning();
  return row;
}

export async function listOptions(db: Db) {
  return db
    .select({
      id: labEnvironments.id,
      code: labEnvironments.code,
      name: labEnvironments.name,
      type: labEnvironments.type,
      resourceKind: labEnvironments.resourceKind,
    })
    .from(labEnvironments)
    .where(and(live, ne(labEnvironments.state, 3)))
    .orderBy(asc(labEnvironments.name))
    .limit(1000);
}

export async function distinctLabels(db: Db): Promise<string[]> {
  const [envs, scripts] = await Promise.all([
    db.select({ labels: labEnvironments.labels }).from(labEnvironments).where(live).limit(5000),
    db.selectDistinct({ label: labScripts.label }).from(labScripts).limit(5000),
  ]);
  const all = new Set([...envs.flatMap((e) => e.labels), ...scripts.map((s) => s.label)]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** Environments that use `id` as a part. */
export async function combinationsUsing(db: Db, id: string): Promise<EnvironmentRow[]> {
  return db
    .select()
    .from(labEnvironments)
    .where(and(live, sql`${labEnvironments.parts} @> ${JSON.stringify([id])}::jsonb`));
}

export async function pageScripts(
  db: Db,
  f: { envId?: string | undefined; name?: string | undefined; label?: string | undefined },
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    live,
    f.envId ? eq(labScripts.envId, f.envId) : undefined,
    containing(labScripts.name, f.name),
    f.label ? eq(labScripts.label, f.label) : undefined,
  );
  const base = () =>
    db
      .select()
      .from(labScripts)
      .innerJoin(labEnvironments, eq(labEnvironments.id, labScripts.envId));
  const { records, total } = await readPage(
    base().where(where).orderBy(desc(labScripts.updatedAt), desc(labScripts.id)),
    db
      .select({ n: count() })
      .from(labScripts)
      .innerJoin(labEnvironments, eq(labEnvironments.id, labScripts.envId))
      .where(where),
    pageNum,
    pageSize,
  );
  return {
    records: records.map((r) => ({ ...r.lab_scripts, envName: r.lab_environments.name })),
    total,
  };
}

export async function findScript(db: Db, id: string) {
  const rows = await db
    .select()
    .from(labScripts)
    .innerJoin(labEnvironments, eq(labEnvironments.id, labScripts.envId))
    .where(and(eq(labScripts.id, id), live))
    .limit(1);
  const r = rows[0];
  return r ? { ...r.lab_scripts, envName: r.lab_environments.name } : undefined;
}

export async function upsertScript(db: Db, row: typeof labScripts.$inferInsert) {
  const [saved] = await db
    .insert(labScripts)
    .values(row)
    .onConflictDoUpdate({
      target: labScripts.id,
      set: {
        envId: row.envId,
        name: row.name,
        label: row.label,
        instructions: row.instructions ?? '',
        updatedAt: row.updatedAt ?? new Date(),
      },
    })
    .returning();
  return saved!;
}

export async function deleteScript(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(labScripts)
    .where(eq(labScripts.id, id))
    .returning({ id: labScripts.id });
  return rows.length > 0;
}
