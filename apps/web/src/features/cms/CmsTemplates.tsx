import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import {
  cmsLimits,
  templateCategories,
  templateSaveSchema,
  type CmsTemplate,
  type TemplateSave,
} from '@platform/contract';
import { formatInstant } from '../../shared/dates';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { bodyRules } from '../../shared/zodForm';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { FormDialog } from '../../shared/ui/FormDialog';
import { templatePageQueryOptions, templateSaveMutationOptions } from './api';
import { ContentCard, ContentTable, rowActions, useCmsDialog } from './parts';

type TemplateFormValues = Partial<Omit<TemplateSave, 'id'>>;

function TemplateEditor({ template, onClose }: { template?: CmsTemplate; onClose: () => void }) {
  const { t } = useTranslation();
  const body = (v: TemplateFormValues) =>
    ({
      ...(template ? { id: template.id } : {}),
      name: (v.name ?? '').trim(),
      category: v.category,
      path: (v.path ?? '').trim(),
    }) as TemplateSave;
  const dialog = useCmsDialog({
    mutation: templateSaveMutationOptions(),
    body,
    onClose,
    fields: ['name', 'category', 'path'] as const,
  });
  const rules = (field: string) => bodyRules(templateSaveSchema, body, field, {});
  return (
    <FormDialog<TemplateFormValues>
      {...dialog}
      name={template ? `template-${template.id}` : 'template-add'}
      title={t(template ? 'cms.titles.edit' : 'cms.titles.add')}
      okText={t('cms.actions.save')}
      cancelText={t('cms.actions.cancel')}
      initialValues={template ?? { name: '', path: '' }}
    >
      <Form.Item name="name" label={t('cms.fields.name')} required rules={rules('name')}>
        <Input maxLength={cmsLimits.nameMax + 10} />
      </Form.Item>
      <Form.Item
        name="category"
        label={t('cms.fields.category')}
        required
        rules={rules('category')}
      >
        <Select
          placeholder={t('cms.placeholders.select')}
          options={templateCategories.map((c) => ({ value: c, label: t(`cms.values.${c}`) }))}
        />
      </Form.Item>
      <Form.Item name="path" label={t('cms.fields.path')} required rules={rules('path')}>
        <Input maxLength={cmsLimits.pathMax + 10} placeholder="/home/article" />
      </Form.Item>
    </FormDialog>
  );
}

/** Templates (portal/templates): the column and content templates catalogues open with. */
export function CmsTemplates() {
  const { t } = useTranslation();
  const can = useCan();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('cms.total', { total }),
    templatePageQueryOptions,
  );
  const [editing, setEditing] = useState<{ template?: CmsTemplate } | null>(null);
  const columns = useMemo<TableColumnsType<CmsTemplate>>(
    () => [
      { key: 'name', title: t('cms.fields.name'), dataIndex: 'name' },
      {
        key: 'category',
        title: t('cms.fields.category'),
        render: (_, r) => t(`cms.values.${r.category}`),
      },
      { key: 'path', title: t('cms.fields.path'), dataIndex: 'path' },
      {
        key: 'updatedAt',
        title: t('cms.fields.updatedAt'),
        render: (_, r) => formatInstant(r.updatedAt),
      },
      ...rowActions<CmsTemplate>(t, can, {
        kind: 'template',
        name: (r) => r.name,
        onEdit: (template) => setEditing({ template }),
      }),
    ],
    [t, can],
  );

  return (
    <ContentCard title={t('cms.titles.templates')} onAdd={() => setEditing({})}>
      <FilterBar>
        <SearchFilter
          placeholder={t('cms.placeholders.search')}
          maxLength={cmsLimits.nameMax}
          width={240}
          defaultValue={filter.name}
          onSearch={(name) => set('name', name)}
        />
        <SelectFilter<string>
          placeholder={t('cms.fields.category')}
          width={160}
          value={filter.category}
          options={templateCategories.map((c) => ({ value: c, label: t(`cms.values.${c}`) }))}
          onChange={(v) => set('category', v as TemplateSave['category'] | undefined)}
        />
      </FilterBar>
      <ContentTable<CmsTemplate>
        page={page}
        pagination={pagination}
        columns={columns}
        failedText={t('cms.failed.templates')}
      />
      {editing && <TemplateEditor {...editing} onClose={() => setEditing(null)} />}
    </ContentCard>
  );
}
