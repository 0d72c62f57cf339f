import type { ArticleSummary, CmsCatalog, CmsNoticeSummary } from '@platform/contract';

/** Sample rows for the portal views' tests. */

export function sampleCatalog(partial: Partial<CmsCatalog> = {}): CmsCatalog {
  return {
    id: '1',
    name: { zh: '新闻动态', en: 'News' },
    category: '',
    type: 'catalog',
    link: '',
    attributeCode: 'navigate',
    templateId: null,
    templateName: null,
    image: null,
    imageUrl: null,
    sortNumber: 1,
    isPublish: 1,
    isDisplay: 1,
    parentId: null,
    description: {},
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...partial,
  };
}

export function sampleArticle(partial: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id: '501',
    title: { zh: '平台上线', en: 'Platform live' },
    catalogId: '1',
    catalogName: { zh: '新闻动态', en: 'News' },
    summary: { zh: '摘要', en: 'Summary' },
    author: '运营中心',
    cover: null,
    coverUrl: null,
    readings: 12,
    isPublish: 0,
    isDisplay: 1,
    publishedAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...partial,
  };
}

export function sampleNotice(partial: Partial<CmsNoticeSummary> = {}): CmsNoticeSummary {
  return {
    id: '601',
    title: { zh: '寒假停机维护', en: 'Winter maintenance' },
    source: '运维中心',
    description: { zh: '平台将于周六停机两小时', en: 'Down for two hours on Saturday' },
    isPublish: 1,
    publishedAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...partial,
  };
}
