import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { envConfigSchema, jupyterDefaults, type Environment } from '@platform/contract';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { envConfigMutationOptions } from './api';
import { configBodyOf } from './envForm';
import { GpuNote } from './GpuNote';
import { ResourceFields } from './ResourceFields';
import { SaveDialog } from './SaveDialog';

type Field = 'cpuCore' | 'memorySize' | 'diskSize';
const fields: readonly Field[] = ['cpuCore', 'memorySize', 'diskSize'];
type Values = Record<Field, number>;

/** Edits the default resources of a Jupyter environment (env/config, the rest kept as it is). */
export function AiResourceDialog({ env, onClose }: { env: Environment; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation(envConfigMutationOptions());
  const rulesOf = (field: Field) =>
    zodRules(envConfigSchema, field, fields, { invalid_value: fieldErrorText('required') });

  return (
    <SaveDialog<Values>
      title={t('envAdmin.titles.resources', { name: env.name })}
      form={form}
      fields={fields}
      save={(values) => save.mutateAsync(configBodyOf(env, values))}
      saving={save.isPending}
      onClose={onClose}
    >
      <GpuNote />
      <Form<Values>
        form={form}
        name={`ai-resources-${env.id}`}
        layout="vertical"
        initialValues={{ cpuCore: env.cpuCore, memorySize: env.memorySize, diskSize: env.diskSize }}
        disabled={save.isPending}
      >
        <ResourceFields rulesOf={rulesOf} />
      </Form>
      <Button
        onClick={() =>
          form.setFieldsValue({
            cpuCore: jupyterDefaults.cpuCore,
            memorySize: jupyterDefaults.memorySize,
            diskSize: jupyterDefaults.diskSize,
          })
        }
      >
        {t('envAdmin.actions.useDefaults')}
      </Button>
      <span style={{ marginLeft: 12 }}>
        {t('envAdmin.ai.defaults', {
          cpu: jupyterDefaults.cpuCore,
          memory: jupyterDefaults.memorySize,
          disk: jupyterDefaults.diskSize,
        })}
      </span>
    </SaveDialog>
  );
}
