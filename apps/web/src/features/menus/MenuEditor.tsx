import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import {
  LinkType,
  MenuType,
  menuFormSchema,
  permissionKeys,
  webClientId,
  type MenuAdminNode,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { menuSaveMutationOptions } from './api';
import {
  menuFormFields,
  menuFormValuesOf,
  menuNameOf,
  menuSaveBodyOf,
  menuServerFields,
  subtreeIds,
  type MenuFormValues,
} from './menuForm';

interface ParentOption {
  value: string;
  title: string;
  children: ParentOption[];
}

/** Menus (never buttons) that may hold the entry: not the entry itself nor anything below it. */
function parentOptions(
  nodes: readonly MenuAdminNode[],
  excluded: Set<string>,
  lang: 'zh' | 'en',
): ParentOption[] {
  return nodes
    .filter((n) => n.type === MenuType.MENU && !excluded.has(n.id))
    .map((n) => ({
      value: n.id,
      title: menuNameOf(n, lang),
      children: parentOptions(n.children, excluded, lang),
    }));
}

interface MenuEditorProps {
  /** The whole tree, for the parent choice. */
  tree: readonly MenuAdminNode[];
  /** The entry to edit; none adds one. */
  node?: MenuAdminNode | undefined;
  /** Where a new entry goes; none is the top level. */
  parent?: MenuAdminNode | undefined;
  appId?: string;
  onClose: () => void;
}

/** Adds or edits a menu entry or button (menus/saveOrUpdate; with an id it updates). */
export function MenuEditor({ tree, node, parent, appId = webClientId, onClose }: MenuEditorProps) {
  const { t } = useTranslation();
  const lang = apiLanguage();
  const initialValues = useMemo(
    () => menuFormValuesOf(node, parent, parent ? parent.children : tree),
    [node, parent, tree],
  );
  const dialog = useSaveDialog({
    mutation: menuSaveMutationOptions(),
    body: (values: MenuFormValues) =>
      menuSaveBodyOf({ ...initialValues, ...values }, { id: node?.id, appId }),
    saved: t('menus.done.saved'),
    onClose,
    errors: (error) => saveErrors(error, menuServerFields),
  });
  const type = Form.useWatch('type', dialog.form) ?? (node?.type === MenuType.BUTTON ? 2 : 1);
  const linkType = Form.useWatch('linkType', dialog.form) ?? node?.linkType ?? LinkType.INTERNAL;
  const button = type === MenuType.BUTTON;
  const options = useMemo(
    () => parentOptions(tree, node ? subtreeIds(node) : new Set(), lang),
    [tree, node, lang],
  );
  const rulesOf = (field: (typeof menuFormFields)[number]) =>
    zodRules(menuFormSchema, field, menuFormFields);

  const title = node
    ? t('menus.titles.edit', { name: menuNameOf(node, lang) })
    : parent
      ? t('menus.titles.addChild', { name: menuNameOf(parent, lang) })
      : t('menus.titles.addTop');

  return (
    <FormDialog
      {...dialog}
      width={650}
      name={node ? `menu-edit-${node.id}` : 'menu-add'}
      title={title}
      okText={t('menus.actions.save')}
      cancelText={t('menus.actions.cancel')}
      initialValues={initialValues}
    >
      <Form.Item
        name="parentId"
        label={t('menus.fields.parentId')}
        extra={t('menus.help.parentId')}
        dependencies={['type']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (getFieldValue('type') === MenuType.BUTTON && !value)
                throw new Error(fieldErrorText('required'));
            },
          }),
        ]}
      >
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('menus.placeholders.top')}
          treeData={options}
        />
      </Form.Item>
      <Form.Item name="type" label={t('menus.fields.type')} required rules={rulesOf('type')}>
        <Radio.Group
          disabled={Boolean(node?.children.length)}
          options={[
            { value: MenuType.MENU, label: t('menus.types.1') },
            { value: MenuType.BUTTON, label: t('menus.types.2') },
          ]}
        />
      </Form.Item>
      <Form.Item name="name" label={t('menus.fields.name')} required rules={rulesOf('name')}>
        <Input maxLength={30} showCount />
      </Form.Item>
      <Form.Item name="nameEn" label={t('menus.fields.nameEn')} rules={rulesOf('nameEn')}>
        <Input maxLength={60} />
      </Form.Item>
      {!button && (
        <Form.Item
          name="url"
          label={t('menus.fields.url')}
          required
          extra={t('menus.help.url')}
          dependencies={['type']}
          rules={rulesOf('url')}
        >
          <Input maxLength={200} />
        </Form.Item>
      )}
      <Form.Item name="sort" label={t('menus.fields.sort')} required rules={rulesOf('sort')}>
        <InputNumber min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="hidden"
        label={t('menus.fields.hidden')}
        valuePropName="checked"
        extra={t('menus.help.hidden')}
      >
        <Switch />
      </Form.Item>
      {!button && (
        <Form.Item
          name="icon"
          label={t('menus.fields.icon')}
          extra={t('menus.help.icon')}
          rules={rulesOf('icon')}
        >
          <Input maxLength={50} />
        </Form.Item>
      )}
      <Form.Item
        name="customFields"
        label={t('menus.fields.customFields')}
        required={button}
        dependencies={['type']}
        rules={rulesOf('customFields')}
        extra={
          <>
            <div>{t('menus.help.customFields')}</div>
            {button && (
              <div>
                {t('menus.help.customFieldsButton')} {permissionKeys.join(', ')}
              </div>
            )}
          </>
        }
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {!button && (
        <>
          <Form.Item
            name="linkType"
            label={t('menus.fields.linkType')}
            required
            rules={rulesOf('linkType')}
          >
            <Radio.Group
              options={[
                { value: LinkType.INTERNAL, label: t('menus.linkTypes.1') },
                { value: LinkType.EXTERNAL, label: t('menus.linkTypes.2') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="linkValue"
            label={t('menus.fields.linkValue')}
            required={linkType === LinkType.EXTERNAL}
            extra={t('menus.help.linkValue')}
            dependencies={['linkType']}
            rules={rulesOf('linkValue')}
          >
            <Input maxLength={500} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
