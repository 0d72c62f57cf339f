import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { scriptSaveSchema, type Script, type ScriptSave } from '@platform/contract';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { envOptionsQueryOptions, scriptSaveMutationOptions } from './api';
import { SaveDialog } from './SaveDialog';

type Field = 'envId' | 'name' | 'label' | 'instructions';
const fields: readonly Field[] = ['envId', 'name', 'label', 'instructions'];

interface ScriptEditorProps {
  /** The script to edit; none adds one. */
  script?: Script | undefined;
  /** The environment a new script belongs to, when the list is of one environment. */
  envId?: string | undefined;
  onClose: () => void;
}

/** Adds or edits an experiment script (script/save; with an id it updates). */
export function ScriptEditor({ script, envId, onClose }: ScriptEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScriptSave>();
  const options = useQuery(envOptionsQueryOptions());
  const save = useMutation(scriptSaveMutationOptions());
  const rulesOf = (field: Field) =>
    zodRules(
      scriptSaveSchema,
      field,
      fields,
      field === 'envId' ? { invalid_format: fieldErrorText('required') } : {},
    );

  return (
    <SaveDialog<ScriptSave>
      title={t(script ? 'envAdmin.titles.editScript' : 'envAdmin.titles.addScript')}
      form={form}
      fields={fields}
      // The fields passed their rules; parsing applies the schema's transforms.
      save={(values) =>
        save.mutateAsync(
          scriptSaveSchema.parse({ ...values, ...(script ? { id: script.id } : {}) }),
        )
      }
      saving={save.isPending}
      onClose={onClose}
    >
      <Form<ScriptSave>
        form={form}
        name={script ? `script-edit-${script.id}` : 'script-add'}
        layout="vertical"
        initialValues={
          script
            ? {
                envId: script.envId,
                name: script.name,
                label: script.label,
                instructions: script.instructions,
              }
            : { envId, name: '', label: '', instructions: '' }
        }
        disabled={save.isPending}
      >
        <Form.Item name="envId" label={t('envAdmin.script.env')} required rules={rulesOf('envId')}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={options.isPending}
            placeholder={t('envAdmin.placeholders.select')}
            options={(options.data ?? []).map((o) => ({
              value: o.id,
              label: `${o.name} (${o.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('envAdmin.script.name')} required rules={rulesOf('name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('envAdmin.script.label')}
          required
          rules={rulesOf('label')}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="instructions"
          label={t('envAdmin.script.instructions')}
          rules={rulesOf('instructions')}
        >
          <Input.TextArea rows={8} maxLength={20_000} />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
