import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import {
  collegeLimits,
  collegeSaveSchema,
  limits,
  maxInteger,
  rootRegionId,
  type College,
} from '@platform/contract';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useCan } from '../../shared/permissions/useCan';
import { collegeSaveMutationOptions } from './api';
import { schoolTypeOptions, useLang } from './collegeFormat';
import {
  collegeFields,
  formValuesOf,
  newCollegeValues,
  requestFieldErrors,
  requiredFirst,
  saveBodyOf,
  type CollegeField,
  type CollegeFormValues,
} from './collegeForm';
import { RegionSelect } from './RegionSelect';

/** Selects answer "required" when nothing is chosen. */
const chosen: ReadonlySet<CollegeField> = new Set<CollegeField>(['type', 'province']);

interface CollegeEditorProps {
  /** The school to edit; none adds a new one. */
  college?: College | undefined;
  onClose: () => void;
}

/**
 * Adds or edits a school (colleges/saveOrUpdate). Rules come from the contract; the server's
 * field errors land on the fields. The url prefix is set once, when the school is added.
 */
export function CollegeEditor({ college, onClose }: CollegeEditorProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const editing = Boolean(college);
  const mayEnable = !editing || can('college.enable');
  const mayLimit = !editing || can('college.total_user');

  const rulesOf = (field: CollegeField) =>
    zodRules(
      collegeSaveSchema,
      field,
      collegeFields,
      chosen.has(field) ? { invalid_value: fieldErrorText('required') } : {},
    );

  const dialog = useSaveDialog({
    mutation: collegeSaveMutationOptions(),
    body: (values: CollegeFormValues) =>
      saveBodyOf(values, college, { enable: mayEnable, totalUser: mayLimit }),
    saved: t(editing ? 'colleges.done.saved' : 'colleges.done.added'),
    onClose,
    // The request layer has shown the server's message; the fields show where.
    errors: (error) => requestFieldErrors(error, collegeFields),
  });
  const province = Form.useWatch<string | undefined>('province', dialog.form);

  const select = t('colleges.placeholders.select');
  return (
    <FormDialog
      {...dialog}
      width={limits.dialogWidth}
      name={college ? `college-edit-${college.id}` : 'college-add'}
      title={college ? t('colleges.titles.edit', { name: college.name }) : t('colleges.titles.add')}
      okText={t('colleges.actions.save')}
      cancelText={t('colleges.actions.cancel')}
      initialValues={college ? formValuesOf(college) : newCollegeValues}
      onValuesChange={(changed: Record<string, unknown>) => {
        // A new province starts its cities over.
        if ('province' in changed) dialog.form.setFieldValue('city', undefined);
      }}
    >
      <Form.Item
        name="name"
        label={t('colleges.fields.name')}
        required
        validateFirst
        rules={requiredFirst(rulesOf('name'))}
      >
        <Input placeholder={t('colleges.placeholders.name')} maxLength={collegeLimits.nameMax} />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('colleges.fields.url')}
        required={!editing}
        validateFirst
        rules={editing ? [] : requiredFirst(rulesOf('url'))}
        extra={t('colleges.hints.url', { example: 'sch_demo' })}
      >
        <Input placeholder={t('colleges.placeholders.url')} maxLength={30} disabled={editing} />
      </Form.Item>
      <Form.Item name="type" label={t('colleges.fields.type')} required rules={rulesOf('type')}>
        <Select placeholder={select} options={schoolTypeOptions(lang)} />
      </Form.Item>
      <Form.Item
        name="province"
        label={t('colleges.fields.province')}
        required
        rules={rulesOf('province')}
      >
        <RegionSelect pid={rootRegionId} placeholder={select} allowClear={false} />
      </Form.Item>
      <Form.Item name="city" label={t('colleges.fields.city')} rules={rulesOf('city')}>
        <RegionSelect pid={province} placeholder={select} />
      </Form.Item>
      <Form.Item name="address" label={t('colleges.fields.address')} rules={rulesOf('address')}>
        <Input
          placeholder={t('colleges.placeholders.address')}
          maxLength={collegeLimits.addressMax}
        />
      </Form.Item>
      <Form.Item name="intro" label={t('colleges.fields.intro')} rules={rulesOf('intro')}>
        <Input.TextArea
          placeholder={t('colleges.placeholders.intro')}
          maxLength={collegeLimits.introMax}
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
      <Form.Item
        name="maxStudents"
        label={t('colleges.fields.maxStudents')}
        rules={rulesOf('maxStudents')}
        extra={t('colleges.hints.maxStudents')}
      >
        <InputNumber
          min={0}
          max={maxInteger}
          precision={0}
          style={{ width: '100%' }}
          disabled={!mayLimit}
        />
      </Form.Item>
      <Form.Item
        name="purchasedCourseCount"
        label={t('colleges.fields.purchasedCourseCount')}
        rules={rulesOf('purchasedCourseCount')}
      >
        <InputNumber min={0} max={maxInteger} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('colleges.fields.enabled')} valuePropName="checked">
        <Switch
          checkedChildren={t('colleges.state.enabled')}
          unCheckedChildren={t('colleges.state.disabled')}
          disabled={!mayEnable}
        />
      </Form.Item>
    </FormDialog>
  );
}
