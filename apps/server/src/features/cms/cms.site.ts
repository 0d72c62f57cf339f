import {
  localized,
  type CatalogType,
  type ContentLanguage,
  type FrontArticle,
  type FrontArticleSummary,
  type FrontCatalog,
  type FrontNotice,
  type FrontNoticeSummary,
  type frontArticlePageQuerySchema,
  type frontCatalogsQuerySchema,
  type frontNoticePageQuerySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { cmsImageUrl, iso, localDoc, page } from './cms.present';
import * as repo from './cms.repo';

type Out<S extends z.ZodType> = z.output<S>;

function frontArticleSummary(r: repo.ArticleWithCatalog, lang: ContentLanguage) {
  return {
    id: r.id,
    title: localized(r.title, lang),
    catalogId: r.catalogId,
    catalogName: localized(r.catalogName, lang),
    summary: localized(r.summary, lang),
    author: r.author,
    coverUrl: cmsImageUrl(r.cover),
    readings: r.readings,
    publishedAt: iso(r.publishedAt),
    updatedAt: r.updatedAt.toISOString(),
  } satisfies FrontArticleSummary;
}

function frontNoticeSummary(r: repo.NoticeRow, lang: ContentLanguage): FrontNoticeSummary {
  return {
    id: r.id,
    title: localized(r.title, lang),
    source: r.source,
    description: localized(r.description, lang),
    publishedAt: iso(r.publishedAt),
  };
}

/** Builds the trees under `roots` from every visible catalogue (`all`, in sort order). */
function frontTrees(
  roots: repo.CatalogWithTemplate[],
  all: repo.CatalogWithTemplate[],
  withContent: Set<string>,
  lang: ContentLanguage,
): FrontCatalog[] {
  const children = new Map<string, repo.CatalogWithTemplate[]>();
  for (const c of all) {
    if (!c.parentId) continue;
    const list = children.get(c.parentId) ?? [];
    list.push(c);
    children.set(c.parentId, list);
  }
  const build = (c: repo.CatalogWithTemplate, seen: Set<string>): FrontCatalog => {
    const next = new Set(seen).add(c.id);
    return {
      id: c.id,
      name: localized(c.name, lang),
      type: c.type as CatalogType,
      link: c.link,
      attributeCode: c.attributeCode,
      imageUrl: cmsImageUrl(c.image),
      sortNumber: c.sortNumber,
      parentId: c.parentId,
      description: localized(c.description, lang),
      templateContent: c.templatePath ? { path: c.templatePath } : null,
      isExistContent: withContent.has(c.id) || (c.type === 'link' && c.link !== ''),
      subCatalogs: (children.get(c.id) ?? [])
        .filter((s) => !seen.has(s.id))
        .map((s) => build(s, next)),
    };
  };
  return roots.map((r) => build(r, new Set()));
}

/** The public site's reading of the portal: what is published and shown, in the reader's language. */
export class CmsSite {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  private async visibleTrees(roots: repo.CatalogWithTemplate[], lang: ContentLanguage) {
    const all = await repo.listCatalogs(this.db, { visible: true });
    const withContent = await repo.catalogsWithPublished(
      this.db,
      all.map((c) => c.id),
    );
    return frontTrees(roots, all, withContent, lang);
  }

  /** Catalogues matching the filters, each with its visible sub-catalogues. */
  async frontCatalogs(q: Out<typeof frontCatalogsQuerySchema>, lang: ContentLanguage) {
    const roots = await repo.listCatalogs(this.db, { ...this.frontFilter(q), visible: true });
    return this.visibleTrees(roots, lang);
  }

  async frontCatalogList(q: Out<typeof frontCatalogsQuerySchema>, lang: ContentLanguage) {
    const rows = await repo.listCatalogs(this.db, { ...this.frontFilter(q), visible: true });
    const withContent = await repo.catalogsWithPublished(
      this.db,
      rows.map((c) => c.id),
    );
    return frontTrees(rows, [], withContent, lang);
  }

  private frontFilter(q: Out<typeof frontCatalogsQuerySchema>): repo.CatalogFilter {
    return { attributeCode: q.attributeCode, parentId: q.parentId, name: q.name };
  }

  async frontSub(id: string, lang: ContentLanguage): Promise<FrontCatalog> {
    const row = await repo.findCatalog(this.db, id);
    if (!row || !row.isPublish || !row.isDisplay) throw notFound('cms.catalog_not_found');
    return (await this.visibleTrees([row], lang))[0]!;
  }

  async frontArticlePage(q: Out<typeof frontArticlePageQuerySchema>, lang: ContentLanguage) {
    const { records, total } = await repo.pageArticles(
      this.db,
      { title: q.title, catalogId: q.catalogId, visible: true },
      q.pageNum,
      q.pageSize,
    );
    return page(
      records.map((r) => frontArticleSummary(r, lang)),
      total,
      q,
    );
  }

  /** A public article, its reading counted. */
  async frontArticle(id: string, lang: ContentLanguage): Promise<FrontArticle> {
    const row = await repo.findArticle(this.db, id, true);
    if (!row) throw notFound('cms.article_not_found');
    const readings = (await repo.countReading(this.db, id)) ?? row.readings;
    return {
      ...frontArticleSummary({ ...row, readings }, lang),
      content: localDoc(row.content, lang),
    };
  }

  async frontNoticePage(q: Out<typeof frontNoticePageQuerySchema>, lang: ContentLanguage) {
    const { records, total } = await repo.pageNotices(
      this.db,
      { title: q.title, isPublish: true },
      q.pageNum,
      q.pageSize,
    );
    return page(
      records.map((r) => frontNoticeSummary(r, lang)),
      total,
      q,
    );
  }

  async frontNotice(id: string, lang: ContentLanguage): Promise<FrontNotice> {
    const row = await repo.noticeRows.find(this.db, id);
    if (!row || !row.isPublish) throw notFound('cms.notice_not_found');
    return { ...frontNoticeSummary(row, lang), content: localDoc(row.content, lang) };
  }
}
