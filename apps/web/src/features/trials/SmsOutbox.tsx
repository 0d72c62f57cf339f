import { useTranslation } from 'react-i18next';
import { Alert, Card, Typography, type TableColumnsType } from 'antd';
import type { SmsKind, SmsOutboxMessage } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import { PageTable } from '../../shared/ui/PageTable';
import { useFilteredPage } from '../../shared/usePaging';
import { outboxPageQueryOptions } from './api';
import { SmsKindTag, useTrialOptions } from './trialFormat';

/** The SMS outbox (operation/sms-outbox): the text messages kept instead of sent, newest first. */
export function SmsOutbox() {
  const { t } = useTranslation();
  const options = useTrialOptions();
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('trials.total', { total }),
    outboxPageQueryOptions,
  );
  const columns: TableColumnsType<SmsOutboxMessage> = [
    { key: 'phone', title: t('trials.fields.phone'), dataIndex: 'phone' },
    {
      key: 'kind',
      title: t('trials.fields.kind'),
      dataIndex: 'kind',
      render: (kind: SmsKind) => <SmsKindTag kind={kind} />,
    },
    {
      key: 'text',
      title: t('trials.fields.text'),
      dataIndex: 'text',
      render: (text: string) => (
        <Typography.Text style={{ whiteSpace: 'normal', maxWidth: 520, display: 'block' }}>
          {text}
        </Typography.Text>
      ),
    },
    {
      key: 'createdAt',
      title: t('trials.fields.sentAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatTime(v),
    },
  ];
  return (
    <Card title={t('trials.titles.outbox')}>
      <Alert type="info" showIcon title={t('trials.hints.outbox')} style={{ marginBottom: 16 }} />
      <FilterBar>
        <SearchFilter
          placeholder={t('trials.placeholders.phone')}
          maxLength={11}
          width={200}
          onSearch={(phone) => set('phone', phone)}
        />
        <SelectFilter<SmsKind>
          placeholder={t('trials.placeholders.allKinds')}
          width={160}
          value={filter.kind}
          onChange={(kind) => set('kind', kind)}
          options={options.kinds}
        />
      </FilterBar>
      <PageTable<SmsOutboxMessage> page={page} pagination={pagination} columns={columns} />
    </Card>
  );
}
