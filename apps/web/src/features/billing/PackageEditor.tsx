import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { billingLimits, packageSaveSchema, type BillingPackage } from '@platform/contract';
import { toast } from '../../shared/toast';
import { bodyRules, type FieldMessages } from '../../shared/zodForm';
import { saveErrors, textMessages, useSaveDialog } from '../../shared/dialogForm';
import { DateTimeField } from '../../shared/ui/DateFields';
import { FormDialog } from '../../shared/ui/FormDialog';
import { packageSaveMutationOptions } from './api';
import { useBillingEnums, useFailureText } from './format';
import {
  packageBodyOf,
  packageFields,
  packageValuesOf,
  type PackageField,
  type PackageFormValues,
} from './packageForm';
import { CourseSelect } from './selects';

interface PackageEditorProps {
  /** The package to edit; none adds a new one. */
  pkg?: BillingPackage | undefined;
  onClose: () => void;
}

/** The add/edit dialog of a course module package (`package/saveOrUpdate`). */
export function PackageEditor({ pkg, onClose }: PackageEditorProps) {
  const { t } = useTranslation();
  const enums = useBillingEnums();
  const failure = useFailureText();

  const messages = useMemo((): Record<PackageField, FieldMessages> => {
    const choose = (text: string): FieldMessages => ({ required: text, invalid_value: text });
    const number = (text: string): FieldMessages => ({
      required: text,
      invalid_format: text,
      invalid_value: text,
    });
    return {
      name: textMessages(t('billing.rules.packageName'), t('billing.rules.noEdgeSpaces')),
      type: choose(t('billing.rules.packageType')),
      hoursPerYear: number(t('billing.rules.hoursPerYear')),
      priceFen: number(t('billing.rules.price')),
      periodMonths: number(t('billing.rules.periodMonths')),
      status: choose(t('billing.rules.status')),
      stacking: choose(t('billing.rules.stacking')),
      effect: choose(t('billing.rules.effect')),
      effectiveAt: {
        required: t('billing.rules.effectiveAt'),
        invalid_format: t('billing.rules.effectiveAt'),
      },
      courseIds: { too_long: t('billing.rules.courses') },
      majors: {},
    };
  }, [t]);

  const bodyOf = (values: PackageFormValues) => packageBodyOf(values, pkg);
  const rules = (field: PackageField) =>
    bodyRules(packageSaveSchema, bodyOf, field, messages[field]);

  const dialog = useSaveDialog({
    mutation: packageSaveMutationOptions(),
    body: bodyOf,
    saved: t('billing.done.packageSaved'),
    onClose,
    errors: (error) => {
      toast.error(failure(pkg ? 'update' : 'add', error));
      return saveErrors(error, packageFields, messages, {
        'billing.course_not_found': 'courseIds',
      });
    },
  });
  const type = Form.useWatch('type', dialog.form);
  const effect = Form.useWatch('effect', dialog.form);

  const item = (field: PackageField, label: string, required = true) => ({
    name: field,
    label,
    required,
    rules: rules(field),
  });

  return (
    <FormDialog<PackageFormValues>
      {...dialog}
      width={720}
      name={pkg ? `package-edit-${pkg.id}` : 'package-add'}
      title={
        pkg ? t('billing.titles.editPackage', { name: pkg.name }) : t('billing.titles.addPackage')
      }
      okText={t('billing.actions.save')}
      cancelText={t('billing.actions.cancel')}
      initialValues={packageValuesOf(pkg)}
    >
      <Form.Item {...item('name', t('billing.fields.name'))}>
        <Input
          placeholder={t('billing.placeholders.packageName')}
          maxLength={billingLimits.packageNameMax + 10}
        />
      </Form.Item>
      <Form.Item {...item('type', t('billing.fields.packageType'))}>
        <Radio.Group options={enums.packageTypes} />
      </Form.Item>
      <Form.Item
        {...item('hoursPerYear', t('billing.fields.hoursPerYear'), type !== 'untimed')}
        dependencies={['type']}
        extra={type === 'untimed' ? t('billing.hints.hoursUntimed') : undefined}
      >
        <InputNumber<number>
          min={0}
          precision={0}
          disabled={type === 'untimed'}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item {...item('priceFen', t('billing.fields.price'))}>
        <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('periodMonths', t('billing.fields.periodMonths'))}>
        <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('status', t('billing.fields.status'))}>
        <Select placeholder={t('billing.placeholders.select')} options={enums.packageStatuses} />
      </Form.Item>
      <Form.Item {...item('stacking', t('billing.fields.stacking'))}>
        <Radio.Group options={enums.stackings} />
      </Form.Item>
      <Form.Item {...item('effect', t('billing.fields.effect'))}>
        <Radio.Group options={enums.effects} />
      </Form.Item>
      {effect === 'scheduled' && (
        <Form.Item
          {...item('effectiveAt', t('billing.fields.effectiveAt'))}
          dependencies={['effect']}
        >
          <DateTimeField />
        </Form.Item>
      )}
      <Form.Item {...item('courseIds', t('billing.fields.courses'), false)}>
        <CourseSelect placeholder={t('billing.placeholders.courses')} current={pkg?.courses} />
      </Form.Item>
      <Form.Item {...item('majors', t('billing.fields.majors'), false)}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('billing.placeholders.select')}
          options={enums.majors}
        />
      </Form.Item>
    </FormDialog>
  );
}
