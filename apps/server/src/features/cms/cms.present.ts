import {
  cmsApi,
  pathOf,
  type ArticleSummary,
  type BilingualDoc,
  type CatalogType,
  type CmsAttribute,
  type CmsCatalog,
  type CmsNoticeSummary,
  type CmsTemplate,
  type ContentLanguage,
  type Flag,
  type TemplateCategory,
} from '@platform/contract';
import type * as repo from './cms.repo';

/** How the portal's rows are shown: to its editors, and the pieces the public site shares. */

/** Where an image of the portal is stored, and the public address it is read at. */
export const cmsImageKey = (fileId: string) => `cms/${fileId}`;
export const cmsImageUrl = (fileId: string | null) =>
  fileId ? pathOf(cmsApi.image.path, { fileId }) : null;

export const flag = (v: boolean): Flag => (v ? 1 : 0);
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const page = <T>(records: T[], total: number, q: { pageNum: number; pageSize: number }) => ({
  records,
  total,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
});

/** The reader's language of a document, else the other one. */
export function localDoc(doc: BilingualDoc | null, lang: ContentLanguage) {
  return doc?.[lang] ?? doc?.[lang === 'zh' ? 'en' : 'zh'] ?? null;
}

export function presentAttribute(r: repo.AttributeRow): CmsAttribute {
  return { id: r.id, name: r.name, code: r.code, updatedAt: r.updatedAt.toISOString() };
}

export function presentTemplate(r: repo.TemplateRow): CmsTemplate {
  return {
    id: r.id,
    name: r.name,
    category: r.category as TemplateCategory,
    path: r.path,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentCatalog(r: repo.CatalogWithTemplate): CmsCatalog {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    type: r.type as CatalogType,
    link: r.link,
    attributeCode: r.attributeCode,
    templateId: r.templateId,
    templateName: r.templateName,
    image: r.image,
    imageUrl: cmsImageUrl(r.image),
    sortNumber: r.sortNumber,
    isPublish: flag(r.isPublish),
    isDisplay: flag(r.isDisplay),
    parentId: r.parentId,
    description: r.description,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentArticleSummary(r: repo.ArticleWithCatalog): ArticleSummary {
  return {
    id: r.id,
    title: r.title,
    catalogId: r.catalogId,
    catalogName: r.catalogName,
    summary: r.summary,
    author: r.author,
    cover: r.cover,
    coverUrl: cmsImageUrl(r.cover),
    readings: r.readings,
    isPublish: flag(r.isPublish),
    isDisplay: flag(r.isDisplay),
    publishedAt: iso(r.publishedAt),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentNoticeSummary(r: repo.NoticeRow): CmsNoticeSummary {
  return {
    id: r.id,
    title: r.title,
    source: r.source,
    description: r.description,
    isPublish: flag(r.isPublish),
    publishedAt: iso(r.publishedAt),
    updatedAt: r.updatedAt.toISOString(),
  };
}
