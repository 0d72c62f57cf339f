import { useTranslation } from 'react-i18next';
import { Card, type TableColumnsType } from 'antd';
import type { AccountRow } from '@platform/contract';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { formatTime } from '../../shared/dates';
import { FilterBar, SearchFilter } from '../../shared/ui/Filters';
import { useFilteredPage } from '../../shared/usePaging';
import { actionsColumn, RowAction } from '../../shared/ui/RowActions';
import { accountPageQueryOptions } from './api';
import { useAccountValues, useMoney } from './format';
import { BillingTable } from './states';
import './billing.css';

type Row = AccountRow & { id: string };

/** Menu path of an account's page, under the school prefix (`?schoolId=`). */
export const accountDetailPath = 'operation/accounts/detail';

/**
 * The account index (operation/accounts): every school's balances, counts, validity and limits,
 * by school name; each row opens the school's account.
 */
export function AccountList() {
  const { t } = useTranslation();
  const money = useMoney();
  const values = useAccountValues();
  const go = useAreaNavigate();
  const { set, page, pagination } = useFilteredPage(
    (total) => t('billing.total', { total }),
    accountPageQueryOptions,
  );
  const open = (a: AccountRow) => go(accountDetailPath, `?schoolId=${a.schoolId}`);
  const amount = (key: keyof Row, title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (fen: number) => money.amount(fen),
  });
  const count = (key: keyof Row, title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (n: number) => money.count(n),
  });

  const columns: TableColumnsType<Row> = [
    {
      key: 'school',
      title: t('billing.fields.school'),
      dataIndex: 'schoolName',
      fixed: 'left',
      render: (name: string, a) => (
        <RowAction style={{ padding: 0 }} onClick={() => open(a)}>
          {name}
        </RowAction>
      ),
    },
    {
      key: 'metered',
      title: t('billing.fields.metered'),
      dataIndex: 'metered',
      render: values.metered,
    },
    amount('totalFen', t('billing.fields.total')),
    amount('rechargeFen', t('billing.fields.rechargeBalance')),
    amount('giftFen', t('billing.fields.giftBalance')),
    count('tokens', t('billing.fields.tokenCount')),
    count('slides', t('billing.fields.slideCount')),
    {
      key: 'packageSeconds',
      title: t('billing.fields.packageHoursLeft'),
      dataIndex: 'packageSeconds',
      align: 'right',
      render: (s: number) => money.hours(s),
    },
    {
      key: 'untimedUntil',
      title: t('billing.fields.untimedUntil'),
      dataIndex: 'untimedUntil',
      render: (v: string | null) => formatTime(v),
    },
    {
      key: 'validUntil',
      title: t('billing.fields.validUntil'),
      dataIndex: 'validUntil',
      render: (v: string | null) => formatTime(v),
    },
    {
      key: 'spendLimit',
      title: t('billing.fields.spendLimit'),
      dataIndex: 'spendLimitFen',
      render: values.spendLimit,
    },
    {
      key: 'dailyHours',
      title: t('billing.fields.dailyHours'),
      dataIndex: 'studentDailyHours',
      render: values.dailyHours,
    },
    amount('spentThisMonthFen', t('billing.fields.spentThisMonth')),
    actionsColumn<Row>(t('billing.fields.actions'), (a) => (
      <RowAction onClick={() => open(a)}>{t('billing.actions.detail')}</RowAction>
    )),
  ];

  return (
    <Card className="billing-page" title={t('billing.titles.accounts')}>
      <FilterBar>
        <SearchFilter
          placeholder={t('billing.placeholders.searchSchool')}
          maxLength={50}
          width={220}
          onSearch={(name) => set('name', name)}
        />
      </FilterBar>
      <BillingTable<Row> what="accounts" page={page} pagination={pagination} columns={columns} />
    </Card>
  );
}
