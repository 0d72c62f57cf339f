import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Radio } from 'antd';
import { adjustSchema, billingLimits, type Account, type Adjust } from '@platform/contract';
import { toast } from '../../shared/toast';
import { bodyRules, type FieldMessages } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { adjustMutationOptions } from './api';
import { fenOf, useBillingEnums, useFailureText } from './format';
import { useIdempotencyKey } from './useIdempotencyKey';

const fields = ['kind', 'rechargeFen', 'giftFen', 'tokens', 'slides', 'reason'] as const;
type Field = (typeof fields)[number];

interface AdjustValues {
  kind?: Adjust['kind'];
  /** In yuan, signed; sent as fen. */
  rechargeFen?: number | null;
  /** In yuan, signed; sent as fen. */
  giftFen?: number | null;
  tokens?: number | null;
  slides?: number | null;
  reason?: string;
}

const checkingKey = 'checking-key';

const bodyOf = (schoolId: string, values: AdjustValues): Omit<Adjust, 'idempotencyKey'> => ({
  schoolId,
  kind: values.kind as Adjust['kind'],
  rechargeFen: fenOf(values.rechargeFen) ?? 0,
  giftFen: fenOf(values.giftFen) ?? 0,
  tokens: values.tokens ?? 0,
  slides: values.slides ?? 0,
  reason: (values.reason ?? '').trim(),
});

/**
 * A manual adjustment or a refund of a school's balances (`account/adjust`), with its required
 * reason; a refund only takes away. Idempotent like an order.
 */
export function AdjustDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const enums = useBillingEnums();
  const failure = useFailureText();
  const keyFor = useIdempotencyKey();

  const messages = useMemo((): Record<Field, FieldMessages> => {
    const amount = t('billing.rules.signedAmount');
    const count = t('billing.rules.signedCount');
    const reason = t('billing.rules.reason');
    return {
      kind: {
        required: t('billing.rules.adjustKind'),
        invalid_value: t('billing.rules.adjustKind'),
      },
      rechargeFen: {
        required: t('billing.rules.adjustRequired'),
        invalid_format: amount,
        invalid_value: t('billing.rules.refundNegative'),
      },
      giftFen: { invalid_format: amount, invalid_value: amount },
      tokens: { invalid_format: count, invalid_value: count },
      slides: { invalid_format: count, invalid_value: count },
      reason: {
        required: reason,
        too_short: reason,
        too_long: reason,
        invalid_format: t('billing.rules.noEdgeSpaces'),
      },
    };
  }, [t]);

  const checked = (values: AdjustValues): Adjust => ({
    idempotencyKey: checkingKey,
    ...bodyOf(account.schoolId, values),
  });
  const rules = (field: Field) => bodyRules(adjustSchema, checked, field, messages[field]);

  const dialog = useSaveDialog({
    mutation: adjustMutationOptions(),
    body: (values: AdjustValues): Adjust => {
      const body = bodyOf(account.schoolId, values);
      return { idempotencyKey: keyFor(body), ...body };
    },
    saved: t('billing.done.adjusted'),
    onClose,
    errors: (error) => {
      toast.error(failure('save', error));
      return saveErrors(error, fields, messages, { 'billing.would_be_negative': 'rechargeFen' });
    },
  });
  const amounts = ['kind', 'rechargeFen', 'giftFen', 'tokens', 'slides'];
  const item = (field: Field, label: string, required = false) => ({
    name: field,
    label,
    required,
    rules: rules(field),
    dependencies: field === 'rechargeFen' ? amounts.filter((f) => f !== field) : undefined,
  });

  return (
    <FormDialog<AdjustValues>
      {...dialog}
      name={`adjust-${account.schoolId}`}
      title={t('billing.titles.adjust', { name: account.schoolName })}
      okText={t('billing.actions.confirm')}
      cancelText={t('billing.actions.cancel')}
      initialValues={{ kind: 'adjustment', reason: '' }}
    >
      <Form.Item
        {...item('kind', t('billing.fields.adjustKind'), true)}
        extra={t('billing.hints.refundNegative')}
      >
        <Radio.Group options={enums.adjustKinds} />
      </Form.Item>
      <Form.Item {...item('rechargeFen', t('billing.fields.rechargeChange'))}>
        <InputNumber<number> precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('giftFen', t('billing.fields.giftChange'))}>
        <InputNumber<number> precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('tokens', t('billing.fields.tokenChange'))}>
        <InputNumber<number> precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('slides', t('billing.fields.slideChange'))}>
        <InputNumber<number> precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('reason', t('billing.fields.adjustReason'), true)}>
        <Input.TextArea
          rows={3}
          placeholder={t('billing.placeholders.reason')}
          maxLength={billingLimits.reasonMax}
          showCount
        />
      </Form.Item>
    </FormDialog>
  );
}
