import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Statistic, Tag } from 'antd';
import type { UsageRecord } from '@platform/contract';
import { LoadFailed } from '../../shared/ui/PageStates';
import { QueryTable } from '../../shared/ui/QueryTable';
import { usePaging } from '../../shared/usePaging';
import { formatTime } from '../../shared/dates';
import { envUsageQueryOptions } from './api';
import { formatDuration } from './enums';

/** Usage of an environment (env/usage): starts, hours, labs running now and the records. */
export function EnvUsagePanel({ envId }: { envId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = usePaging((total) => t('environments.total', { total }));
  const usage = useQuery(envUsageQueryOptions(envId, paging));
  if (usage.isError && !usage.data)
    return <LoadFailed error={usage.error} onRetry={() => void usage.refetch()} />;
  const data = usage.data;
  const time = (v: string | null) => formatTime(v);

  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={8}>
          <Statistic title={t('environments.usage.starts')} value={data?.starts ?? 0} />
        </Col>
        <Col xs={8}>
          <Statistic
            title={t('environments.usage.totalHours')}
            value={((data?.totalSeconds ?? 0) / 3600).toFixed(1)}
          />
        </Col>
        <Col xs={8}>
          <Statistic title={t('environments.usage.running')} value={data?.running ?? 0} />
        </Col>
      </Row>
      <QueryTable<UsageRecord>
        query={usage}
        size="small"
        dataSource={data?.records ?? []}
        pagination={pagination(data?.total)}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'user', dataIndex: 'userName', title: t('environments.usage.user') },
          {
            key: 'containerId',
            dataIndex: 'containerId',
            title: t('environments.usage.containerId'),
          },
          {
            key: 'resources',
            title: t('environments.usage.resources'),
            render: (_, r) =>
              t('environments.units.resources', {
                cpu: r.cpuCore,
                memory: r.memorySize,
                disk: r.diskSize,
              }),
          },
          {
            key: 'startedAt',
            dataIndex: 'startedAt',
            title: t('environments.usage.startedAt'),
            render: time,
          },
          {
            key: 'stoppedAt',
            dataIndex: 'stoppedAt',
            title: t('environments.usage.stoppedAt'),
            render: (v: string | null) =>
              v ? time(v) : <Tag color="processing">{t('environments.usage.stillRunning')}</Tag>,
          },
          {
            key: 'duration',
            dataIndex: 'durationSeconds',
            title: t('environments.usage.duration'),
            render: (v: number) => formatDuration(v),
          },
          {
            key: 'stopReason',
            dataIndex: 'stopReason',
            title: t('environments.usage.stopReason'),
            render: (v: string | null) => v || t('environments.none'),
          },
        ]}
      />
    </>
  );
}
