import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, type TableColumnsType } from 'antd';
import { attributeSaveSchema, cmsLimits, type CmsAttribute } from '@platform/contract';
import { useCan } from '../../shared/permissions/useCan';
import { useFilteredPage } from '../../shared/usePaging';
import { bodyRules } from '../../shared/zodForm';
import { FilterBar, SearchFilter } from '../../shared/ui/Filters';
import { FormDialog } from '../../shared/ui/FormDialog';
import { attributePageQueryOptions, attributeSaveMutationOptions } from './api';
import { attributeBodyOf, nameIn, type AttributeFormValues } from './cmsForm';
import { BilingualInputs, ContentCard, ContentTable, rowActions, useCmsDialog } from './parts';

function AttributeEditor({
  attribute,
  onClose,
}: {
  attribute?: CmsAttribute;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const body = (v: AttributeFormValues) => attributeBodyOf(v, attribute?.id);
  const dialog = useCmsDialog({
    mutation: attributeSaveMutationOptions(),
    body,
    onClose,
    fields: ['code'] as const,
    fieldOfErrorKey: { 'cms.attribute_code_taken': 'code' },
  });
  return (
    <FormDialog<AttributeFormValues>
      {...dialog}
      name={attribute ? `attribute-${attribute.id}` : 'attribute-add'}
      title={t(attribute ? 'cms.titles.edit' : 'cms.titles.add')}
      okText={t('cms.actions.save')}
      cancelText={t('cms.actions.cancel')}
      initialValues={{
        nameZh: attribute?.name.zh ?? '',
        nameEn: attribute?.name.en ?? '',
        code: attribute?.code ?? '',
      }}
    >
      <BilingualInputs
        zh="nameZh"
        en="nameEn"
        labels={[t('cms.fields.nameZh'), t('cms.fields.nameEn')]}
        maxLength={cmsLimits.nameMax}
        rules={bodyRules(attributeSaveSchema, body, 'name', {})}
      />
      <Form.Item
        name="code"
        label={t('cms.fields.code')}
        required
        rules={bodyRules(attributeSaveSchema, body, 'code', {})}
      >
        <Input maxLength={cmsLimits.codeMax + 10} />
      </Form.Item>
    </FormDialog>
  );
}

/** Catalogue attributes (portal/attributes): name and code of each kind of catalogue. */
export function CmsAttributes() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('cms.total', { total }),
    attributePageQueryOptions,
  );
  const [editing, setEditing] = useState<{ attribute?: CmsAttribute } | null>(null);
  const columns = useMemo<TableColumnsType<CmsAttribute>>(
    () => [
      {
        key: 'name',
        title: t('cms.fields.name'),
        render: (_, a) => nameIn(a.name, i18n.language),
      },
      { key: 'code', title: t('cms.fields.code'), dataIndex: 'code' },
      ...rowActions<CmsAttribute>(t, can, {
        kind: 'attribute',
        name: (a) => a.code,
        onEdit: (attribute) => setEditing({ attribute }),
      }),
    ],
    [t, i18n.language, can],
  );

  return (
    <ContentCard title={t('cms.titles.attributes')} onAdd={() => setEditing({})}>
      <FilterBar>
        <SearchFilter
          placeholder={t('cms.placeholders.search')}
          maxLength={cmsLimits.nameMax}
          width={240}
          defaultValue={filter.name}
          onSearch={(name) => set('name', name)}
        />
      </FilterBar>
      <ContentTable<CmsAttribute>
        page={page}
        pagination={pagination}
        columns={columns}
        failedText={t('cms.failed.attributes')}
      />
      {editing && <AttributeEditor {...editing} onClose={() => setEditing(null)} />}
    </ContentCard>
  );
}
