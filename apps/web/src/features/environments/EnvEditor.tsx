import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Drawer, Form, Space, Tabs } from 'antd';
import {
  envAddSchema,
  envConfigSchema,
  envUpdateSchema,
  type Environment,
} from '@platform/contract';
import { setFieldErrors, fieldErrorText, zodRules } from '../../shared/zodForm';
import { toast } from '../../shared/toast';
import { envAddMutationOptions, envConfigMutationOptions, envUpdateMutationOptions } from './api';
import {
  baseValues,
  configBodyOf,
  envFields,
  formValuesOf,
  newEnvValues,
  normalize,
  requestFieldErrors,
  runtimeTabFields,
  runtimeValues,
  schemaErrors,
  updateBodyOf,
  type EnvField,
  type FieldError,
} from './envForm';
import { EnvBaseFields } from './EnvBaseFields';
import { EnvRuntimeFields } from './EnvRuntimeFields';

type Tab = 'basic' | 'runtime';

const selectFields: ReadonlySet<EnvField> = new Set<EnvField>([
  'type',
  'state',
  'hidden',
  'openWith',
  'accessMode',
  'experimentKind',
  'resourceKind',
  'cpuCore',
  'memorySize',
  'diskSize',
]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface EnvEditorProps {
  /** The environment to edit; none adds a new one. */
  env?: Environment | undefined;
  onClose: () => void;
}

/**
 * Adds (env/add) or edits an environment: basic information (env/update) and runtime
 * configuration (env/config) on two tabs. Rules come from the contract; server field errors land
 * on the fields, and the tab holding the first error is shown.
 */
export function EnvEditor({ env, onClose }: EnvEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [tab, setTab] = useState<Tab>('basic');
  // What the server holds now; after a partial save only the rest is sent again.
  const [saved, setSaved] = useState(env);
  const add = useMutation(envAddMutationOptions());
  const update = useMutation(envUpdateMutationOptions());
  const config = useMutation(envConfigMutationOptions());
  const pending = add.isPending || update.isPending || config.isPending;

  const rulesOf = (field: EnvField) =>
    zodRules(
      envAddSchema,
      field,
      envFields,
      selectFields.has(field) ? { invalid_value: fieldErrorText('required') } : {},
    );

  const showTabOf = (name: (string | number)[] | undefined) => {
    if (name) setTab(runtimeTabFields.has(String(name[0])) ? 'runtime' : 'basic');
  };

  const showErrors = (errors: FieldError[]) => {
    setFieldErrors(form, errors);
    showTabOf(errors[0]?.name);
  };

  /** Sends what changed; answers whether anything was sent. */
  const saveChanges = async (current: Environment, values: Record<string, unknown>) => {
    const base = envUpdateSchema.safeParse({ ...baseValues(values), id: current.id });
    const runtime = envConfigSchema.safeParse({ ...runtimeValues(values), id: current.id });
    if (!base.success || !runtime.success) {
      showErrors([
        ...schemaErrors(envUpdateSchema, { ...baseValues(values), id: current.id }, envFields),
        ...schemaErrors(envConfigSchema, { ...runtimeValues(values), id: current.id }, envFields),
      ]);
      return null;
    }
    let sent = false;
    if (!same(base.data, envUpdateSchema.safeParse(updateBodyOf(current)).data)) {
      current = await update.mutateAsync(base.data);
      setSaved(current);
      sent = true;
    }
    if (!same(runtime.data, envConfigSchema.safeParse(configBodyOf(current)).data)) {
      current = await config.mutateAsync(runtime.data);
      setSaved(current);
      sent = true;
    }
    return sent;
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch (error) {
      showTabOf(
        (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name,
      );
      return;
    }
    const values = normalize(form.getFieldsValue(true) as Record<string, unknown>);
    try {
      if (saved) {
        const sent = await saveChanges(saved, values);
        if (sent === null) return;
        if (sent) toast.success(t('environments.done.saved'));
        else toast.info(t('environments.done.unchanged'));
      } else {
        const parsed = envAddSchema.safeParse(values);
        if (!parsed.success) return showErrors(schemaErrors(envAddSchema, values, envFields));
        await add.mutateAsync(parsed.data);
        toast.success(t('environments.done.saved'));
      }
      onClose();
    } catch (error) {
      showErrors(requestFieldErrors(error, envFields));
    }
  };

  return (
    <Drawer
      open
      size={760}
      title={env ? t('environments.titles.edit', { name: env.name }) : t('environments.titles.add')}
      onClose={onClose}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('environments.actions.cancel')}</Button>
          <Button type="primary" loading={pending} onClick={() => void save()}>
            {t('environments.actions.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name={env ? `env-edit-${env.id}` : 'env-add'}
        layout="vertical"
        initialValues={env ? formValuesOf(env) : newEnvValues}
        disabled={pending}
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'basic',
              label: t('environments.titles.basic'),
              forceRender: true,
              children: <EnvBaseFields rulesOf={rulesOf} />,
            },
            {
              key: 'runtime',
              label: t('environments.titles.runtime'),
              forceRender: true,
              children: <EnvRuntimeFields rulesOf={rulesOf} envId={env?.id} />,
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}
