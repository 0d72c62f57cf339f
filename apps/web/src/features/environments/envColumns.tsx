import { useTranslation } from 'react-i18next';
import { Space, Tag, type TableColumnType } from 'antd';
import { envStates, type Environment } from '@platform/contract';
import { formatTime } from '../../shared/dates';
import { useEnvEnums } from './enums';
import type { environmentsZh } from './locales';

const stateColors: Record<number, string> = {
  [envStates.enable]: 'green',
  [envStates.disable]: 'default',
  [envStates.archive]: 'purple',
};

export function StateTag({ state }: { state: number }) {
  const enums = useEnvEnums();
  return <Tag color={stateColors[state] ?? 'default'}>{enums.label('state', state)}</Tag>;
}

/** Whether this host can run the environment; kinds without a runner need images or a hypervisor. */
export function RunnableTag({ runnable }: { runnable: boolean }) {
  const { t } = useTranslation();
  return runnable ? (
    <Tag color="success">{t('environments.runnable.yes')}</Tag>
  ) : (
    <Tag color="warning">{t('environments.runnable.no')}</Tag>
  );
}

export function LabelTags({ labels }: { labels: readonly string[] }) {
  const { t } = useTranslation();
  if (!labels.length) return <>{t('environments.none')}</>;
  return (
    <Space size={[0, 4]} wrap>
      {labels.map((label) => (
        <Tag key={label}>{label}</Tag>
      ))}
    </Space>
  );
}

type Column = TableColumnType<Environment>;
type ColumnKey = keyof Environment & keyof typeof environmentsZh.fields;

/** The columns environment tables share, by name. */
export function useEnvColumns() {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  const column = (key: ColumnKey, render?: Column['render']): Column => ({
    key,
    dataIndex: key,
    title: t(`environments.fields.${key}`),
    ...(render ? { render } : {}),
  });
  return {
    code: column('code'),
    name: column('name'),
    type: column('type', (v: number) => enums.label('type', v)),
    experimentKind: column('experimentKind', (v: string) => enums.label('experimentKind', v)),
    resourceKind: column('resourceKind'),
    state: column('state', (v: number) => <StateTag state={v} />),
    hidden: column('hidden', (v: number) => enums.label('hidden', v)),
    openWith: column('openWith', (v: number) => enums.label('openWith', v)),
    labels: column('labels', (v: string[]) => <LabelTags labels={v} />),
    runnable: column('runnable', (v: boolean) => <RunnableTag runnable={v} />),
    resources: {
      key: 'resources',
      title: t('environments.fields.resources'),
      render: (_: unknown, env: Environment) =>
        t('environments.units.resources', {
          cpu: env.cpuCore,
          memory: env.memorySize,
          disk: env.diskSize,
        }),
    } satisfies Column,
    updatedAt: column('updatedAt', (v: string) => formatTime(v)),
  };
}
