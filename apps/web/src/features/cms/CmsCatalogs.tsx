import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Switch, Tag, type TableColumnsType } from 'antd';
import { catalogSaveSchema, catalogTypes, cmsLimits, type CmsCatalog } from '@platform/contract';
import { useCan } from '../../shared/permissions/useCan';
import { bodyRules } from '../../shared/zodForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { QueryTable } from '../../shared/ui/QueryTable';
import { RowAction } from '../../shared/ui/RowActions';
import {
  attributeListQueryOptions,
  catalogSaveMutationOptions,
  catalogTreeQueryOptions,
  templateListQueryOptions,
} from './api';
import {
  catalogBodyOf,
  catalogTreeOf,
  catalogValuesOf,
  nameIn,
  subtreeIds,
  type CatalogFormValues,
  type CatalogNode,
} from './cmsForm';
import {
  BilingualInputs,
  ContentCard,
  ImageInput,
  ListFailed,
  PublishTag,
  rowActions,
  useCmsDialog,
} from './parts';

interface Editing {
  catalog?: CmsCatalog;
  parentId?: string;
}

function CatalogEditor({
  catalog,
  parentId,
  all,
  onClose,
}: Editing & { all: CmsCatalog[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const attributes = useQuery(attributeListQueryOptions());
  const templates = useQuery(templateListQueryOptions());
  const body = (v: CatalogFormValues) => catalogBodyOf(v, catalog?.id);
  const dialog = useCmsDialog({
    mutation: catalogSaveMutationOptions(),
    body,
    onClose,
    fields: ['sortNumber', 'link', 'attributeCode', 'templateId', 'parentId'] as const,
    fieldOfErrorKey: { 'cms.catalog_parent_invalid': 'parentId' },
  });
  const rules = (field: string) => bodyRules(catalogSaveSchema, body, field, {});
  const excluded = catalog ? subtreeIds(all, catalog.id) : new Set<string>();
  const type = Form.useWatch('type', dialog.form);
  return (
    <FormDialog<CatalogFormValues>
      {...dialog}
      width={640}
      name={catalog ? `catalog-${catalog.id}` : 'catalog-add'}
      title={t(catalog ? 'cms.titles.edit' : 'cms.titles.add')}
      okText={t('cms.actions.save')}
      cancelText={t('cms.actions.cancel')}
      initialValues={catalogValuesOf(catalog, parentId)}
    >
      <BilingualInputs
        zh="nameZh"
        en="nameEn"
        labels={[t('cms.fields.nameZh'), t('cms.fields.nameEn')]}
        maxLength={cmsLimits.nameMax}
        rules={rules('name')}
      />
      <Form.Item name="parentId" label={t('cms.fields.parent')} rules={rules('parentId')}>
        <Select
          allowClear
          placeholder={t('cms.placeholders.select')}
          options={all
            .filter((c) => !excluded.has(c.id))
            .map((c) => ({ value: c.id, label: nameIn(c.name, i18n.language) }))}
        />
      </Form.Item>
      <Form.Item name="type" label={t('cms.fields.type')} required>
        <Select
          options={catalogTypes.map((v) => ({
            value: v,
            label: t(v === 'link' ? 'cms.values.linkType' : 'cms.values.catalog'),
          }))}
        />
      </Form.Item>
      {type === 'link' && (
        <Form.Item name="link" label={t('cms.fields.link')} required rules={rules('link')}>
          <Input maxLength={cmsLimits.linkMax} placeholder="https://" />
        </Form.Item>
      )}
      <Form.Item name="attributeCode" label={t('cms.fields.attribute')}>
        <Select
          allowClear
          loading={attributes.isLoading}
          placeholder={t('cms.placeholders.select')}
          options={(attributes.data ?? []).map((a) => ({
            value: a.code,
            label: `${nameIn(a.name, i18n.language)} (${a.code})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="templateId" label={t('cms.fields.template')}>
        <Select
          allowClear
          loading={templates.isLoading}
          placeholder={t('cms.placeholders.select')}
          options={(templates.data ?? []).map((tpl) => ({
            value: tpl.id,
            label: `${tpl.name} (${tpl.path})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="category" label={t('cms.fields.category')} rules={rules('category')}>
        <Input maxLength={cmsLimits.categoryMax} />
      </Form.Item>
      <Form.Item
        name="sortNumber"
        label={t('cms.fields.sortNumber')}
        required
        rules={rules('sortNumber')}
      >
        <InputNumber min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="image" label={t('cms.fields.image')}>
        <ImageInput label={t('cms.fields.image')} />
      </Form.Item>
      <Form.Item name="isPublish" label={t('cms.fields.isPublish')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="isDisplay" label={t('cms.fields.isDisplay')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <BilingualInputs
        zh="descriptionZh"
        en="descriptionEn"
        labels={[t('cms.fields.descriptionZh'), t('cms.fields.descriptionEn')]}
        maxLength={cmsLimits.descriptionMax}
        rows={3}
        rules={rules('description')}
      />
    </FormDialog>
  );
}

/** The catalogue tree (portal/catalogs): the public site's navigation, kept by operators. */
export function CmsCatalogs() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const tree = useQuery(catalogTreeQueryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const all = useMemo(() => tree.data ?? [], [tree.data]);
  const nodes = useMemo(() => catalogTreeOf(all), [all]);
  const columns = useMemo<TableColumnsType<CatalogNode>>(() => {
    const list: TableColumnsType<CatalogNode> = [
      {
        key: 'name',
        title: t('cms.fields.name'),
        render: (_, c) => nameIn(c.name, i18n.language),
      },
      {
        key: 'type',
        title: t('cms.fields.type'),
        render: (_, c) =>
          c.type === 'link' ? (
            <Tag color="blue">{t('cms.values.linkType')}</Tag>
          ) : (
            t('cms.values.catalog')
          ),
      },
      {
        key: 'attribute',
        title: t('cms.fields.attribute'),
        render: (_, c) => c.attributeCode ?? '—',
      },
      { key: 'template', title: t('cms.fields.template'), render: (_, c) => c.templateName ?? '—' },
      { key: 'sortNumber', title: t('cms.fields.sortNumber'), dataIndex: 'sortNumber' },
      {
        key: 'isPublish',
        title: t('cms.fields.isPublish'),
        render: (_, c) => <PublishTag isPublish={c.isPublish} />,
      },
      {
        key: 'isDisplay',
        title: t('cms.fields.isDisplay'),
        render: (_, c) => t(c.isDisplay === 1 ? 'cms.values.shown' : 'cms.values.hidden'),
      },
    ];
    list.push(
      ...rowActions<CatalogNode>(t, can, {
        kind: 'catalog',
        name: (c) => nameIn(c.name, i18n.language),
        onEdit: (catalog) => setEditing({ catalog }),
        publishOf: (c) => c.isPublish,
        extra: (c) => (
          <RowAction onClick={() => setEditing({ parentId: c.id })}>
            {t('cms.actions.addChild')}
          </RowAction>
        ),
      }),
    );
    return list;
  }, [t, i18n.language, can]);

  return (
    <ContentCard title={t('cms.titles.catalogs')} onAdd={() => setEditing({})}>
      <QueryTable<CatalogNode>
        // Rows expand on the table's first render with rows, so it starts again once they arrive.
        key={tree.data ? 'rows' : 'waiting'}
        query={tree}
        failed={<ListFailed text={t('cms.failed.catalogs')} retry={() => tree.refetch()} />}
        dataSource={nodes}
        columns={columns}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        scroll={{ x: 'max-content' }}
      />
      {editing && <CatalogEditor {...editing} all={all} onClose={() => setEditing(null)} />}
    </ContentCard>
  );
}
