import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, type TableColumnsType } from 'antd';
import type { Customer } from '@platform/contract';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { actionsColumn, RowAction } from '../../shared/ui/RowActions';
import { useCan } from '../../shared/permissions/useCan';
import { dateOf, formatInstant } from '../../shared/dates';
import { AddTimeDialog } from './AddTimeDialog';
import { CustomerFilters } from './CustomerFilters';
import { useCustomerColumns } from './customerFormat';
import { PageTable } from './PageTable';
import { useCustomerPage } from './useCustomerPage';

/** Menu path of the history of added time, under the school prefix. */
export const timeHistoryPath = 'operation/time-history';

/** Service management (operation/services): service periods, days left and adding time. */
export function ServiceManagement() {
  const { t } = useTranslation();
  const can = useCan();
  const shared = useCustomerColumns();
  const go = useAreaNavigate();
  const { filter, set, page, pagination } = useCustomerPage();
  const [adding, setAdding] = useState<Customer | null>(null);
  const canAddTime = can('customer.add_time');

  const history = (c: Customer) =>
    go(timeHistoryPath, `?${new URLSearchParams({ customerId: c.id, customer: c.name })}`);

  const columns: TableColumnsType<Customer> = [
    shared.name,
    shared.kind,
    shared.college,
    {
      key: 'serviceStart',
      title: t('customers.fields.serviceStart'),
      dataIndex: 'serviceStart',
      render: (v: string) => dateOf(v),
    },
    {
      key: 'serviceEnd',
      title: t('customers.fields.serviceEndTime'),
      dataIndex: 'serviceEnd',
      render: (v: string) => formatInstant(v),
    },
    shared.remainingDays,
    shared.status,
    actionsColumn<Customer>(t('customers.fields.actions'), (c) => (
      <>
        {canAddTime && (
          <RowAction onClick={() => setAdding(c)}>{t('customers.actions.addTime')}</RowAction>
        )}
        <RowAction onClick={() => history(c)}>{t('customers.actions.history')}</RowAction>
      </>
    )),
  ];

  return (
    <Card title={t('customers.titles.services')}>
      <CustomerFilters value={filter} set={set} fields={['name', 'kind', 'status']} />
      <PageTable<Customer> page={page} pagination={pagination} columns={columns} />
      {adding && <AddTimeDialog customer={adding} onClose={() => setAdding(null)} />}
    </Card>
  );
}
