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
      addText={t('environments.actions.addFile')}
      newRow={() => ({ path: '', content: '' })}
    >
      {(row) => (
        <>
          <Form.Item
            name={[row, 'path']}
            label={t('environments.file.path')}
            rules={rowRules(initialFileSchema, 'initialFiles', row, 'path')}
          >
            <Input maxLength={200} placeholder={t('environments.placeholders.path')} />
          </Form.Item>
          <Form.Item
            name={[row, 'content']}
            label={t('environments.file.content')}
            rules={rowRules(initialFileSchema, 'initialFiles', row, 'content')}
            style={{ marginBottom: 0 }}
          >
            <Input.TextArea
              rows={4}
              maxLength={labLimits.initialFileMaxBytes}
              placeholder={t('environments.placeholders.content')}
            />
          </Form.Item>
        </>
      )}
    </RowCards>
  );
}
