import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, InputNumber, Select, type FormRule } from 'antd';
import {
  priceAddSchema,
  resourceKinds,
  type ChargingItem,
  type PriceAdd,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import { instantOfInput } from '../../shared/dates';
import { bodyRules, type FieldMessages } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { DateTimeField } from '../../shared/ui/DateFields';
import { FormDialog } from '../../shared/ui/FormDialog';
import { priceAddMutationOptions } from './api';
import { fenOf, useBillingEnums, useFailureText, useMoney } from './format';

const fields = ['item', 'envKind', 'unitFen', 'effectiveFrom'] as const;
type Field = (typeof fields)[number];

/** An empty environment kind stands for every kind. */
const allKinds = '';

interface PriceValues {
  item?: ChargingItem;
  envKind?: string;
  /** In yuan per unit; sent as fen. */
  unitFen?: number | null;
  /** A `DateTimeField` value (`YYYY-MM-DDTHH:mm`). */
  effectiveFrom?: string;
}

const bodyOf = (values: PriceValues): PriceAdd => ({
  item: values.item as ChargingItem,
  envKind: values.envKind ? (values.envKind as PriceAdd['envKind']) : null,
  unitFen: fenOf(values.unitFen),
  effectiveFrom: instantOfInput(values.effectiveFrom) as string,
});

/**
 * Adds the price of a charging item, for one environment kind or all, from a moment that is not
 * in the past (`price/add`). Prices are never changed: a new one takes over from its moment.
 */
export function PriceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const enums = useBillingEnums();
  const money = useMoney();
  const failure = useFailureText();

  const messages = useMemo((): Record<Field, FieldMessages> => {
    const price = t('billing.rules.price');
    return {
      item: { required: t('billing.rules.item'), invalid_value: t('billing.rules.item') },
      envKind: {},
      unitFen: { required: price, invalid_format: price, invalid_value: price },
      effectiveFrom: {
        required: t('billing.rules.effectiveFrom'),
        invalid_format: t('billing.rules.effectiveFrom'),
      },
    };
  }, [t]);

  const notInPast: FormRule = {
    validator: async (_rule, value: string | undefined) => {
      const at = instantOfInput(value);
      if (at && new Date(at).getTime() < Date.now()) throw new Error(t('billing.rules.inPast'));
    },
  };
  const rules = (field: Field) => [
    ...bodyRules(priceAddSchema, bodyOf, field, messages[field]),
    ...(field === 'effectiveFrom' ? [notInPast] : []),
  ];

  const dialog = useSaveDialog({
    mutation: priceAddMutationOptions(),
    body: bodyOf,
    saved: t('billing.done.priceAdded'),
    onClose,
    errors: (error) => {
      toast.error(failure('add', error));
      return saveErrors(error, fields, messages, { 'billing.price_in_past': 'effectiveFrom' });
    },
  });
  const item = Form.useWatch('item', dialog.form);

  return (
    <FormDialog<PriceValues>
      {...dialog}
      name="price-add"
      title={t('billing.titles.addPrice')}
      okText={t('billing.actions.save')}
      cancelText={t('billing.actions.cancel')}
      initialValues={{ envKind: allKinds, effectiveFrom: '' }}
    >
      <Form.Item name="item" label={t('billing.fields.item')} required rules={rules('item')}>
        <Select placeholder={t('billing.placeholders.select')} options={enums.items} />
      </Form.Item>
      <Form.Item name="envKind" label={t('billing.fields.envKind')} rules={rules('envKind')}>
        <Select
          options={[
            { value: allKinds, label: t('billing.values.allKinds') },
            ...resourceKinds.map((k) => ({ value: k, label: k })),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="unitFen"
        label={t('billing.fields.unitPrice')}
        required
        rules={rules('unitFen')}
      >
        <InputNumber<number>
          min={0}
          precision={2}
          style={{ width: '100%' }}
          suffix={item ? t('billing.values.yuanPerUnit', { unit: money.unit(item) }) : undefined}
        />
      </Form.Item>
      <Form.Item
        name="effectiveFrom"
        label={t('billing.fields.effectiveFrom')}
        required
        rules={rules('effectiveFrom')}
        extra={t('billing.hints.effectiveFuture')}
      >
        <DateTimeField />
      </Form.Item>
    </FormDialog>
  );
}
