import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Select, Space } from 'antd';
import {
  cpuChoices,
  diskChoices,
  jupyterDefaults,
  jupyterInfoSaveSchema,
  memoryChoices,
  type JupyterInfo,
  type RequestLimits,
} from '@platform/contract';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { zodRules } from '../../shared/zodForm';
import { jupyterInfoQueryOptions, jupyterInfoSaveMutationOptions } from './api';

export type JupyterResources = Pick<
  JupyterInfo,
  'cpuCore' | 'memorySize' | 'gpuCount' | 'gpuMemory' | 'diskSize'
>;

const fields = ['cpuCore', 'memorySize', 'gpuCount', 'gpuMemory', 'diskSize'] as const;
type Field = (typeof fields)[number];

/** The choices at or below a maximum (all of them without one). */
export function choicesUpTo(choices: readonly number[], max: number | undefined): number[] {
  return choices.filter((c) => max === undefined || c <= max);
}

/** The largest choice at or below `max`, for a stored or default value above it. */
function within(value: number, choices: readonly number[], max: number | undefined): number {
  const allowed = choicesUpTo(choices, max);
  if (allowed.includes(value)) return value;
  return allowed.filter((c) => c <= value).at(-1) ?? allowed[0] ?? value;
}

/**
 * What the form starts with: the stored request, else the defaults (spec platform §5), brought
 * within the environment's maxima.
 */
export function initialResources(
  stored: JupyterInfo | null | undefined,
  limits?: RequestLimits | null,
): JupyterResources {
  const source = stored ?? jupyterDefaults;
  const gpuCount = Math.min(source.gpuCount, limits?.gpuCount ?? Infinity);
  return {
    cpuCore: within(source.cpuCore, cpuChoices, limits?.cpuCore),
    memorySize: within(source.memorySize, memoryChoices, limits?.memorySize),
    gpuCount,
    gpuMemory: gpuCount === 0 ? 0 : source.gpuMemory,
    diskSize: within(source.diskSize, diskChoices, limits?.diskSize),
  };
}

const options = (choices: readonly number[]) =>
  choices.map((value) => ({ value, label: String(value) }));

interface JupyterResourceFormProps {
  envId: string;
  expScriptId?: string | undefined;
  /** The most this environment lets a user ask for. */
  limits?: RequestLimits | null | undefined;
  /** Called with the saved request. */
  onSaved: (resources: JupyterResources) => void;
  onCancel: () => void;
}

/**
 * The resource request of a Jupyter environment: CPU, memory and disk from the allowed choices,
 * GPU count and memory (advisory on this host). Saved through jupyter/exp/info/save.
 */
export function JupyterResourceForm({
  envId,
  expScriptId,
  limits,
  onSaved,
  onCancel,
}: JupyterResourceFormProps) {
  const { t } = useTranslation();
  const stored = useQuery(jupyterInfoQueryOptions(envId));
  const save = useMutation(jupyterInfoSaveMutationOptions());
  if (stored.isPending) return <LoadingState />;
  if (stored.isError)
    return <LoadFailed error={stored.error} onRetry={() => void stored.refetch()} />;

  const rulesOf = (field: Field) => zodRules(jupyterInfoSaveSchema, field, fields);
  const onFinish = (values: JupyterResources) =>
    save.mutate(
      { expEnvId: envId, ...(expScriptId ? { expScriptId } : {}), ...values },
      { onSuccess: () => onSaved(values) },
    );
  const select = (field: Field, choices: readonly number[]) => (
    <Form.Item name={field} label={t(`environment.jupyter.${field}`)} rules={rulesOf(field)}>
      <Select options={options(choices)} virtual={false} />
    </Form.Item>
  );
  const number = (field: Field, max: number) => (
    <Form.Item name={field} label={t(`environment.jupyter.${field}`)} rules={rulesOf(field)}>
      <InputNumber min={0} max={max} precision={0} disabled={max === 0} style={{ width: '100%' }} />
    </Form.Item>
  );
  const gpuMax = Math.min(8, limits?.gpuCount ?? 8);

  return (
    <Form<JupyterResources>
      name="jupyter-resources"
      layout="vertical"
      initialValues={initialResources(stored.data, limits)}
      onFinish={onFinish}
      disabled={save.isPending}
    >
      {select('cpuCore', choicesUpTo(cpuChoices, limits?.cpuCore))}
      {select('memorySize', choicesUpTo(memoryChoices, limits?.memorySize))}
      {select('diskSize', choicesUpTo(diskChoices, limits?.diskSize))}
      {number('gpuCount', gpuMax)}
      {number('gpuMemory', gpuMax === 0 ? 0 : 80)}
      <Alert type="info" showIcon title={t('environment.jupyter.gpuNote')} />
      <Form.Item style={{ marginTop: 16, marginBottom: 0, textAlign: 'right' }}>
        <Space>
          <Button onClick={onCancel}>{t('environment.cancel')}</Button>
          <Button type="primary" htmlType="submit">
            {t('environment.confirm')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The resource request in a dialog, shown before a Jupyter environment starts. */
export function JupyterStartDialog(props: JupyterResourceFormProps) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('environment.jupyter.title')} footer={null} onCancel={props.onCancel}>
      <JupyterResourceForm {...props} />
    </Modal>
  );
}
