import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, type TableColumnsType, type TableColumnType } from 'antd';
import type { Account, Order } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { EmptyState } from '../../shared/ui/PageStates';
import { orderQueryOptions } from './api';
import { MajorTags, useMoney } from './format';
import { Loaded } from './states';

/** The order table's columns and detail drawer, shared by operators and school administrators. */

/** The columns of an order table; the school's only where orders of many schools are shown. */
export function useOrderColumns(withSchool: boolean): TableColumnsType<Order> {
  const { t } = useTranslation();
  const money = useMoney();
  const none = t('billing.values.none');
  const amount = (key: 'rechargeFen' | 'giftFen', title: string): TableColumnType<Order> => ({
    key,
    title,
    dataIndex: key,
    align: 'right',
    render: (fen: number) => money.amount(fen),
  });
  const columns: (TableColumnType<Order> | false)[] = [
    { key: 'orderNo', title: t('billing.fields.orderNo'), dataIndex: 'orderNo', fixed: 'left' },
    withSchool && { key: 'school', title: t('billing.fields.school'), dataIndex: 'schoolName' },
    {
      key: 'type',
      title: t('billing.fields.orderType'),
      dataIndex: 'type',
      render: (v: Order['type']) => t(`billing.orderType.${v}`),
    },
    {
      key: 'package',
      title: t('billing.fields.package'),
      dataIndex: 'packageName',
      render: (v: string | null) => v ?? none,
    },
    amount('rechargeFen', t('billing.fields.recharge')),
    amount('giftFen', t('billing.fields.gift')),
    {
      key: 'tokens',
      title: t('billing.fields.tokens'),
      dataIndex: 'tokens',
      align: 'right',
      render: (n: number) => money.count(n),
    },
    {
      key: 'slides',
      title: t('billing.fields.slides'),
      dataIndex: 'slides',
      align: 'right',
      render: (n: number) => money.count(n),
    },
    {
      key: 'effectiveAt',
      title: t('billing.fields.effectiveAt'),
      dataIndex: 'effectiveAt',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'expiresAt',
      title: t('billing.fields.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'payment',
      title: t('billing.fields.payment'),
      render: (_, o) =>
        [t(`billing.payment.${o.payment}`), o.paymentRef].filter(Boolean).join(' · '),
    },
    {
      key: 'createdAt',
      title: t('billing.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatTime(v),
    },
  ];
  return columns.filter((c): c is TableColumnType<Order> => c !== false);
}

/** One order (`order/detail`) in a drawer. */
export function OrderDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const order = useQuery(orderQueryOptions(id));
  const none = t('billing.values.none');
  return (
    <Drawer
      open
      size={640}
      title={order.data ? t('billing.titles.order', { orderNo: order.data.orderNo }) : ''}
      onClose={onClose}
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      <Loaded query={order} what="order">
        {(o) => (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'orderNo', label: t('billing.fields.orderNo'), children: o.orderNo },
              { key: 'school', label: t('billing.fields.school'), children: o.schoolName },
              {
                key: 'type',
                label: t('billing.fields.orderType'),
                children: t(`billing.orderType.${o.type}`),
              },
              {
                key: 'package',
                label: t('billing.fields.package'),
                children: o.packageName
                  ? [
                      o.packageName,
                      o.packageType && t(`billing.packageType.${o.packageType}`),
                      o.packageHours ? t('billing.values.hours', { hours: o.packageHours }) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : none,
              },
              {
                key: 'recharge',
                label: t('billing.fields.recharge'),
                children: money.amount(o.rechargeFen),
              },
              { key: 'gift', label: t('billing.fields.gift'), children: money.amount(o.giftFen) },
              { key: 'tokens', label: t('billing.fields.tokens'), children: money.count(o.tokens) },
              { key: 'slides', label: t('billing.fields.slides'), children: money.count(o.slides) },
              {
                key: 'effectiveAt',
                label: t('billing.fields.effectiveAt'),
                children: formatTime(o.effectiveAt),
              },
              {
                key: 'expiresAt',
                label: t('billing.fields.expiresAt'),
                children: formatTime(o.expiresAt),
              },
              {
                key: 'courses',
                label: t('billing.fields.courses'),
                children: o.courses.length ? o.courses.map((c) => c.name).join('、') : none,
              },
              {
                key: 'majors',
                label: t('billing.fields.majors'),
                children: o.majors.length ? <MajorTags majors={o.majors} /> : none,
              },
              {
                key: 'payment',
                label: t('billing.fields.payment'),
                children: t(`billing.payment.${o.payment}`),
              },
              {
                key: 'paymentRef',
                label: t('billing.fields.paymentRef'),
                children: o.paymentRef || none,
              },
              { key: 'remark', label: t('billing.fields.remark'), children: o.remark || none },
              {
                key: 'createdBy',
                label: t('billing.fields.createdBy'),
                children: o.createdBy || none,
              },
              {
                key: 'createdAt',
                label: t('billing.fields.createdAt'),
                children: formatTime(o.createdAt),
              },
            ]}
          />
        )}
      </Loaded>
    </Drawer>
  );
}

type InForce = Account['packages'][number];

/** The packages in force of a school's account, with their validity. */
export function PackagesInForce({ packages }: { packages: Account['packages'] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<InForce> = [
    { key: 'name', title: t('billing.fields.package'), dataIndex: 'packageName' },
    {
      key: 'type',
      title: t('billing.fields.packageType'),
      dataIndex: 'type',
      render: (v: InForce['type']) => t(`billing.packageType.${v}`),
    },
    { key: 'orderNo', title: t('billing.fields.orderNo'), dataIndex: 'orderNo' },
    {
      key: 'effectiveAt',
      title: t('billing.fields.effectiveAt'),
      dataIndex: 'effectiveAt',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'expiresAt',
      title: t('billing.fields.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string) => formatTime(v),
    },
  ];
  return (
    <Table<InForce>
      rowKey="orderId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={packages}
      locale={{ emptyText: <EmptyState /> }}
    />
  );
}
