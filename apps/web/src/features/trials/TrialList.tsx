import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Typography, type TableColumnsType } from 'antd';
import { trialPageQuerySchema, type TrialApplication } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { useCan } from '../../shared/permissions/useCan';
import { toast } from '../../shared/toast';
import { noDates, type DateRange } from '../../shared/ui/DateRangeFilter';
import { PageTable } from '../../shared/ui/PageTable';
import { actionsColumn, ConfirmAction } from '../../shared/ui/RowActions';
import { usePaging } from '../../shared/usePaging';
import { issueOf } from '../../shared/zodForm';
import { endOfDay, startOfDay } from '../customers/customerFormat';
import { trialPageQueryOptions, trialSendMessageMutationOptions, type TrialFilter } from './api';
import { TrialFilters } from './TrialFilters';
import { TrialStatusTag } from './trialFormat';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function SendMessageAction({ trial }: { trial: TrialApplication }) {
  const { t } = useTranslation();
  const send = useMutation(trialSendMessageMutationOptions());
  return (
    <ConfirmAction
      title={t('trials.confirmSend', { applicant: trial.applicant, phone: trial.phone })}
      okText={t('trials.actions.confirm')}
      cancelText={t('trials.actions.cancel')}
      okButtonProps={{}}
      danger={false}
      onConfirm={() =>
        send.mutateAsync(trial.id).then(
          () => void toast.success(t('trials.done.sent')),
          (error: unknown) =>
            void toast.error(t('trials.failed.send', { reason: reasonOf(error) })),
        )
      }
      loading={send.isPending}
    >
      {t('trials.actions.sendMessage')}
    </ConfirmAction>
  );
}

/** The columns of the application table. */
function useColumns(canSend: boolean): TableColumnsType<TrialApplication> {
  const { t } = useTranslation();
  const columns: TableColumnsType<TrialApplication> = [
    { key: 'applicant', title: t('trials.fields.applicant'), dataIndex: 'applicant' },
    { key: 'phone', title: t('trials.fields.phone'), dataIndex: 'phone' },
    { key: 'collegeName', title: t('trials.fields.collegeName'), dataIndex: 'collegeName' },
    {
      key: 'professionalName',
      title: t('trials.fields.professionalName'),
      dataIndex: 'professionalName',
    },
    {
      key: 'productDirection',
      title: t('trials.fields.productDirection'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {t(`trials.direction.${r.productDirection}`)}
          {r.subjects.length > 0 && (
            <Typography.Text type="secondary">
              {r.subjects.map((s) => t(`trials.subject.${s}`)).join('、')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'interestedContent',
      title: t('trials.fields.interestedContent'),
      dataIndex: 'interestedContent',
      ellipsis: true,
      render: (v: string) => v || '—',
    },
    {
      key: 'createdAt',
      title: t('trials.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'status',
      title: t('trials.fields.status'),
      dataIndex: 'status',
      render: (status: TrialApplication['status']) => <TrialStatusTag status={status} />,
    },
    {
      key: 'processed',
      title: t('trials.fields.processed'),
      render: (_, r) =>
        r.processedAt
          ? t('trials.processedBy', {
              name: r.processedByName ?? '—',
              time: formatTime(r.processedAt),
            })
          : '—',
    },
  ];
  if (canSend)
    columns.push(
      actionsColumn<TrialApplication>(t('trials.fields.actions'), (r) =>
        r.status === 'applying' ? <SendMessageAction trial={r} /> : null,
      ),
    );
  return columns;
}

/** Trial management (operation/trials): the applications, filtered and paged on the server. */
export function TrialList() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilter] = useState<TrialFilter>({});
  const [range, setRangeState] = useState<DateRange>(noDates);
  const { paging, pagination, reset } = usePaging((total) => t('trials.total', { total }));

  const bounds = { from: startOfDay(range.from) || undefined, to: endOfDay(range.to) || undefined };
  const rangeIssue = issueOf(trialPageQuerySchema, bounds, 'to');
  const rangeError =
    rangeIssue === 'too_long'
      ? t('trials.rules.rangeYear')
      : rangeIssue
        ? t('trials.rules.rangeOrder')
        : null;
  const page = useQuery({
    ...trialPageQueryOptions({ ...filter, ...(rangeError ? {} : bounds), ...paging }),
    enabled: !rangeError,
  });
  const columns = useColumns(can('trial.send_message'));

  const set = <N extends keyof TrialFilter>(name: N, value: TrialFilter[N] | undefined) => {
    setFilter((f) => ({ ...f, [name]: value }));
    reset();
  };
  const setRange = (next: DateRange) => {
    setRangeState(next);
    reset();
  };

  return (
    <Card title={t('trials.titles.trials')}>
      <TrialFilters
        filter={filter}
        set={set}
        range={range}
        setRange={setRange}
        rangeError={rangeError}
      />
      {!rangeError && (
        <PageTable<TrialApplication>
          page={page}
          pagination={pagination(page.data?.total)}
          columns={columns}
          failed={
            <Alert
              type="error"
              showIcon
              title={t('trials.failed.query', { reason: reasonOf(page.error) })}
              action={
                <Button size="small" type="primary" onClick={() => void page.refetch()}>
                  {t('app.retry')}
                </Button>
              }
            />
          }
        />
      )}
    </Card>
  );
}
