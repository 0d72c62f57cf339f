import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { envConfigSchema, jupyterDefaults, limits, type Environment } from '@platform/contract';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { envConfigMutationOptions } from './api';
import { configBodyOf } from './envForm';
import { GpuNote } from './GpuNote';
import { ResourceFields } from './ResourceFields';

type Field = 'cpuCore' | 'memorySize' | 'diskSize';
const fields: readonly Field[] = ['cpuCore', 'memorySize', 'diskSize'];
type Values = Record<Field, number>;

/** Edits the default resources of a Jupyter environment (env/config, the rest kept as it is). */
export function AiResourceDialog({ env, onClose }: { env: Environment; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useSaveDialog({
    mutation: envConfigMutationOptions(),
    body: (values: Values) => configBodyOf(env, values),
    saved: t('environments.done.saved'),
    onClose,
    errors: (error) => saveErrors(error, fields),
  });
  const rulesOf = (field: Field) =>
    zodRules(envConfigSchema, field, fields, { invalid_value: fieldErrorText('required') });

  return (
    <FormDialog
      {...dialog}
      width={limits.dialogWidth}
      name={`ai-resources-${env.id}`}
      title={t('environments.titles.resources', { name: env.name })}
      okText={t('environments.actions.save')}
      cancelText={t('environments.actions.cancel')}
      initialValues={{ cpuCore: env.cpuCore, memorySize: env.memorySize, diskSize: env.diskSize }}
      notice={<GpuNote />}
    >
      <ResourceFields rulesOf={rulesOf} />
      <Button
        onClick={() =>
          dialog.form.setFieldsValue({
            cpuCore: jupyterDefaults.cpuCore,
            memorySize: jupyterDefaults.memorySize,
            diskSize: jupyterDefaults.diskSize,
          })
        }
      >
        {t('environments.actions.useDefaults')}
      </Button>
      <span style={{ marginLeft: 12 }}>
        {t('environments.ai.defaults', {
          cpu: jupyterDefaults.cpuCore,
          memory: jupyterDefaults.memorySize,
          disk: jupyterDefaults.diskSize,
        })}
      </span>
    </FormDialog>
  );
}
