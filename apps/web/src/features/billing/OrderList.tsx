import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, type TableColumnsType } from 'antd';
import type { Order, OrderType } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { LoadingState } from '../../shared/ui/PageStates';
import { useFilteredPage } from '../../shared/usePaging';
import { actionsColumn, RowAction } from '../../shared/ui/RowActions';
import { accountQueryOptions, orderPageQueryOptions } from './api';
import { useBillingEnums } from './format';
import { OrderDrawer, PackagesInForce, useOrderColumns } from './orderParts';
import { BillingTable, Loaded } from './states';
import { useOwnSchool } from './useOwnSchool';
import './billing.css';

/** The packages in force of the own school, with their validity. */
function OwnPackages({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const account = useQuery(accountQueryOptions(schoolId));
  return (
    <Card size="small" title={t('billing.titles.packagesInForce')}>
      <Loaded query={account} what="account">
        {(a) => <PackagesInForce packages={a.packages} />}
      </Loaded>
    </Card>
  );
}

/**
 * A school's orders (school/orders, subscription and order information): the packages in force
 * at the top, then the school's orders by order number and type, each with its details.
 */
export function OrderList() {
  const { t } = useTranslation();
  const enums = useBillingEnums();
  const own = useOwnSchool();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('billing.total', { total }),
    orderPageQueryOptions,
  );
  const [shown, setShown] = useState<string | null>(null);

  const orderColumns = useOrderColumns(false);
  const columns: TableColumnsType<Order> = [
    ...orderColumns,
    actionsColumn<Order>(t('billing.fields.actions'), (o) => (
      <RowAction onClick={() => setShown(o.id)}>{t('billing.actions.detail')}</RowAction>
    )),
  ];

  return (
    <Space className="billing-page" orientation="vertical" size="middle" style={{ width: '100%' }}>
      {own.user.isPending ? (
        <LoadingState />
      ) : own.schoolId ? (
        <OwnPackages schoolId={own.schoolId} />
      ) : (
        <Alert type="info" showIcon title={t('billing.hints.noSchool')} />
      )}
      <Card title={t('billing.titles.myOrders')}>
        <FilterBar>
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
        <BillingTable<Order>
          what="recharge"
          page={page}
          pagination={pagination}
          columns={columns}
        />
      </Card>
      {shown && <OrderDrawer id={shown} onClose={() => setShown(null)} />}
    </Space>
  );
}
