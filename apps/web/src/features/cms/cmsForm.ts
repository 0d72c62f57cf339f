import type {
  ArticleSave,
  AttributeSave,
  CatalogSave,
  CmsArticle,
  CmsCatalog,
  CmsNotice,
  CmsNoticeSave,
} from '@platform/contract';

/**
 * The portal's forms: what the inputs hold and the save bodies made of them. Text is sent
 * without edge spaces; the contract's schemas check the bodies on both sides.
 */

const trim = (v: string | undefined | null) => (v ?? '').trim();
type Doc = Record<string, unknown>;

/** A catalogue with its sub-catalogues, for the tree table. */
export type CatalogNode = CmsCatalog & { children?: CatalogNode[] };

/** The tree of catalogues from their parents, in the order given (by sort number). */
export function catalogTreeOf(catalogs: CmsCatalog[]): CatalogNode[] {
  const nodes = new Map<string, CatalogNode>(catalogs.map((c) => [c.id, { ...c }]));
  const roots: CatalogNode[] = [];
  for (const c of catalogs) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The catalogue and all under it: none of them can become its parent. */
export function subtreeIds(catalogs: CmsCatalog[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of catalogs)
      if (c.parentId && ids.has(c.parentId) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
  }
  return ids;
}

export interface CatalogFormValues {
  nameZh?: string;
  nameEn?: string;
  category?: string;
  type?: 'catalog' | 'link';
  link?: string;
  attributeCode?: string | null;
  templateId?: string | null;
  image?: string | null;
  sortNumber?: number | null;
  isPublish?: boolean;
  isDisplay?: boolean;
  parentId?: string | null;
  descriptionZh?: string;
  descriptionEn?: string;
}

export function catalogValuesOf(c: CmsCatalog | undefined, parentId?: string): CatalogFormValues {
  if (!c) return { type: 'catalog', sortNumber: 1, isPublish: false, isDisplay: true, parentId };
  return {
    nameZh: c.name.zh ?? '',
    nameEn: c.name.en ?? '',
    category: c.category,
    type: c.type,
    link: c.link,
    attributeCode: c.attributeCode,
    templateId: c.templateId,
    image: c.image,
    sortNumber: c.sortNumber,
    isPublish: c.isPublish === 1,
    isDisplay: c.isDisplay === 1,
    parentId: c.parentId,
    descriptionZh: c.description.zh ?? '',
    descriptionEn: c.description.en ?? '',
  };
}

export function catalogBodyOf(v: CatalogFormValues, id?: string): CatalogSave {
  return {
    ...(id ? { id } : {}),
    name: { zh: trim(v.nameZh), en: trim(v.nameEn) },
    category: trim(v.category),
    type: v.type ?? 'catalog',
    link: trim(v.link),
    attributeCode: v.attributeCode ?? '',
    templateId: v.templateId || null,
    image: v.image || null,
    sortNumber: v.sortNumber ?? undefined,
    isPublish: v.isPublish ? 1 : 0,
    isDisplay: v.isDisplay ? 1 : 0,
    parentId: v.parentId || null,
    description: { zh: trim(v.descriptionZh), en: trim(v.descriptionEn) },
  };
}

export interface AttributeFormValues {
  nameZh?: string;
  nameEn?: string;
  code?: string;
}

export function attributeBodyOf(v: AttributeFormValues, id?: string): AttributeSave {
  return {
    ...(id ? { id } : {}),
    name: { zh: trim(v.nameZh), en: trim(v.nameEn) },
    code: trim(v.code),
  };
}

export interface ArticleFormValues {
  titleZh?: string;
  titleEn?: string;
  catalogId?: string;
  summaryZh?: string;
  summaryEn?: string;
  author?: string;
  cover?: string | null;
  contentZh?: Doc | null;
  contentEn?: Doc | null;
  isDisplay?: boolean;
}

export function articleValuesOf(a: CmsArticle | undefined): ArticleFormValues {
  if (!a) return { isDisplay: true };
  return {
    titleZh: a.title.zh ?? '',
    titleEn: a.title.en ?? '',
    catalogId: a.catalogId,
    summaryZh: a.summary.zh ?? '',
    summaryEn: a.summary.en ?? '',
    author: a.author,
    cover: a.cover,
    contentZh: a.content.zh ?? null,
    contentEn: a.content.en ?? null,
    isDisplay: a.isDisplay === 1,
  };
}

/** A document counts only when it holds some text or an image. */
function hasContent(doc: Doc | null | undefined): doc is Doc {
  return Boolean(doc && /"(text|src)":"[^"]/.test(JSON.stringify(doc)));
}

function docsOf(zh: Doc | null | undefined, en: Doc | null | undefined) {
  return {
    ...(hasContent(zh) ? { zh: zh as { type: 'doc' } } : {}),
    ...(hasContent(en) ? { en: en as { type: 'doc' } } : {}),
  };
}

export function articleBodyOf(v: ArticleFormValues, id?: string): ArticleSave {
  return {
    ...(id ? { id } : {}),
    title: { zh: trim(v.titleZh), en: trim(v.titleEn) },
    catalogId: v.catalogId ?? '',
    summary: { zh: trim(v.summaryZh), en: trim(v.summaryEn) },
    author: trim(v.author),
    cover: v.cover || null,
    content: docsOf(v.contentZh, v.contentEn),
    isDisplay: v.isDisplay === false ? 0 : 1,
  };
}

export interface NoticeFormValues {
  titleZh?: string;
  titleEn?: string;
  source?: string;
  descriptionZh?: string;
  descriptionEn?: string;
  contentZh?: Doc | null;
  contentEn?: Doc | null;
}

export function noticeValuesOf(n: CmsNotice | undefined): NoticeFormValues {
  if (!n) return {};
  return {
    titleZh: n.title.zh ?? '',
    titleEn: n.title.en ?? '',
    source: n.source,
    descriptionZh: n.description.zh ?? '',
    descriptionEn: n.description.en ?? '',
    contentZh: n.content?.zh ?? null,
    contentEn: n.content?.en ?? null,
  };
}

export function noticeBodyOf(v: NoticeFormValues, id?: string): CmsNoticeSave {
  return {
    ...(id ? { id } : {}),
    title: { zh: trim(v.titleZh), en: trim(v.titleEn) },
    source: trim(v.source),
    description: { zh: trim(v.descriptionZh), en: trim(v.descriptionEn) },
    content: docsOf(v.contentZh, v.contentEn),
  };
}

/** The text of a bilingual name in the reader's language, else the other. */
export function nameIn(name: { zh?: string; en?: string }, language: string): string {
  const zhFirst = language.startsWith('zh');
  return (zhFirst ? name.zh || name.en : name.en || name.zh) ?? '';
}
