import { useTranslation } from 'react-i18next';
import { Button, Card, Form, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { initialFileSchema, labLimits } from '@platform/contract';
import { rowRules } from './envForm';

/** Files written to a lab's home when it starts (at most labLimits.initialFilesMax). */
export function InitialFilesEditor() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('envAdmin.fields.initialFiles')}
      extra={t('envAdmin.hints.initialFiles', { max: labLimits.initialFilesMax })}
    >
      <Form.List name="initialFiles">
        {(rows, { add, remove }) => (
          <>
            {rows.map(({ key, name }) => (
              <Card
                key={key}
                size="small"
                style={{ marginBottom: 8 }}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('envAdmin.actions.removeRow')}
                    onClick={() => remove(name)}
                  />
                }
              >
                <Form.Item
                  name={[name, 'path']}
                  label={t('envAdmin.file.path')}
                  rules={rowRules(initialFileSchema, 'initialFiles', name, 'path')}
                >
                  <Input maxLength={200} placeholder={t('envAdmin.placeholders.path')} />
                </Form.Item>
                <Form.Item
                  name={[name, 'content']}
                  label={t('envAdmin.file.content')}
                  rules={rowRules(initialFileSchema, 'initialFiles', name, 'content')}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea
                    rows={4}
                    maxLength={labLimits.initialFileMaxBytes}
                    placeholder={t('envAdmin.placeholders.content')}
                  />
                </Form.Item>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= labLimits.initialFilesMax}
              onClick={() => add({ path: '', content: '' })}
            >
              {t('envAdmin.actions.addFile')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
