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
import { CostLine, CostRefusal, useCostPreview } from '../billing/CostPreview';
import { useDebounced } from './useDebounced';

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

/** How long the sizes stay unchanged before their cost is asked for. */
const costDebounceMs = 400;

/** The sizes chosen so far; a cleared number asks for the environment's own. */
function withoutEmpty(sizes: Partial<Record<string, number | null>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(sizes).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );
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
  const [form] = Form.useForm<JupyterResources>();
  const stored = useQuery(jupyterInfoQueryOptions(envId));
  const save = useMutation(jupyterInfoSaveMutationOptions());
  const sizes = useDebounced(
    {
      cpuCore: Form.useWatch('cpuCore', form),
      memorySize: Form.useWatch('memorySize', form),
      diskSize: Form.useWatch('diskSize', form),
      gpuCount: Form.useWatch('gpuCount', form),
    },
    costDebounceMs,
  );
  const cost = useCostPreview(
    sizes.cpuCore === undefined ? null : { expEnvId: envId, ...withoutEmpty(sizes) },
  );
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
    <Form.Item name={field} label={t(`labs.jupyter.${field}`)} rules={rulesOf(field)}>
      <Select options={options(choices)} virtual={false} />
    </Form.Item>
  );
  const number = (field: Field, max: number) => (
    <Form.Item name={field} label={t(`labs.jupyter.${field}`)} rules={rulesOf(field)}>
      <InputNumber min={0} max={max} precision={0} disabled={max === 0} style={{ width: '100%' }} />
    </Form.Item>
  );
  const gpuMax = Math.min(8, limits?.gpuCount ?? 8);

  return (
    <Form<JupyterResources>
      form={form}
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
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('labs.jupyter.gpuNote')} />
        <CostLine preview={cost.data} />
        <CostRefusal preview={cost.data} />
      </Space>
      <Form.Item style={{ marginTop: 16, marginBottom: 0, textAlign: 'right' }}>
        <Space>
          <Button onClick={onCancel}>{t('labs.cancel')}</Button>
          <Button type="primary" htmlType="submit" disabled={Boolean(cost.data?.refusal)}>
            {t('labs.confirm')}
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
    <Modal open title={t('labs.jupyter.title')} footer={null} onCancel={props.onCancel}>
      <JupyterResourceForm {...props} />
    </Modal>
  );
}
