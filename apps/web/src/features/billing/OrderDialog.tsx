import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { billingLimits, orderAddSchema, type OrderAdd } from '@platform/contract';
import { toast } from '../../shared/toast';
import { bodyRules, type FieldMessages } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { DateTimeField } from '../../shared/ui/DateFields';
import { FormDialog } from '../../shared/ui/FormDialog';
import { orderAddMutationOptions, orderablePackagesQueryOptions } from './api';
import { useBillingEnums, useFailureText } from './format';
import {
  newOrderValues,
  orderBodyOf,
  orderFields,
  packageFill,
  type OrderField,
  type OrderFormValues,
} from './orderForm';
import { CourseSelect, SchoolSelect } from './selects';
import { useIdempotencyKey } from './useIdempotencyKey';

/** Stands in for the key while the form's rules check the body. */
const checkingKey = 'checking-key';

/**
 * Records an order paid offline for a school (`order/add`): a package or an amount, the recharge
 * and gift, AI tokens and slides, its validity and the courses and majors it opens.
 */
export function OrderDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const enums = useBillingEnums();
  const failure = useFailureText();
  const packages = useQuery(orderablePackagesQueryOptions());
  const keyFor = useIdempotencyKey();

  const messages = useMemo((): Record<OrderField, FieldMessages> => {
    const price = t('billing.rules.price');
    const count = t('billing.rules.count');
    const number = (text: string): FieldMessages => ({
      invalid_format: text,
      invalid_value: text,
    });
    const time = t('billing.rules.time');
    return {
      schoolId: { required: t('billing.rules.school'), ...number(t('billing.rules.school')) },
      orderNo: { too_long: t('billing.rules.orderNo'), invalid_format: t('billing.rules.orderNo') },
      type: { required: t('billing.rules.orderType'), invalid_value: t('billing.rules.orderType') },
      packageId: { required: t('billing.rules.package'), ...number(t('billing.rules.package')) },
      rechargeFen: { required: t('billing.rules.amountRequired'), ...number(price) },
      giftFen: number(price),
      tokens: number(count),
      slides: number(count),
      effectiveAt: { required: time, invalid_format: time },
      expiresAt: {
        required: time,
        invalid_format: time,
        invalid_value: t('billing.rules.expiresAt'),
      },
      courseIds: { too_long: t('billing.rules.courses') },
      majors: {},
      paymentRef: {
        too_long: t('billing.rules.paymentRef'),
        invalid_format: t('billing.rules.noEdgeSpaces'),
      },
      remark: {
        too_long: t('billing.rules.remark'),
        invalid_format: t('billing.rules.noEdgeSpaces'),
      },
    };
  }, [t]);

  const checked = (values: OrderFormValues): OrderAdd => ({
    idempotencyKey: checkingKey,
    ...orderBodyOf(values),
  });
  const rules = (field: OrderField) => bodyRules(orderAddSchema, checked, field, messages[field]);

  const dialog = useSaveDialog({
    mutation: orderAddMutationOptions(),
    body: (values: OrderFormValues): OrderAdd => {
      const body = orderBodyOf(values);
      return { idempotencyKey: keyFor(body), ...body };
    },
    saved: t('billing.done.orderAdded'),
    onClose,
    errors: (error) => {
      toast.error(failure('add', error));
      return saveErrors(error, orderFields, messages, {
        'billing.order_no_taken': 'orderNo',
        'billing.package_not_orderable': 'packageId',
        'billing.package_not_found': 'packageId',
        'billing.school_not_found': 'schoolId',
        'billing.course_not_found': 'courseIds',
      });
    },
  });
  const { form } = dialog;
  const type = Form.useWatch('type', form);
  const packageId = Form.useWatch('packageId', form);
  const chosen = packages.data?.find((p) => p.id === packageId);

  const onValuesChange = (changed: Partial<OrderFormValues>, all: OrderFormValues) => {
    if (all.type !== 'package' || !('packageId' in changed || 'effectiveAt' in changed)) return;
    const pkg = packages.data?.find((p) => p.id === all.packageId);
    if (pkg) form.setFieldsValue(packageFill(all, pkg, 'packageId' in changed));
  };

  const item = (field: OrderField, label: string, required = false) => ({
    name: field,
    label,
    required,
    rules: rules(field),
  });
  const dependsOnAmounts = ['type', 'giftFen', 'tokens', 'slides'];

  return (
    <FormDialog<OrderFormValues>
      {...dialog}
      width={720}
      name="order-add"
      title={t('billing.titles.addOrder')}
      okText={t('billing.actions.save')}
      cancelText={t('billing.actions.cancel')}
      initialValues={newOrderValues()}
      onValuesChange={onValuesChange}
    >
      <Form.Item {...item('schoolId', t('billing.fields.school'), true)}>
        <SchoolSelect placeholder={t('billing.placeholders.school')} />
      </Form.Item>
      <Form.Item {...item('orderNo', t('billing.fields.orderNo'))}>
        <Input
          placeholder={t('billing.placeholders.orderNo')}
          maxLength={billingLimits.orderNoMax}
        />
      </Form.Item>
      <Form.Item {...item('type', t('billing.fields.orderType'), true)}>
        <Radio.Group options={enums.orderTypes} />
      </Form.Item>
      {type === 'package' && (
        <Form.Item
          {...item('packageId', t('billing.fields.package'), true)}
          dependencies={['type']}
        >
          <Select
            placeholder={t('billing.placeholders.select')}
            loading={packages.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(packages.data ?? []).map((p) => ({
              value: p.id,
              label: t('billing.values.packageOption', { name: p.name, count: p.periodMonths }),
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        {...item('rechargeFen', t('billing.fields.recharge'))}
        dependencies={dependsOnAmounts}
      >
        <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('giftFen', t('billing.fields.gift'))}>
        <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('tokens', t('billing.fields.tokens'))}>
        <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('slides', t('billing.fields.slides'))}>
        <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('effectiveAt', t('billing.fields.effectiveAt'), true)}>
        <DateTimeField />
      </Form.Item>
      <Form.Item
        {...item('expiresAt', t('billing.fields.expiresAt'), true)}
        dependencies={['effectiveAt']}
        extra={type === 'package' ? t('billing.hints.expiryFilled') : undefined}
      >
        <DateTimeField />
      </Form.Item>
      <Form.Item {...item('courseIds', t('billing.fields.courses'))}>
        <CourseSelect placeholder={t('billing.placeholders.courses')} current={chosen?.courses} />
      </Form.Item>
      <Form.Item {...item('majors', t('billing.fields.majors'))}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('billing.placeholders.select')}
          options={enums.majors}
        />
      </Form.Item>
      <Form.Item {...item('paymentRef', t('billing.fields.paymentRef'))}>
        <Input
          placeholder={t('billing.placeholders.paymentRef')}
          maxLength={billingLimits.paymentRefMax}
        />
      </Form.Item>
      <Form.Item
        {...item('remark', t('billing.fields.remark'))}
        extra={t('billing.hints.orderIdempotent')}
      >
        <Input.TextArea
          rows={2}
          placeholder={t('billing.placeholders.remark')}
          maxLength={billingLimits.remarkMax}
          showCount
        />
      </Form.Item>
    </FormDialog>
  );
}
