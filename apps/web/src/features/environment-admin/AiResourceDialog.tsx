import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Modal } from 'antd';
import { envConfigSchema, jupyterDefaults, type Environment } from '@platform/contract';
import { isRequestError } from '../../shared/request';
import { toast } from '../../shared/toast';
import { fieldErrorText, serverFieldErrors, zodRules } from '../../shared/zodForm';
import { envConfigMutationOptions } from './api';
import { configBodyOf } from './envForm';
import { ResourceFields } from './ResourceFields';

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

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    save.mutate(configBodyOf(env, values), {
      onSuccess: () => {
        toast.success(t('envAdmin.done.saved'));
        onClose();
      },
      onError: (error) => {
        if (isRequestError(error)) form.setFields(serverFieldErrors(error.fields, fields));
      },
    });
  };

  return (
    <Modal
      open
      title={t('envAdmin.titles.resources', { name: env.name })}
      okText={t('envAdmin.actions.save')}
      cancelText={t('envAdmin.actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={650}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('envAdmin.ai.gpuNote', {
          gpuCount: jupyterDefaults.gpuCount,
          gpuMemory: jupyterDefaults.gpuMemory,
        })}
      />
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
    </Modal>
  );
}
