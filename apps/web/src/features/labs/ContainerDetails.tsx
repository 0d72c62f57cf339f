import { useTranslation } from 'react-i18next';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import type { Container, ContainerState, Enforcement } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import type { LabRuntimeSnapshot } from './labRuntime';
import { useRunningContainers } from './useRunningContainers';

const limitsShown: readonly (keyof Enforcement)[] = [
  'cpu',
  'memory',
  'disk',
  'uid',
  'network',
  'syscalls',
];

function ContainerCard({ container, state }: { container: Container; state: ContainerState }) {
  const { t } = useTranslation();
  return (
    <section aria-label={container.name} className="env-container">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        title={container.name}
        items={[
          {
            key: 'service',
            label: t('labs.container.serviceType'),
            children: container.serviceType,
          },
          {
            key: 'state',
            label: t('labs.container.state'),
            children: t(`labs.containerStates.${state}`),
          },
          {
            key: 'resources',
            label: t('labs.detail.resources'),
            children: t('labs.detail.resourcesValue', {
              cpu: container.cpuCore,
              memory: container.memorySize,
              disk: container.diskSize,
            }),
          },
          { key: 'gpu', label: t('labs.container.gpuCount'), children: container.gpuCount },
          {
            key: 'startedAt',
            label: t('labs.container.startedAt'),
            children: formatTime(container.startedAt),
          },
          {
            key: 'idle',
            label: t('labs.detail.idleTimeout'),
            children: t('labs.detail.minutes', {
              count: Math.round(container.idleTimeout / 60),
            }),
          },
          {
            key: 'limits',
            label: t('labs.container.limits'),
            span: 'filled',
            children: (
              <Space wrap size={4}>
                {limitsShown.map((limit) => (
                  <Tag key={limit} color={container.enforced[limit] ? 'green' : 'orange'}>
                    {t(`labs.container.limit.${limit}`)}
                    {': '}
                    {t(
                      container.enforced[limit]
                        ? 'labs.container.enforced'
                        : 'labs.container.notEnforced',
                    )}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      {container.notes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('labs.container.notes')}
          description={
            <ul className="env-notes">
              {container.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          }
        />
      )}
    </section>
  );
}

/** The running containers of the lab, with the limits this host does and does not enforce. */
export function ContainerDetails({ snapshot }: { snapshot: LabRuntimeSnapshot }) {
  const { t } = useTranslation();
  const running = useRunningContainers(snapshot);
  if (running.status === 'idle')
    return <Typography.Text type="secondary">{t('labs.notStarted')}</Typography.Text>;
  if (running.status === 'pending') return <LoadingState />;
  if (running.status === 'error')
    return <LoadFailed error={running.error} onRetry={running.refetch} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {running.containers.map((c) => (
        <ContainerCard
          key={c.id}
          container={c}
          state={snapshot.containers[c.id]?.state ?? c.state}
        />
      ))}
    </Space>
  );
}
