import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { envTypeValues, type CenterDetail, type EnvType } from '@platform/contract';
import { EnvironmentGate } from './EnvironmentGate';
import { useEnvPath } from './useEnvironment';
import { useLabRuntime } from './useLabRuntime';
import { LabToolbar } from './LabToolbar';
import { ContainerDetails } from './ContainerDetails';
import './environment.css';

function isEnvType(value: number): value is EnvType {
  return (envTypeValues as readonly number[]).includes(value);
}

/** Names with their tag: an environment's parts (resource kind) or scripts (label). */
function TaggedNames({ items }: { items: readonly { id: string; name: string; tag: string }[] }) {
  return (
    <ul className="env-list">
      {items.map((item) => (
        <li key={item.id}>
          {item.name} <Tag>{item.tag}</Tag>
        </li>
      ))}
    </ul>
  );
}

function DetailView({ detail }: { detail: CenterDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = useEnvPath();
  const runtime = useLabRuntime(detail.id, detail.containerIds);
  const none = t('labs.none');

  return (
    <Card title={detail.name} extra={<Link to={pathOf('index')}>{t('labs.backToList')}</Link>}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <LabToolbar detail={detail} runtime={runtime} withCost />
        <nav aria-label={t('labs.detail.screens')}>
          <Space wrap>
            <Button
              type="primary"
              disabled={!detail.runnable}
              onClick={() => void navigate(pathOf('experiment', detail.id))}
            >
              {t('labs.enter')}
            </Button>
            <Link to={pathOf('terminal', detail.id)}>{t('labs.terminal.title')}</Link>
            <Link to={pathOf('workspace', detail.id)}>{t('labs.workspace.title')}</Link>
            <Link to={pathOf('manual', detail.id)}>{t('labs.manual.title')}</Link>
          </Space>
        </nav>
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'code', label: t('labs.detail.code'), children: detail.code },
            {
              key: 'kind',
              label: t('labs.filters.kind'),
              children: t(`labs.kinds.${detail.experimentKind}`),
            },
            {
              key: 'type',
              label: t('labs.detail.type'),
              children: isEnvType(detail.type) ? t(`labs.types.${detail.type}`) : none,
            },
            {
              key: 'labels',
              label: t('labs.filters.label'),
              children: detail.labels.length
                ? detail.labels.map((label) => <Tag key={label}>{label}</Tag>)
                : none,
            },
            {
              key: 'description',
              label: t('labs.detail.description'),
              span: 'filled',
              children: <span className="env-plain-text">{detail.description || none}</span>,
            },
            {
              key: 'resources',
              label: t('labs.detail.resources'),
              children: t('labs.detail.resourcesValue', {
                cpu: detail.cpuCore,
                memory: detail.memorySize,
                disk: detail.diskSize,
              }),
            },
            ...(detail.requestLimits
              ? [
                  {
                    key: 'requestLimits',
                    label: t('labs.detail.requestLimits'),
                    children: t('labs.detail.requestLimitsValue', {
                      cpu: detail.requestLimits.cpuCore,
                      memory: detail.requestLimits.memorySize,
                      disk: detail.requestLimits.diskSize,
                      gpu: detail.requestLimits.gpuCount,
                    }),
                  },
                ]
              : []),
            {
              key: 'restartLimit',
              label: t('labs.detail.restartLimit'),
              children:
                detail.restartLimit > 0
                  ? t('labs.detail.perDay', { count: detail.restartLimit })
                  : t('labs.detail.unlimited'),
            },
            {
              key: 'idleTimeout',
              label: t('labs.detail.idleTimeout'),
              children: t('labs.detail.minutes', {
                count: Math.round(detail.idleTimeout / 60),
              }),
            },
            ...(detail.parts.length
              ? [
                  {
                    key: 'parts',
                    label: t('labs.detail.parts'),
                    span: 'filled' as const,
                    children: (
                      <TaggedNames
                        items={detail.parts.map((p) => ({ ...p, tag: p.resourceKind }))}
                      />
                    ),
                  },
                ]
              : []),
            {
              key: 'scripts',
              label: t('labs.detail.scripts'),
              span: 'filled',
              children: detail.scripts.length ? (
                <TaggedNames items={detail.scripts.map((s) => ({ ...s, tag: s.label }))} />
              ) : (
                t('labs.detail.noScripts')
              ),
            },
          ]}
        />
        <section aria-label={t('labs.detail.containers')}>
          <Typography.Title level={5}>{t('labs.detail.containers')}</Typography.Title>
          <ContainerDetails snapshot={runtime.snapshot} />
        </section>
      </Space>
    </Card>
  );
}

/** An environment's detail: what it is, its lab's state and actions, and its running containers. */
export function EnvDetail() {
  return <EnvironmentGate>{(detail) => <DetailView detail={detail} />}</EnvironmentGate>;
}
