import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  cmsPaths,
  coursesPaths,
  routeRefs,
  type catalogAttributeKinds,
  type cmsApi,
  type coursesApi,
  type Language,
} from '@platform/contract';
import { call } from '../../shared/call';
import { publicScope } from '../../shared/queryScopes';

/*
 * The public site's reads: published content only, no sign-in. Called through references to the
 * contract's routes, so the site's pages carry no schemas. Names come in the reader's language,
 * so the language is part of every key.
 */
const cms = routeRefs<typeof cmsApi>(cmsPaths);
const courses = routeRefs<typeof coursesApi>(coursesPaths);

export type AttributeKind = (typeof catalogAttributeKinds)[number];

const open = { auth: false, quiet: true } as const;
const published = { isPublish: 1, isDisplay: 1 } as const;
const fresh = 60_000;

export const siteKeys = {
  all: [...publicScope, 'site'] as const,
  of: (lang: Language) => [...siteKeys.all, lang] as const,
};

/** Top-level catalogues of an attribute kind, each with its sub-catalogues (recursively). */
export function catalogsByKindQuery(lang: Language, attributeCode: AttributeKind) {
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'catalogs', attributeCode],
    queryFn: ({ signal }) =>
      call(cms.frontCatalogs, { query: { ...published, attributeCode } }, { ...open, signal }),
    staleTime: fresh,
  });
}

/** Every published, displayed catalogue as a flat list (parents by `parentId`). */
export function catalogListQuery(lang: Language) {
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'catalog-list'],
    queryFn: ({ signal }) => call(cms.frontCatalogList, { query: published }, { ...open, signal }),
    staleTime: fresh,
  });
}

/** One catalogue with its sub-catalogues. */
export function catalogQuery(lang: Language, id: string) {
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'catalog', id],
    queryFn: ({ signal }) => call(cms.frontSub, { params: { id } }, { ...open, signal }),
    staleTime: fresh,
  });
}

export function articlePageQuery(
  lang: Language,
  q: { catalogId?: string | undefined; pageNum: number; pageSize: number },
) {
  const query = {
    isPublish: 1 as const,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...(q.catalogId ? { catalogId: q.catalogId } : {}),
  };
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'articles', query],
    queryFn: ({ signal }) => call(cms.frontArticlePage, { query }, { ...open, signal }),
    placeholderData: keepPreviousData,
    staleTime: fresh,
  });
}

/** An article; the server counts each read, so it is read once per visit of the page. */
export function articleQuery(lang: Language, id: string) {
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'article', id],
    queryFn: ({ signal }) => call(cms.frontArticle, { params: { id } }, { ...open, signal }),
    staleTime: 5 * 60_000,
  });
}

export function noticePageQuery(lang: Language, q: { pageNum: number; pageSize: number }) {
  const query = { isPublish: 1 as const, ...q };
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'notices', query],
    queryFn: ({ signal }) => call(cms.frontNoticePage, { query }, { ...open, signal }),
    placeholderData: keepPreviousData,
    staleTime: fresh,
  });
}

export function noticeQuery(lang: Language, id: string) {
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'notice', id],
    queryFn: ({ signal }) => call(cms.frontNotice, { params: { id } }, { ...open, signal }),
    staleTime: fresh,
  });
}

export function coursePageQuery(lang: Language, q: { pageNum: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...siteKeys.of(lang), 'courses', q],
    queryFn: ({ signal }) => call(courses.frontPage, { query: q }, { ...open, signal }),
    placeholderData: keepPreviousData,
    staleTime: fresh,
  });
}
