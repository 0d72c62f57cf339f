import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { initialFileSchema, labLimits } from '@platform/contract';
import { rowRules } from './envForm';
import { RowCards } from './RowCards';

/** Files written to a lab's home when it starts (at most labLimits.initialFilesMax). */
export function InitialFilesEditor() {
  const { t } = useTranslation();
  return (
    <RowCards
      name="initialFiles"
      max={labLimits.initialFilesMax}
      addText={t('envAdmin.actions.addFile')}
      newRow={() => ({ path: '', content: '' })}
    >
      {(row) => (
        <>
          <Form.Item
            name={[row, 'path']}
            label={t('envAdmin.file.path')}
            rules={rowRules(initialFileSchema, 'initialFiles', row, 'path')}
          >
            <Input maxLength={200} placeholder={t('envAdmin.placeholders.path')} />
          </Form.Item>
          <Form.Item
            name={[row, 'content']}
            label={t('envAdmin.file.content')}
            rules={rowRules(initialFileSchema, 'initialFiles', row, 'content')}
            style={{ marginBottom: 0 }}
          >
            <Input.TextArea
              rows={4}
              maxLength={labLimits.initialFileMaxBytes}
              placeholder={t('envAdmin.placeholders.content')}
            />
          </Form.Item>
        </>
      )}
    </RowCards>
  );
}
