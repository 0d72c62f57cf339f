import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { limits, scriptSaveSchema, type Script, type ScriptSave } from '@platform/contract';
import { fieldErrorText, zodRules } from '../../shared/zodForm';
import { saveErrors, useSaveDialog } from '../../shared/dialogForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { envOptionsQueryOptions, scriptSaveMutationOptions } from './api';

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
  const options = useQuery(envOptionsQueryOptions());
  const dialog = useSaveDialog({
    mutation: scriptSaveMutationOptions(),
    // The fields passed their rules; parsing applies the schema's transforms.
    body: (values: ScriptSave) =>
      scriptSaveSchema.parse({ ...values, ...(script ? { id: script.id } : {}) }),
    saved: t('environments.done.saved'),
    onClose,
    errors: (error) => saveErrors(error, fields),
  });
  const rulesOf = (field: Field) =>
    zodRules(
      scriptSaveSchema,
      field,
      fields,
      field === 'envId' ? { invalid_format: fieldErrorText('required') } : {},
    );

  return (
    <FormDialog
      {...dialog}
      width={limits.dialogWidth}
      name={script ? `script-edit-${script.id}` : 'script-add'}
      title={t(script ? 'environments.titles.editScript' : 'environments.titles.addScript')}
      okText={t('environments.actions.save')}
      cancelText={t('environments.actions.cancel')}
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
    >
      <Form.Item
        name="envId"
        label={t('environments.script.env')}
        required
        rules={rulesOf('envId')}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={options.isPending}
          placeholder={t('environments.placeholders.select')}
          options={(options.data ?? []).map((o) => ({
            value: o.id,
            label: `${o.name} (${o.code})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="name" label={t('environments.script.name')} required rules={rulesOf('name')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="label"
        label={t('environments.script.label')}
        required
        rules={rulesOf('label')}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="instructions"
        label={t('environments.script.instructions')}
        rules={rulesOf('instructions')}
      >
        <Input.TextArea rows={8} maxLength={20_000} />
      </Form.Item>
    </FormDialog>
  );
}
