import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, type TableColumnsType } from 'antd';
import type { Order, OrderType } from '@platform/contract';
import { useCan } from '../../shared/permissions/useCan';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { useFilteredPage } from '../../shared/usePaging';
import { actionsColumn, RowAction } from '../../shared/ui/RowActions';
import { orderPageQueryOptions } from './api';
import { useBillingEnums } from './format';
import { OrderDialog } from './OrderDialog';
import { OrderDrawer, useOrderColumns } from './orderParts';
import { SchoolSelect } from './selects';
import { BillingTable } from './states';
import './billing.css';

/**
 * The order manager (operation/orders): the recharge records of every school, filtered by
 * school, order number and type; an order's details; recording a new order.
 */
export function OrderManager() {
  const { t } = useTranslation();
  const can = useCan();
  const enums = useBillingEnums();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('billing.total', { total }),
    orderPageQueryOptions,
  );
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const orderColumns = useOrderColumns(true);
  const columns: TableColumnsType<Order> = [
    ...orderColumns,
    actionsColumn<Order>(t('billing.fields.actions'), (o) => (
      <RowAction onClick={() => setShown(o.id)}>{t('billing.actions.detail')}</RowAction>
    )),
  ];

  return (
    <Card
      className="billing-page"
      title={t('billing.titles.orders')}
      extra={
        can('billing.order_add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('billing.actions.addOrder')}
          </Button>
        )
      }
    >
      <FilterBar>
        <SchoolSelect
          placeholder={t('billing.placeholders.allSchools')}
          style={{ width: 220 }}
          value={filter.schoolId}
          onChange={(v) => set('schoolId', v)}
        />
        <SearchFilter
          placeholder={t('billing.placeholders.searchOrderNo')}
          maxLength={40}
          width={220}
          onSearch={(orderNo) => set('orderNo', orderNo)}
        />
        <SelectFilter<OrderType>
          placeholder={t('billing.placeholders.allTypes')}
          width={140}
          value={filter.type}
          onChange={(v) => set('type', v)}
          options={enums.orderTypes}
        />
      </FilterBar>
      <BillingTable<Order> what="recharge" page={page} pagination={pagination} columns={columns} />
      {adding && <OrderDialog onClose={() => setAdding(false)} />}
      {shown && <OrderDrawer id={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}
