import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { containing, escapeLike, readPage } from '../../lib/sql';
import { cmsArticles, cmsAttributes, cmsCatalogs, cmsNotices, cmsTemplates } from '../../db/schema';

export type AttributeRow = typeof cmsAttributes.$inferSelect;
export type TemplateRow = typeof cmsTemplates.$inferSelect;
export type CatalogRow = typeof cmsCatalogs.$inferSelect;
export type ArticleRow = typeof cmsArticles.$inferSelect;
export type NoticeRow = typeof cmsNotices.$inferSelect;
export type CatalogWithTemplate = CatalogRow & {
  templateName: string | null;
  templatePath: string | null;
};
export type ArticleWithCatalog = ArticleRow & { catalogName: CatalogRow['name'] };

/** Text inside either language of a bilingual jsonb column. */
function bilingualContaining(column: AnyColumn, text: string | undefined) {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${column}->>'zh' ilike ${pattern} or ${column}->>'en' ilike ${pattern})`;
}

type KeyedTable = PgTable & { id: PgColumn };

/** Reads and writes of one table's rows by id; updates and deletes answer whether a row was hit. */
function rowsOf<T extends KeyedTable>(table: T) {
  const byId = (id: string) => eq(table.id, id);
  const source: PgTable = table;
  return {
    async find(db: Db, id: string): Promise<T['$inferSelect'] | undefined> {
      const rows = await db.select().from(source).where(byId(id)).limit(1);
      return rows[0];
    },
    async insert(db: Db, row: T['$inferInsert']): Promise<void> {
      await db.insert(table).values(row);
    },
    async update(db: Db, id: string, set: Partial<T['$inferInsert']>): Promise<boolean> {
      const rows = await db.update(table).set(set).where(byId(id)).returning({ id: table.id });
      return rows.length > 0;
    },
    async remove(db: Db, id: string): Promise<boolean> {
      const rows = await db.delete(table).where(byId(id)).returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export const attributeRows = rowsOf(cmsAttributes);
export const templateRows = rowsOf(cmsTemplates);
export const catalogRows = rowsOf(cmsCatalogs);
export const articleRows = rowsOf(cmsArticles);
export const noticeRows = rowsOf(cmsNotices);

/* Attributes */

export async function pageAttributes(db: Db, name: string | undefined, num: number, size: number) {
  const where = bilingualContaining(cmsAttributes.name, name);
  return readPage(
    db.select().from(cmsAttributes).where(where).orderBy(asc(cmsAttributes.code)),
    db.select({ n: count() }).from(cmsAttributes).where(where),
    num,
    size,
  );
}
export const listAttributes = (db: Db) =>
  db.select().from(cmsAttributes).orderBy(asc(cmsAttributes.code));
export async function findAttributeByCode(db: Db, code: string) {
  return (await db.select().from(cmsAttributes).where(eq(cmsAttributes.code, code)).limit(1))[0];
}

/* Templates */

export async function pageTemplates(
  db: Db,
  f: { name?: string | undefined; category?: string | undefined },
  num: number,
  size: number,
) {
  const where = and(
    containing(cmsTemplates.name, f.name),
    f.category ? eq(cmsTemplates.category, f.category) : undefined,
  );
  return readPage(
    db
      .select()
      .from(cmsTemplates)
      .where(where)
      .orderBy(desc(cmsTemplates.updatedAt), desc(cmsTemplates.id)),
    db.select({ n: count() }).from(cmsTemplates).where(where),
    num,
    size,
  );
}
export const listTemplates = (db: Db) =>
  db.select().from(cmsTemplates).orderBy(asc(cmsTemplates.name));

/* Catalogues */

const withTemplate = {
  catalog: cmsCatalogs,
  templateName: cmsTemplates.name,
  templatePath: cmsTemplates.path,
};
const flatCatalog = (r: {
  catalog: CatalogRow;
  templateName: string | null;
  templatePath: string | null;
}): CatalogWithTemplate => ({
  ...r.catalog,
  templateName: r.templateName,
  templatePath: r.templatePath,
});
const catalogOrder = [asc(cmsCatalogs.sortNumber), asc(cmsCatalogs.id)];

export interface CatalogFilter {
  name?: string | undefined;
  parentId?: string | undefined;
  attributeCode?: string | undefined;
  isPublish?: boolean | undefined;
  /** The public site's rule: published and displayed only. */
  visible?: boolean;
}

function catalogWhere(f: CatalogFilter): SQL | undefined {
  return and(
    bilingualContaining(cmsCatalogs.name, f.name),
    f.parentId ? eq(cmsCatalogs.parentId, f.parentId) : undefined,
    f.attributeCode ? eq(cmsCatalogs.attributeCode, f.attributeCode) : undefined,
    f.isPublish !== undefined ? eq(cmsCatalogs.isPublish, f.isPublish) : undefined,
    f.visible ? and(eq(cmsCatalogs.isPublish, true), eq(cmsCatalogs.isDisplay, true)) : undefined,
  );
}

export async function listCatalogs(db: Db, f: CatalogFilter = {}): Promise<CatalogWithTemplate[]> {
  const rows = await db
    .select(withTemplate)
    .from(cmsCatalogs)
    .leftJoin(cmsTemplates, eq(cmsTemplates.id, cmsCatalogs.templateId))
    .where(catalogWhere(f))
    .orderBy(...catalogOrder);
  return rows.map(flatCatalog);
}

export async function pageCatalogs(db: Db, f: CatalogFilter, num: number, size: number) {
  const where = catalogWhere(f);
  const { records, total } = await readPage(
    db
      .select(withTemplate)
      .from(cmsCatalogs)
      .leftJoin(cmsTemplates, eq(cmsTemplates.id, cmsCatalogs.templateId))
      .where(where)
      .orderBy(...catalogOrder),
    db.select({ n: count() }).from(cmsCatalogs).where(where),
    num,
    size,
  );
  return { records: records.map(flatCatalog), total };
}

export async function findCatalog(db: Db, id: string): Promise<CatalogWithTemplate | undefined> {
  const rows = await db
    .select(withTemplate)
    .from(cmsCatalogs)
    .leftJoin(cmsTemplates, eq(cmsTemplates.id, cmsCatalogs.templateId))
    .where(eq(cmsCatalogs.id, id))
    .limit(1);
  return rows[0] && flatCatalog(rows[0]);
}
export async function catalogUses(db: Db, id: string) {
  const [children] = await db
    .select({ n: count() })
    .from(cmsCatalogs)
    .where(eq(cmsCatalogs.parentId, id));
  const [articles] = await db
    .select({ n: count() })
    .from(cmsArticles)
    .where(eq(cmsArticles.catalogId, id));
  return Number(children?.n ?? 0) + Number(articles?.n ?? 0);
}
export async function countCatalogsWith(
  db: Db,
  f: { attributeCode?: string; templateId?: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cmsCatalogs)
    .where(
      f.attributeCode
        ? eq(cmsCatalogs.attributeCode, f.attributeCode)
        : eq(cmsCatalogs.templateId, f.templateId ?? '0'),
    );
  return Number(row?.n ?? 0);
}
/** Catalogues among `ids` holding at least one published, displayed article. */
export async function catalogsWithPublished(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: cmsArticles.catalogId })
    .from(cmsArticles)
    .where(
      and(
        inArray(cmsArticles.catalogId, ids),
        eq(cmsArticles.isPublish, true),
        eq(cmsArticles.isDisplay, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/* Articles */

const withCatalog = { article: cmsArticles, catalogName: cmsCatalogs.name };
const flatArticle = (r: {
  article: ArticleRow;
  catalogName: CatalogRow['name'];
}): ArticleWithCatalog => ({
  ...r.article,
  catalogName: r.catalogName,
});

export interface ArticleFilter {
  title?: string | undefined;
  catalogId?: string | undefined;
  isPublish?: boolean | undefined;
  /** The public site's rule: published and displayed, in a published, displayed catalogue. */
  visible?: boolean;
}

function articleWhere(f: ArticleFilter): SQL | undefined {
  return and(
    bilingualContaining(cmsArticles.title, f.title),
    f.catalogId ? eq(cmsArticles.catalogId, f.catalogId) : undefined,
    f.isPublish !== undefined ? eq(cmsArticles.isPublish, f.isPublish) : undefined,
    f.visible
      ? and(
          eq(cmsArticles.isPublish, true),
          eq(cmsArticles.isDisplay, true),
          eq(cmsCatalogs.isPublish, true),
          eq(cmsCatalogs.isDisplay, true),
        )
      : undefined,
  );
}

export async function pageArticles(db: Db, f: ArticleFilter, num: number, size: number) {
  const where = articleWhere(f);
  const { records, total } = await readPage(
    db
      .select(withCatalog)
      .from(cmsArticles)
      .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsArticles.catalogId))
      .where(where)
      .orderBy(
        desc(f.visible ? cmsArticles.publishedAt : cmsArticles.updatedAt),
        desc(cmsArticles.id),
      ),
    db
      .select({ n: count() })
      .from(cmsArticles)
      .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsArticles.catalogId))
      .where(where),
    num,
    size,
  );
  return { records: records.map(flatArticle), total };
}

export async function findArticle(
  db: Db,
  id: string,
  visible = false,
): Promise<ArticleWithCatalog | undefined> {
  const rows = await db
    .select(withCatalog)
    .from(cmsArticles)
    .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsArticles.catalogId))
    .where(and(eq(cmsArticles.id, id), articleWhere({ visible })))
    .limit(1);
  return rows[0] && flatArticle(rows[0]);
}
/** Counts one reading of a published article; answers the new count, or null if not public. */
export async function countReading(db: Db, id: string): Promise<number | null> {
  const rows = await db
    .update(cmsArticles)
    .set({ readings: sql`${cmsArticles.readings} + 1` })
    .where(and(eq(cmsArticles.id, id), eq(cmsArticles.isPublish, true)))
    .returning({ readings: cmsArticles.readings });
  return rows[0]?.readings ?? null;
}

/* Notices */

export interface NoticeFilter {
  title?: string | undefined;
  isPublish?: boolean | undefined;
}

function noticeWhere(f: NoticeFilter) {
  return and(
    bilingualContaining(cmsNotices.title, f.title),
    f.isPublish !== undefined ? eq(cmsNotices.isPublish, f.isPublish) : undefined,
  );
}

export async function pageNotices(db: Db, f: NoticeFilter, num: number, size: number) {
  const where = noticeWhere(f);
  return readPage(
    db
      .select()
      .from(cmsNotices)
      .where(where)
      .orderBy(
        desc(f.isPublish ? cmsNotices.publishedAt : cmsNotices.updatedAt),
        desc(cmsNotices.id),
      ),
    db.select({ n: count() }).from(cmsNotices).where(where),
    num,
    size,
  );
}
