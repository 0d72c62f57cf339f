import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Tag, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import {
  usagePageQuerySchema,
  type ChargingItem,
  type Settlement,
  type UsageDetail,
} from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { issueOf } from '../../shared/zodForm';
import { DateRangeFilter, noDates, type DateRange } from '../../shared/ui/DateRangeFilter';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { usePaging } from '../../shared/usePaging';
import { exportUsage, usagePageQueryOptions, type UsageFilter } from './api';
import { useBillingEnums, useMoney } from './format';
import { ClassSelect, EnvironmentSelect, SchoolSelect } from './selects';
import { BillingTable } from './states';
import { useOwnSchool } from './useOwnSchool';
import './billing.css';

type Choices = Omit<UsageFilter, 'from' | 'to'>;

const settlementColors: Record<Settlement, string> = {
  charged: 'orange',
  package: 'blue',
  untimed: 'green',
  quota: 'purple',
  unmetered: 'default',
};

/**
 * Usage details (operation/usage, school/usage): what each school's labs and AI tools used per
 * billing day and charging item, and how it was paid; filtered, paged, and exported to Excel
 * with the same filters. Platform staff filter by school; a school's administrator sees their
 * own school, the server answering only its rows, and filters by its classes.
 */
export function UsageDetails() {
  const { t } = useTranslation();
  const money = useMoney();
  const enums = useBillingEnums();
  const own = useOwnSchool();
  const [choices, setChoices] = useState<Choices>({});
  const [range, setRange] = useState<DateRange>(noDates);
  const { paging, pagination, reset } = usePaging((total) => t('billing.total', { total }));

  const days = { from: range.from || undefined, to: range.to || undefined };
  const rangeIssue = issueOf(usagePageQuerySchema, days, 'to');
  const rangeError =
    rangeIssue === 'too_long'
      ? t('billing.rules.rangeYear')
      : rangeIssue
        ? t('billing.rules.rangeOrder')
        : null;
  const filter: UsageFilter = { ...choices, ...(rangeError ? {} : days) };
  const page = useQuery({
    ...usagePageQueryOptions({ ...filter, ...paging }),
    enabled: !rangeError,
  });

  const choose = <N extends keyof Choices>(name: N, value: Choices[N] | undefined) => {
    setChoices((c) => ({ ...c, [name]: value }));
    reset();
  };

  const none = t('billing.values.none');
  const yuan = (key: keyof UsageDetail, title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (fen: number) => money.amount(fen),
  });
  const columns: TableColumnsType<UsageDetail> = [
    { key: 'school', title: t('billing.fields.school'), dataIndex: 'schoolName' },
    {
      key: 'student',
      title: t('billing.fields.student'),
      dataIndex: 'userName',
      render: (v: string | null) => v ?? none,
    },
    {
      key: 'class',
      title: t('billing.fields.className'),
      dataIndex: 'className',
      render: (v: string | null) => v ?? none,
    },
    {
      key: 'environment',
      title: t('billing.fields.environment'),
      dataIndex: 'envName',
      render: (v: string | null) => v ?? none,
    },
    {
      key: 'item',
      title: t('billing.fields.item'),
      dataIndex: 'item',
      render: (item: ChargingItem) => t(`billing.item.${item}`),
    },
    { key: 'period', title: t('billing.fields.period'), dataIndex: 'period' },
    {
      key: 'start',
      title: t('billing.fields.start'),
      dataIndex: 'start',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'end',
      title: t('billing.fields.end'),
      dataIndex: 'end',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'quantity',
      title: t('billing.fields.quantity'),
      align: 'right',
      render: (_, u) =>
        t('billing.values.quantity', {
          quantity: money.count(u.quantity),
          unit: money.unit(u.item),
        }),
    },
    {
      key: 'unitFen',
      title: t('billing.fields.unitPrice'),
      align: 'right',
      render: (_, u) => money.perUnit(u.unitFen, u.item),
    },
    yuan('costFen', t('billing.fields.cost')),
    {
      key: 'packageSeconds',
      title: t('billing.fields.packageHours'),
      dataIndex: 'packageSeconds',
      align: 'right',
      render: (s: number) => (s ? money.hours(s) : none),
    },
    yuan('giftFen', t('billing.fields.giftUsed')),
    yuan('rechargeFen', t('billing.fields.rechargeUsed')),
    yuan('owedFen', t('billing.fields.owed')),
    {
      key: 'settlement',
      title: t('billing.fields.settlement'),
      dataIndex: 'settlement',
      render: (s: Settlement) => (
        <Tag color={settlementColors[s]}>{t(`billing.settlement.${s}`)}</Tag>
      ),
    },
  ];

  return (
    <Card
      className="billing-page"
      title={t('billing.titles.usage')}
      extra={
        <DownloadButton
          icon={<FileExcelOutlined />}
          disabled={Boolean(rangeError)}
          download={() => exportUsage(filter, `${t('billing.titles.usage')}.xlsx`)}
        >
          {t('billing.actions.export')}
        </DownloadButton>
      }
    >
      <Alert
        type="info"
        showIcon
        title={t('billing.hints.giftFirst')}
        style={{ marginBottom: 16 }}
      />
      <Space wrap align="start" style={{ marginBottom: 16 }}>
        {own.platform && (
          <SchoolSelect
            placeholder={t('billing.placeholders.allSchools')}
            style={{ width: 220 }}
            value={choices.schoolId}
            onChange={(v) => choose('schoolId', v)}
          />
        )}
        {own.schoolId && (
          <ClassSelect
            placeholder={t('billing.placeholders.allClasses')}
            style={{ width: 180 }}
            value={choices.classId}
            onChange={(v) => choose('classId', v)}
          />
        )}
        {own.known && (
          <EnvironmentSelect
            platform={own.platform}
            placeholder={t('billing.placeholders.allEnvironments')}
            style={{ width: 200 }}
            value={choices.envId}
            onChange={(v) => choose('envId', v)}
          />
        )}
        <SearchFilter
          placeholder={t('billing.placeholders.searchStudent')}
          maxLength={50}
          width={180}
          onSearch={(name) => choose('userName', name)}
        />
        <SelectFilter<ChargingItem>
          placeholder={t('billing.placeholders.allItems')}
          width={160}
          value={choices.item}
          onChange={(v) => choose('item', v)}
          options={enums.items}
        />
        <DateRangeFilter
          id="usage-days"
          labels={{
            from: t('billing.fields.from'),
            to: t('billing.fields.to'),
            reset: t('billing.actions.reset'),
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
        <BillingTable<UsageDetail>
          what="usage"
          page={page}
          pagination={pagination(page.data?.total)}
          columns={columns}
        />
      )}
    </Card>
  );
}
