import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Select } from 'antd';
import { customerLimits, type Customer } from '@platform/contract';
import { toast } from '../../shared/toast';
import type { FieldMessages } from '../../shared/zodForm';
import { textMessages, useSaveDialog } from '../../shared/dialogForm';
import { DateField } from '../../shared/ui/DateFields';
import { FormDialog } from '../../shared/ui/FormDialog';
import { customerSaveMutationOptions } from './api';
import { CollegeSelect } from './CollegeSelect';
import {
  customerRules,
  formValuesOf,
  saveBodyOf,
  saveFieldErrors,
  type CustomerField,
  type CustomerFormValues,
} from './customerForm';
import { useCustomerEnums, useFailureText } from './customerFormat';

interface CustomerEditorProps {
  /** The customer to edit; none adds a new one. */
  customer?: Customer | undefined;
  onClose: () => void;
}

/** The add/edit dialog of a customer (`customer/saveOrUpdate`). */
export function CustomerEditor({ customer, onClose }: CustomerEditorProps) {
  const { t } = useTranslation();
  const enums = useCustomerEnums();
  const failure = useFailureText();

  const messages = useMemo(() => {
    const spaces = t('customers.rules.noEdgeSpaces');
    const length = (text: string) => textMessages(text, spaces);
    const all: Record<CustomerField, FieldMessages> = {
      name: length(t('customers.rules.name')),
      kind: { required: t('customers.rules.kind'), invalid_value: t('customers.rules.kind') },
      collegeId: {},
      contactName: length(t('customers.rules.contactName')),
      contactPhone: { invalid_format: t('customers.rules.contactPhone') },
      remark: { too_long: t('customers.rules.remark'), invalid_format: spaces },
      serviceStart: {},
      serviceEnd: {
        invalid_value: t('customers.rules.serviceEndBefore'),
        too_long: t('customers.rules.serviceYear'),
      },
    };
    return all;
  }, [t]);

  const rules = (field: CustomerField) => customerRules(field, customer, messages[field]);

  const dialog = useSaveDialog({
    mutation: customerSaveMutationOptions(),
    body: (values: CustomerFormValues) => saveBodyOf(values, customer),
    saved: t(customer ? 'customers.done.updated' : 'customers.done.added'),
    onClose,
    errors: (error) => {
      toast.error(failure(customer ? 'update' : 'add', error));
      return saveFieldErrors(error, messages);
    },
  });

  const item = (field: CustomerField, label: string, required = false) => ({
    name: field,
    label,
    required,
    rules: rules(field),
  });

  return (
    <FormDialog
      {...dialog}
      width={640}
      name={customer ? `customer-edit-${customer.id}` : 'customer-add'}
      title={
        customer ? t('customers.titles.edit', { name: customer.name }) : t('customers.titles.add')
      }
      okText={t('customers.actions.save')}
      cancelText={t('customers.actions.cancel')}
      initialValues={formValuesOf(customer)}
    >
      <Form.Item {...item('name', t('customers.fields.name'), true)}>
        <Input
          placeholder={t('customers.placeholders.name')}
          maxLength={customerLimits.nameMax + 10}
        />
      </Form.Item>
      <Form.Item {...item('kind', t('customers.fields.kind'), true)}>
        <Select<number> placeholder={t('customers.placeholders.select')} options={enums.kinds} />
      </Form.Item>
      <Form.Item {...item('collegeId', t('customers.fields.college'))}>
        <CollegeSelect
          placeholder={t('customers.placeholders.college')}
          current={
            customer?.collegeId
              ? { id: customer.collegeId, name: customer.collegeName ?? customer.collegeId }
              : null
          }
        />
      </Form.Item>
      <Form.Item {...item('contactName', t('customers.fields.contactName'))}>
        <Input placeholder={t('customers.placeholders.contactName')} />
      </Form.Item>
      <Form.Item {...item('contactPhone', t('customers.fields.contactPhone'))}>
        <Input placeholder={t('customers.placeholders.contactPhone')} maxLength={11} />
      </Form.Item>
      <Form.Item
        {...item('serviceStart', t('customers.fields.serviceStart'), true)}
        extra={customer ? undefined : t('customers.hints.serviceYear')}
      >
        <DateField disabled={Boolean(customer)} />
      </Form.Item>
      <Form.Item
        {...item('serviceEnd', t('customers.fields.serviceEnd'), true)}
        dependencies={['serviceStart']}
        extra={customer ? t('customers.hints.periodLocked') : undefined}
      >
        <DateField disabled={Boolean(customer)} />
      </Form.Item>
      <Form.Item {...item('remark', t('customers.fields.remark'))}>
        <Input.TextArea
          rows={3}
          placeholder={t('customers.placeholders.remark')}
          maxLength={customerLimits.remarkMax}
          showCount
        />
      </Form.Item>
    </FormDialog>
  );
}
