import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  cmsApi,
  type ArticleSave,
  type AttributeSave,
  type CatalogSave,
  type CmsNoticeSave,
  type PageFilter,
  type PageQuery,
  type PublishBody,
  type TemplateSave,
  type articlePageQuerySchema,
  type attributePageQuerySchema,
  type cmsNoticePageQuerySchema,
  type templatePageQuerySchema,
} from '@platform/contract';
import { call, uploadRoute } from '../../shared/call';
import { invalidates, sessionScope } from '../../shared/queryScopes';

/** Portal content (management spec §2): catalogues, attributes, templates, articles, notices. */

export type ArticleFilter = PageFilter<typeof articlePageQuerySchema>;
export type NoticeFilter = PageFilter<typeof cmsNoticePageQuerySchema>;
export type TemplateFilter = PageFilter<typeof templatePageQuerySchema>;
export type AttributeFilter = PageFilter<typeof attributePageQuerySchema>;

export const cmsKeys = {
  all: [...sessionScope, 'cms'] as const,
  attributes: () => [...cmsKeys.all, 'attributes'] as const,
  attributePage: (q: AttributeFilter & PageQuery) => [...cmsKeys.attributes(), 'page', q] as const,
  attributeList: () => [...cmsKeys.attributes(), 'list'] as const,
  templates: () => [...cmsKeys.all, 'templates'] as const,
  templatePage: (q: TemplateFilter & PageQuery) => [...cmsKeys.templates(), 'page', q] as const,
  templateList: () => [...cmsKeys.templates(), 'list'] as const,
  catalogs: () => [...cmsKeys.all, 'catalogs'] as const,
  catalogTree: () => [...cmsKeys.catalogs(), 'tree'] as const,
  articles: () => [...cmsKeys.all, 'articles'] as const,
  articlePage: (q: ArticleFilter & PageQuery) => [...cmsKeys.articles(), 'page', q] as const,
  article: (id: string) => [...cmsKeys.articles(), 'one', id] as const,
  notices: () => [...cmsKeys.all, 'notices'] as const,
  noticePage: (q: NoticeFilter & PageQuery) => [...cmsKeys.notices(), 'page', q] as const,
  notice: (id: string) => [...cmsKeys.notices(), 'one', id] as const,
};

export const attributePageQueryOptions = (query: AttributeFilter & PageQuery) =>
  queryOptions({
    queryKey: cmsKeys.attributePage(query),
    queryFn: ({ signal }) => call(cmsApi.attributePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const attributeListQueryOptions = () =>
  queryOptions({
    queryKey: cmsKeys.attributeList(),
    queryFn: ({ signal }) => call(cmsApi.attributeList, {}, { signal }),
  });

export const templatePageQueryOptions = (query: TemplateFilter & PageQuery) =>
  queryOptions({
    queryKey: cmsKeys.templatePage(query),
    queryFn: ({ signal }) => call(cmsApi.templatePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const templateListQueryOptions = () =>
  queryOptions({
    queryKey: cmsKeys.templateList(),
    queryFn: ({ signal }) => call(cmsApi.templateList, {}, { signal }),
  });

export const catalogTreeQueryOptions = () =>
  queryOptions({
    queryKey: cmsKeys.catalogTree(),
    queryFn: ({ signal }) => call(cmsApi.catalogTree, {}, { signal }),
  });

export const articlePageQueryOptions = (query: ArticleFilter & PageQuery) =>
  queryOptions({
    queryKey: cmsKeys.articlePage(query),
    queryFn: ({ signal }) => call(cmsApi.articlePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: cmsKeys.article(id),
    queryFn: ({ signal }) => call(cmsApi.articleGet, { params: { id } }, { signal }),
  });

export const noticePageQueryOptions = (query: NoticeFilter & PageQuery) =>
  queryOptions({
    queryKey: cmsKeys.noticePage(query),
    queryFn: ({ signal }) => call(cmsApi.noticePage, { query: { ...query } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const noticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: cmsKeys.notice(id),
    queryFn: ({ signal }) => call(cmsApi.noticeGet, { params: { id } }, { signal }),
  });

// Failures are told with the spec's "failed to ..." texts by the pages, so requests stay quiet.
const quiet = { quiet: true } as const;

export const attributeSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...cmsKeys.attributes(), 'save'],
    mutationFn: (body: AttributeSave) => call(cmsApi.attributeSave, { body }, quiet),
    onSuccess: invalidates({ queryKey: cmsKeys.attributes() }, { queryKey: cmsKeys.catalogs() }),
  });

export const templateSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...cmsKeys.templates(), 'save'],
    mutationFn: (body: TemplateSave) => call(cmsApi.templateSave, { body }, quiet),
    onSuccess: invalidates({ queryKey: cmsKeys.templates() }, { queryKey: cmsKeys.catalogs() }),
  });

export const catalogSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...cmsKeys.catalogs(), 'save'],
    mutationFn: (body: CatalogSave) => call(cmsApi.catalogSave, { body }, quiet),
    onSuccess: invalidates({ queryKey: cmsKeys.catalogs() }),
  });

export const articleSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...cmsKeys.articles(), 'save'],
    mutationFn: (body: ArticleSave) => call(cmsApi.articleSave, { body }, quiet),
    onSuccess: invalidates({ queryKey: cmsKeys.articles() }),
  });

export const noticeSaveMutationOptions = () =>
  mutationOptions({
    mutationKey: [...cmsKeys.notices(), 'save'],
    mutationFn: (body: CmsNoticeSave) => call(cmsApi.noticeSave, { body }, quiet),
    onSuccess: invalidates({ queryKey: cmsKeys.notices() }),
  });

/** The delete and publish routes of each kind of content, and the queries they change. */
const kinds = {
  attribute: { remove: cmsApi.attributeDelete, publish: null, key: cmsKeys.attributes },
  template: { remove: cmsApi.templateDelete, publish: null, key: cmsKeys.templates },
  catalog: { remove: cmsApi.catalogDelete, publish: cmsApi.catalogPublish, key: cmsKeys.catalogs },
  article: { remove: cmsApi.articleDelete, publish: cmsApi.articlePublish, key: cmsKeys.articles },
  notice: { remove: cmsApi.noticeDelete, publish: cmsApi.noticePublish, key: cmsKeys.notices },
} as const;
export type ContentKind = keyof typeof kinds;

export const deleteMutationOptions = (kind: ContentKind) =>
  mutationOptions({
    mutationKey: [...kinds[kind].key(), 'delete'],
    mutationFn: async (id: string) => {
      await call(kinds[kind].remove, { params: { id } }, quiet);
    },
    onSuccess: invalidates({ queryKey: kinds[kind].key() }),
  });

export const publishMutationOptions = (kind: 'catalog' | 'article' | 'notice') =>
  mutationOptions({
    mutationKey: [...kinds[kind].key(), 'publish'],
    mutationFn: async (body: PublishBody) => {
      await call(kinds[kind].publish, { body }, quiet);
    },
    onSuccess: invalidates({ queryKey: kinds[kind].key() }),
  });

/** Uploads an image of the portal (JPG or PNG up to 5 MB); answers its id and address. */
export function uploadCmsImage(file: File) {
  return uploadRoute(cmsApi.imageUpload, { file });
}
