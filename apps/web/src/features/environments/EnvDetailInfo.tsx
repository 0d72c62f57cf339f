import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Typography } from 'antd';
import type { Environment } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { envOptionsQueryOptions } from './api';
import { useEnvEnums } from './enums';
import { LabelTags, RunnableTag, StateTag } from './envColumns';

const pre = { whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' } as const;

/** Every field of an environment, read-only. */
export function EnvDetailInfo({ env }: { env: Environment }) {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  const options = useQuery({ ...envOptionsQueryOptions(), enabled: env.parts.length > 0 });
  const none = t('environments.none');
  const text = (v: string) => v || none;
  const partName = (id: string) => {
    const part = options.data?.find((o) => o.id === id);
    return part ? `${part.name} (${part.code})` : id;
  };

  const items: { key: string; label: string; children: ReactNode; span?: number | 'filled' }[] = [
    { key: 'code', label: t('environments.fields.code'), children: env.code },
    { key: 'name', label: t('environments.fields.name'), children: env.name },
    { key: 'type', label: t('environments.fields.type'), children: enums.label('type', env.type) },
    {
      key: 'state',
      label: t('environments.fields.state'),
      children: <StateTag state={env.state} />,
    },
    {
      key: 'experimentKind',
      label: t('environments.fields.experimentKind'),
      children: enums.label('experimentKind', env.experimentKind),
    },
    {
      key: 'resourceKind',
      label: t('environments.fields.resourceKind'),
      children: env.resourceKind,
    },
    {
      key: 'hidden',
      label: t('environments.fields.hidden'),
      children: enums.label('hidden', env.hidden),
    },
    {
      key: 'openWith',
      label: t('environments.fields.openWith'),
      children: enums.label('openWith', env.openWith),
    },
    {
      key: 'accessMode',
      label: t('environments.fields.accessMode'),
      children: enums.label('accessMode', env.accessMode),
    },
    {
      key: 'runnable',
      label: t('environments.fields.runnable'),
      children: <RunnableTag runnable={env.runnable} />,
    },
    {
      key: 'image',
      label: t('environments.fields.image'),
      children: text(env.image),
      span: 'filled',
    },
    {
      key: 'labels',
      label: t('environments.fields.labels'),
      children: <LabelTags labels={env.labels} />,
    },
    {
      key: 'resources',
      label: t('environments.fields.resources'),
      children: t('environments.units.resources', {
        cpu: env.cpuCore,
        memory: env.memorySize,
        disk: env.diskSize,
      }),
    },
    {
      key: 'restartLimit',
      label: t('environments.fields.restartLimit'),
      children: env.restartLimit === 0 ? t('environments.unlimited') : env.restartLimit,
    },
    { key: 'idleTimeout', label: t('environments.fields.idleTimeout'), children: env.idleTimeout },
    { key: 'warmPool', label: t('environments.fields.warmPool'), children: env.warmPool },
    {
      key: 'parts',
      label: t('environments.fields.parts'),
      children: env.parts.length ? env.parts.map(partName).join('、') : none,
      span: 'filled',
    },
    {
      key: 'description',
      label: t('environments.fields.description'),
      children: <p style={pre}>{text(env.description)}</p>,
      span: 'filled',
    },
    {
      key: 'createdBy',
      label: t('environments.fields.createdBy'),
      children: env.createdBy ?? none,
    },
    {
      key: 'createdAt',
      label: t('environments.fields.createdAt'),
      children: formatTime(env.createdAt),
    },
    {
      key: 'updatedAt',
      label: t('environments.fields.updatedAt'),
      children: formatTime(env.updatedAt),
    },
    {
      key: 'devices',
      label: t('environments.fields.devices'),
      span: 'filled',
      children: env.devices.length ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={env.devices}
          columns={[
            { key: 'id', dataIndex: 'id', title: t('environments.device.id') },
            {
              key: 'type',
              dataIndex: 'type',
              title: t('environments.device.type'),
              render: (v: string) => enums.deviceLabel(v),
            },
            { key: 'name', dataIndex: 'name', title: t('environments.device.name') },
            {
              key: 'min',
              dataIndex: 'min',
              title: t('environments.device.min'),
              render: (v) => v ?? none,
            },
            {
              key: 'max',
              dataIndex: 'max',
              title: t('environments.device.max'),
              render: (v) => v ?? none,
            },
            {
              key: 'intervalMs',
              dataIndex: 'intervalMs',
              title: t('environments.device.intervalMs'),
            },
          ]}
        />
      ) : (
        t('environments.detail.noDevices')
      ),
    },
    {
      key: 'initialFiles',
      label: t('environments.fields.initialFiles'),
      span: 'filled',
      children: env.initialFiles.length
        ? env.initialFiles.map((file) => (
            <details key={file.path}>
              <summary>
                <Typography.Text code>{file.path}</Typography.Text>
              </summary>
              <pre style={{ ...pre, fontFamily: 'monospace' }}>{file.content}</pre>
            </details>
          ))
        : t('environments.detail.noFiles'),
    },
    {
      key: 'manual',
      label: t('environments.fields.manual'),
      span: 'filled',
      children: <p style={pre}>{text(env.manual)}</p>,
    },
  ];

  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />;
}
