import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, type TableColumnsType } from 'antd';
import type { Customer } from '@platform/contract';
import { toast } from '../../shared/toast';
import { actionsColumn, ConfirmAction, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { dateOf, formatInstant } from '../../shared/dates';
import { customerDeleteMutationOptions } from './api';
import { CustomerEditor } from './CustomerEditor';
import { CustomerFilters } from './CustomerFilters';
import { useCustomerColumns, useFailureText } from './customerFormat';
import { PageTable } from './PageTable';
import { useCustomerPage } from './useCustomerPage';

/** Editing state of the dialog: closed, adding, or editing one customer. */
type Editing = { customer?: Customer } | null;

function DeleteAction({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const remove = useMutation(customerDeleteMutationOptions());
  return (
    <ConfirmAction
      title={t('customers.confirmDelete', { name: customer.name })}
      okText={t('customers.actions.confirm')}
      cancelText={t('customers.actions.cancel')}
      okButtonProps={{}}
      onConfirm={() =>
        remove.mutateAsync(customer.id).then(
          () => void toast.success(t('customers.done.deleted')),
          (error: unknown) => void toast.error(failure('delete', error)),
        )
      }
      loading={remove.isPending}
    >
      {t('customers.actions.delete')}
    </ConfirmAction>
  );
}

/** Customer management (operation/customers): filters, the customer table and its dialog. */
export function CustomerList() {
  const { t } = useTranslation();
  const can = useCan();
  const shared = useCustomerColumns();
  const { filter, set, page, pagination } = useCustomerPage();
  const [editing, setEditing] = useState<Editing>(null);
  const canEdit = can('customer.edit');
  const canDelete = can('customer.delete');

  const columns: TableColumnsType<Customer> = [
    shared.name,
    shared.kind,
    shared.college,
    {
      key: 'contact',
      title: t('customers.fields.contactName'),
      render: (_, c) => [c.contactName, c.contactPhone].filter(Boolean).join(' / ') || '—',
    },
    {
      key: 'period',
      title: t('customers.fields.servicePeriod'),
      render: (_, c) => `${dateOf(c.serviceStart)} ~ ${formatInstant(c.serviceEnd)}`,
    },
    shared.status,
    shared.remainingDays,
    { key: 'remark', title: t('customers.fields.remark'), dataIndex: 'remark', ellipsis: true },
  ];
  if (canEdit || canDelete) {
    columns.push(
      actionsColumn<Customer>(t('customers.fields.actions'), (c) => (
        <>
          {canEdit && (
            <RowAction onClick={() => setEditing({ customer: c })}>
              {t('customers.actions.edit')}
            </RowAction>
          )}
          {canDelete && <DeleteAction customer={c} />}
        </>
      )),
    );
  }

  return (
    <Card
      title={t('customers.titles.customers')}
      extra={
        can('customer.add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('customers.actions.add')}
          </Button>
        )
      }
    >
      <CustomerFilters value={filter} set={set} />
      <PageTable<Customer> page={page} pagination={pagination} columns={columns} />
      {editing && <CustomerEditor customer={editing.customer} onClose={() => setEditing(null)} />}
    </Card>
  );
}
