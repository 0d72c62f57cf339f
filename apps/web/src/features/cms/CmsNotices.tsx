import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Skeleton, type TableColumnsType } from 'antd';
import {
  cmsLimits,
  cmsNoticeSaveSchema,
  type CmsNotice,
  type CmsNoticeSummary,
} from '@platform/contract';
import { formatInstant } from '../../shared/dates';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { bodyRules } from '../../shared/zodForm';
import { FilterBar, SearchFilter } from '../../shared/ui/Filters';
import { FormDialog } from '../../shared/ui/FormDialog';
import { noticePageQueryOptions, noticeQueryOptions, noticeSaveMutationOptions } from './api';
import { nameIn, noticeBodyOf, noticeValuesOf, type NoticeFormValues } from './cmsForm';
import {
  BilingualInputs,
  ContentCard,
  ContentTable,
  PublishTag,
  RichTextTabs,
  rowActions,
  useCmsDialog,
} from './parts';

function NoticeForm({ notice, onClose }: { notice?: CmsNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const body = (v: NoticeFormValues) => noticeBodyOf(v, notice?.id);
  const dialog = useCmsDialog({
    mutation: noticeSaveMutationOptions(),
    body,
    onClose,
    fields: ['source'] as const,
  });
  const rules = (field: string) => bodyRules(cmsNoticeSaveSchema, body, field, {});
  return (
    <FormDialog<NoticeFormValues>
      {...dialog}
      width={900}
      name={notice ? `notice-${notice.id}` : 'notice-add'}
      title={t(notice ? 'cms.titles.edit' : 'cms.titles.add')}
      okText={t('cms.actions.save')}
      cancelText={t('cms.actions.cancel')}
      initialValues={noticeValuesOf(notice)}
    >
      <BilingualInputs
        zh="titleZh"
        en="titleEn"
        labels={[t('cms.fields.titleZh'), t('cms.fields.titleEn')]}
        maxLength={cmsLimits.titleMax}
        rules={rules('title')}
      />
      <Form.Item name="source" label={t('cms.fields.source')} required rules={rules('source')}>
        <Input maxLength={cmsLimits.sourceMax + 5} />
      </Form.Item>
      <BilingualInputs
        zh="descriptionZh"
        en="descriptionEn"
        labels={[t('cms.fields.descriptionZh'), t('cms.fields.descriptionEn')]}
        maxLength={cmsLimits.descriptionMax}
        rows={2}
        rules={rules('description')}
      />
      <RichTextTabs rules={rules('content')} />
    </FormDialog>
  );
}

function NoticeEditor({ id, onClose }: { id?: string; onClose: () => void }) {
  const notice = useQuery({ ...noticeQueryOptions(id ?? ''), enabled: Boolean(id) });
  if (id && !notice.data) return notice.isError ? null : <Skeleton active />;
  return <NoticeForm notice={notice.data} onClose={onClose} />;
}

/** Notices (portal/notices): the notice centre's list, its publication and the editor. */
export function CmsNotices() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('cms.total', { total }),
    noticePageQueryOptions,
  );
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const columns = useMemo<TableColumnsType<CmsNoticeSummary>>(
    () => [
      {
        key: 'title',
        title: t('cms.fields.name'),
        render: (_, n) => nameIn(n.title, i18n.language),
      },
      { key: 'source', title: t('cms.fields.source'), dataIndex: 'source' },
      {
        key: 'description',
        title: t('cms.fields.description'),
        render: (_, n) => nameIn(n.description, i18n.language),
        ellipsis: true,
      },
      {
        key: 'isPublish',
        title: t('cms.fields.isPublish'),
        render: (_, n) => <PublishTag isPublish={n.isPublish} />,
      },
      {
        key: 'updatedAt',
        title: t('cms.fields.updatedAt'),
        render: (_, n) => formatInstant(n.updatedAt),
      },
      ...rowActions<CmsNoticeSummary>(t, can, {
        kind: 'notice',
        name: (n) => nameIn(n.title, i18n.language),
        onEdit: (n) => setEditing({ id: n.id }),
        publishOf: (n) => n.isPublish,
      }),
    ],
    [t, i18n.language, can],
  );

  return (
    <ContentCard title={t('cms.titles.notices')} onAdd={() => setEditing({})}>
      <FilterBar>
        <SearchFilter
          placeholder={t('cms.placeholders.searchTitle')}
          maxLength={cmsLimits.titleMax}
          width={240}
          defaultValue={filter.title}
          onSearch={(title) => set('title', title)}
        />
      </FilterBar>
      <ContentTable<CmsNoticeSummary>
        page={page}
        pagination={pagination}
        columns={columns}
        failedText={t('cms.failed.notices')}
      />
      {editing && <NoticeEditor {...editing} onClose={() => setEditing(null)} />}
    </ContentCard>
  );
}
