import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { LedgerEntry, LedgerReason } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { usePaging } from '../../shared/usePaging';
import { ledgerPageQueryOptions } from './api';
import { useMoney } from './format';
import { BillingTable } from './states';

/** A school's ledger (`account/ledger`): every change of its balances with its reason. */
export function LedgerTable({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { paging, pagination } = usePaging((total) => t('billing.total', { total }));
  const page = useQuery(ledgerPageQueryOptions(schoolId, paging));
  const none = t('billing.values.none');
  const signedCount = (n: number) => (n > 0 ? `+${money.count(n)}` : money.count(n));

  const columns: TableColumnsType<LedgerEntry> = [
    {
      key: 'at',
      title: t('billing.fields.at'),
      dataIndex: 'at',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'reason',
      title: t('billing.fields.reason'),
      dataIndex: 'reason',
      render: (r: LedgerReason) => t(`billing.ledgerReason.${r}`),
    },
    { key: 'ref', title: t('billing.fields.ref'), dataIndex: 'ref' },
    {
      key: 'note',
      title: t('billing.fields.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (v: string | null) => v || none,
    },
    {
      key: 'recharge',
      title: t('billing.fields.rechargeChange'),
      dataIndex: 'rechargeFen',
      align: 'right',
      render: (fen: number) => money.signed(fen),
    },
    {
      key: 'gift',
      title: t('billing.fields.giftChange'),
      dataIndex: 'giftFen',
      align: 'right',
      render: (fen: number) => money.signed(fen),
    },
    {
      key: 'tokens',
      title: t('billing.fields.tokenChange'),
      dataIndex: 'tokens',
      align: 'right',
      render: signedCount,
    },
    {
      key: 'slides',
      title: t('billing.fields.slideChange'),
      dataIndex: 'slides',
      align: 'right',
      render: signedCount,
    },
    {
      key: 'packageSeconds',
      title: t('billing.fields.packageHours'),
      dataIndex: 'packageSeconds',
      align: 'right',
      render: (s: number) => (s ? money.hours(s) : none),
    },
    {
      key: 'rechargeAfter',
      title: t('billing.fields.rechargeAfter'),
      dataIndex: 'rechargeAfter',
      align: 'right',
      render: (fen: number) => money.amount(fen),
    },
    {
      key: 'giftAfter',
      title: t('billing.fields.giftAfter'),
      dataIndex: 'giftAfter',
      align: 'right',
      render: (fen: number) => money.amount(fen),
    },
  ];

  return (
    <BillingTable<LedgerEntry>
      what="ledger"
      page={page}
      pagination={pagination(page.data?.total)}
      columns={columns}
    />
  );
}
