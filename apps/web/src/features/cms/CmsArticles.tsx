import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Skeleton, Switch, type TableColumnsType } from 'antd';
import {
  articleSaveSchema,
  cmsLimits,
  type ArticleSummary,
  type CmsArticle,
} from '@platform/contract';
import { formatInstant } from '../../shared/dates';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { bodyRules } from '../../shared/zodForm';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { FormDialog } from '../../shared/ui/FormDialog';
import {
  articlePageQueryOptions,
  articleQueryOptions,
  articleSaveMutationOptions,
  catalogTreeQueryOptions,
} from './api';
import { articleBodyOf, articleValuesOf, nameIn, type ArticleFormValues } from './cmsForm';
import {
  BilingualInputs,
  ContentCard,
  ContentTable,
  ImageInput,
  PublishTag,
  RichTextTabs,
  rowActions,
  useCmsDialog,
} from './parts';

function useCatalogOptions() {
  const { i18n } = useTranslation();
  const tree = useQuery(catalogTreeQueryOptions());
  return (tree.data ?? []).map((c) => ({ value: c.id, label: nameIn(c.name, i18n.language) }));
}

function ArticleForm({ article, onClose }: { article?: CmsArticle; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogs = useCatalogOptions();
  const body = (v: ArticleFormValues) => articleBodyOf(v, article?.id);
  const dialog = useCmsDialog({
    mutation: articleSaveMutationOptions(),
    body,
    onClose,
    fields: ['catalogId', 'author'] as const,
    fieldOfErrorKey: { 'cms.catalog_not_found': 'catalogId' },
  });
  const rules = (field: string) => bodyRules(articleSaveSchema, body, field, {});
  return (
    <FormDialog<ArticleFormValues>
      {...dialog}
      width={900}
      name={article ? `article-${article.id}` : 'article-add'}
      title={t(article ? 'cms.titles.edit' : 'cms.titles.add')}
      okText={t('cms.actions.save')}
      cancelText={t('cms.actions.cancel')}
      initialValues={articleValuesOf(article)}
    >
      <BilingualInputs
        zh="titleZh"
        en="titleEn"
        labels={[t('cms.fields.titleZh'), t('cms.fields.titleEn')]}
        maxLength={cmsLimits.titleMax}
        rules={rules('title')}
      />
      <Form.Item
        name="catalogId"
        label={t('cms.fields.catalog')}
        required
        rules={rules('catalogId')}
      >
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('cms.placeholders.select')}
          options={catalogs}
        />
      </Form.Item>
      <BilingualInputs
        zh="summaryZh"
        en="summaryEn"
        labels={[t('cms.fields.summaryZh'), t('cms.fields.summaryEn')]}
        maxLength={cmsLimits.summaryMax}
        rows={2}
        required
        rules={rules('summary')}
      />
      <Form.Item name="author" label={t('cms.fields.author')} required rules={rules('author')}>
        <Input maxLength={cmsLimits.authorMax + 10} />
      </Form.Item>
      <Form.Item name="cover" label={t('cms.fields.cover')}>
        <ImageInput label={t('cms.fields.cover')} />
      </Form.Item>
      <Form.Item name="isDisplay" label={t('cms.fields.isDisplay')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <RichTextTabs rules={rules('content')} />
    </FormDialog>
  );
}

/** The editor of an article: a new one at once, an existing one once its content is loaded. */
function ArticleEditor({ id, onClose }: { id?: string; onClose: () => void }) {
  const article = useQuery({ ...articleQueryOptions(id ?? ''), enabled: Boolean(id) });
  if (id && !article.data) return article.isError ? null : <Skeleton active />;
  return <ArticleForm article={article.data} onClose={onClose} />;
}

/** Articles (portal/articles): filters, the list with publication, and the editor. */
export function CmsArticles() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const catalogs = useCatalogOptions();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('cms.total', { total }),
    articlePageQueryOptions,
  );
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const columns = useMemo<TableColumnsType<ArticleSummary>>(
    () => [
      {
        key: 'title',
        title: t('cms.fields.name'),
        render: (_, a) => nameIn(a.title, i18n.language),
      },
      {
        key: 'catalog',
        title: t('cms.fields.catalog'),
        render: (_, a) => nameIn(a.catalogName, i18n.language),
      },
      { key: 'author', title: t('cms.fields.author'), dataIndex: 'author' },
      { key: 'readings', title: t('cms.fields.readings'), dataIndex: 'readings' },
      {
        key: 'isPublish',
        title: t('cms.fields.isPublish'),
        render: (_, a) => <PublishTag isPublish={a.isPublish} />,
      },
      {
        key: 'updatedAt',
        title: t('cms.fields.updatedAt'),
        render: (_, a) => formatInstant(a.updatedAt),
      },
      ...rowActions<ArticleSummary>(t, can, {
        kind: 'article',
        name: (a) => nameIn(a.title, i18n.language),
        onEdit: (a) => setEditing({ id: a.id }),
        publishOf: (a) => a.isPublish,
      }),
    ],
    [t, i18n.language, can],
  );

  return (
    <ContentCard title={t('cms.titles.articles')} onAdd={() => setEditing({})}>
      <FilterBar>
        <SearchFilter
          placeholder={t('cms.placeholders.searchTitle')}
          maxLength={cmsLimits.titleMax}
          width={240}
          defaultValue={filter.title}
          onSearch={(title) => set('title', title)}
        />
        <SelectFilter<string>
          placeholder={t('cms.placeholders.allCatalogs')}
          width={200}
          value={filter.catalogId}
          options={catalogs}
          onChange={(v) => set('catalogId', v)}
        />
        <SelectFilter<number>
          placeholder={t('cms.placeholders.allStates')}
          width={160}
          value={filter.isPublish}
          options={[
            { value: 1, label: t('cms.values.published') },
            { value: 0, label: t('cms.values.unpublished') },
          ]}
          onChange={(v) => set('isPublish', v as 0 | 1 | undefined)}
        />
      </FilterBar>
      <ContentTable<ArticleSummary>
        page={page}
        pagination={pagination}
        columns={columns}
        failedText={t('cms.failed.articles')}
      />
      {editing && <ArticleEditor {...editing} onClose={() => setEditing(null)} />}
    </ContentCard>
  );
}
