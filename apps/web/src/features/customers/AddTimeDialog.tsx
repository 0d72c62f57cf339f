import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Result } from 'antd';
import {
  customerAddTimeSchema,
  customerLimits,
  type Customer,
  type CustomerAddTime,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import type { FieldMessages } from '../../shared/zodForm';
import { saveErrors, submitDialog } from '../../shared/dialogForm';
import { formatInstant } from '../../shared/dates';
import { customerAddTimeMutationOptions } from './api';
import { bodyRules } from '../../shared/zodForm';
import { trim } from './customerForm';
import { useFailureText } from './customerFormat';

type Field = 'hours' | 'reason';
const fields: readonly Field[] = ['hours', 'reason'];

interface AddTimeValues {
  hours?: number | null;
  reason?: string;
}

interface AddTimeDialogProps {
  customer: Customer;
  onClose: () => void;
}

/** The outcome shown after adding: the end before and after, and the hours. */
interface Added {
  before: string;
  after: string;
  hours: number;
}

/**
 * Adds whole hours of service to a customer with a required reason (spec §5: at least 1 hour),
 * then shows the new end of the service.
 */
export function AddTimeDialog({ customer, onClose }: AddTimeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddTimeValues>();
  const failure = useFailureText();
  const addTime = useMutation(customerAddTimeMutationOptions());
  const [added, setAdded] = useState<Added | null>(null);

  const messages = useMemo((): Record<Field, FieldMessages> => {
    const hours = t('customers.rules.hours');
    const reason = t('customers.rules.reason');
    return {
      hours: { required: hours, invalid_format: hours, invalid_value: hours },
      reason: {
        required: reason,
        too_short: reason,
        too_long: reason,
        invalid_format: t('customers.rules.noEdgeSpaces'),
      },
    };
  }, [t]);

  const bodyOf = (values: AddTimeValues): CustomerAddTime => ({
    customerId: customer.id,
    hours: values.hours ?? undefined,
    reason: trim(values.reason),
  });

  const rules = (field: Field) => bodyRules(customerAddTimeSchema, bodyOf, field, messages[field]);

  const submit = () =>
    submitDialog<AddTimeValues>({
      form,
      save: async (values) => {
        const parsed = customerAddTimeSchema.safeParse(bodyOf(values));
        if (!parsed.success) return;
        const updated = await addTime.mutateAsync(parsed.data);
        setAdded({
          before: customer.serviceEnd,
          after: updated.serviceEnd,
          hours: parsed.data.hours,
        });
      },
      done: () => {},
      errors: (error) => {
        toast.error(failure('add', error));
        return saveErrors(error, fields, messages, { 'customers.end_out_of_range': 'hours' });
      },
    });

  const title = t('customers.titles.addTime', { name: customer.name });
  if (added) {
    return (
      <Modal
        open
        title={title}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('customers.actions.close')}
          </Button>
        }
      >
        <Result
          status="success"
          title={t('customers.titles.added')}
          subTitle={t('customers.hints.result', {
            before: formatInstant(added.before),
            after: formatInstant(added.after),
            hours: added.hours,
          })}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={title}
      okText={t('customers.actions.confirm')}
      cancelText={t('customers.actions.cancel')}
      confirmLoading={addTime.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {customer.status === 'expired' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('customers.hints.expiredFromNow')}
        />
      )}
      <Form
        form={form}
        name={`customer-add-time-${customer.id}`}
        layout="vertical"
        disabled={addTime.isPending}
        initialValues={{ reason: '' }}
      >
        <Form.Item
          name="hours"
          label={t('customers.fields.hours')}
          required
          rules={rules('hours')}
          extra={`${t('customers.fields.serviceEndTime')}: ${formatInstant(customer.serviceEnd)}`}
        >
          <InputNumber<number>
            placeholder={t('customers.placeholders.hours')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('customers.fields.reason')}
          required
          rules={rules('reason')}
        >
          <Input.TextArea
            rows={3}
            placeholder={t('customers.placeholders.reason')}
            maxLength={customerLimits.reasonMax}
            showCount
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
