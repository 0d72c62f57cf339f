import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag, type TableColumnsType } from 'antd';
import { customerTimeHistoryQuerySchema, type CustomerTimeLog } from '@platform/contract';
import { DateRangeFilter, noDates, type DateRange } from '../../shared/ui/DateRangeFilter';
import { SearchFilter } from '../../shared/ui/Filters';
import { usePaging } from '../../shared/usePaging';
import { formatInstant } from '../../shared/dates';
import { timeHistoryQueryOptions } from './api';
import { issueOf } from '../../shared/zodForm';
import { endOfDay, startOfDay } from './customerFormat';
import { PageTable } from './PageTable';

/** The history of added time (operation/time-history), filtered by customer and date range. */
export function TimeHistory() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const customerId = params.get('customerId') ?? undefined;
  const customerLabel = params.get('customer') ?? customerId;
  const [customerName, setCustomerName] = useState<string | undefined>();
  const [range, setRange] = useState<DateRange>(noDates);
  const { paging, pagination, reset } = usePaging((total) => t('customers.total', { total }));

  const bounds = { from: startOfDay(range.from) || undefined, to: endOfDay(range.to) || undefined };
  const rangeIssue = issueOf(customerTimeHistoryQuerySchema, bounds, 'to');
  const rangeError =
    rangeIssue === 'too_long'
      ? t('customers.rules.rangeYear')
      : rangeIssue
        ? t('customers.rules.rangeOrder')
        : null;
  const page = useQuery({
    ...timeHistoryQueryOptions({
      customerId,
      customerName,
      ...(rangeError ? {} : bounds),
      ...paging,
    }),
    enabled: !rangeError,
  });

  const clearCustomer = () => {
    setParams({}, { replace: true });
    reset();
  };

  const columns: TableColumnsType<CustomerTimeLog> = [
    { key: 'customer', title: t('customers.fields.customer'), dataIndex: 'customerName' },
    { key: 'hours', title: t('customers.fields.hours'), dataIndex: 'hours' },
    { key: 'reason', title: t('customers.fields.reason'), dataIndex: 'reason', ellipsis: true },
    {
      key: 'endBefore',
      title: t('customers.fields.endBefore'),
      dataIndex: 'endBefore',
      render: (v: string) => formatInstant(v),
    },
    {
      key: 'endAfter',
      title: t('customers.fields.endAfter'),
      dataIndex: 'endAfter',
      render: (v: string) => formatInstant(v),
    },
    {
      key: 'operator',
      title: t('customers.fields.operator'),
      dataIndex: 'operatorName',
      render: (v: string) => v || '—',
    },
    {
      key: 'createdAt',
      title: t('customers.fields.addedAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatInstant(v),
    },
  ];

  return (
    <Card title={t('customers.titles.history')}>
      <Space wrap align="start" style={{ marginBottom: 16 }}>
        {customerId ? (
          <Tag closable onClose={clearCustomer} style={{ lineHeight: '30px' }}>
            {`${t('customers.fields.customer')}: ${customerLabel}`}
          </Tag>
        ) : (
          <SearchFilter
            placeholder={t('customers.placeholders.searchName')}
            maxLength={50}
            width={220}
            onSearch={(name) => {
              setCustomerName(name);
              reset();
            }}
          />
        )}
        <DateRangeFilter
          id="time-history"
          labels={{
            from: t('customers.fields.from'),
            to: t('customers.fields.to'),
            reset: t('customers.actions.reset'),
          }}
          value={range}
          onChange={(next) => {
            setRange(next);
            reset();
          }}
          error={rangeError}
        />
      </Space>
      {!rangeError && (
        <PageTable<CustomerTimeLog>
          page={page}
          pagination={pagination(page.data?.total)}
          columns={columns}
        />
      )}
    </Card>
  );
}
