import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { courseTextLimits } from '@platform/contract';
import { zodPathRules, type FieldPath } from '../../../shared/zodForm';
import {
  AddButton,
  BilingualItems,
  bilingualMessages,
  RemoveButton,
  type FormCheck,
} from './formParts';
import { emptyCommand } from './stepForm';

/**
 * The command configuration of a lab step: titled commands or scripts, in the order students
 * see them, each copied into the lab's terminal with one click.
 */
export function CommandList({ path, check }: { path: FieldPath; check: FormCheck }) {
  const { t } = useTranslation();
  const toBody = check.toBody ? { toBody: check.toBody } : {};
  const messages = useMemo(
    () => ({
      title: bilingualMessages(t, t('courses.manage.rules.commandTitle')),
      command: {
        required: t('courses.manage.rules.command'),
        too_long: t('courses.manage.rules.command'),
        invalid_value: t('courses.manage.rules.command'),
      },
    }),
    [t],
  );
  return (
    <Form.Item
      label={t('courses.manage.fields.commands')}
      extra={t('courses.manage.hints.commandsHint')}
    >
      <Form.List name={[...path]}>
        {(fields, ops) => (
          <>
            {fields.map((field, i) => {
              const label = t('courses.manage.fields.commandRow', { n: i + 1 });
              return (
                <div key={field.key} role="group" aria-label={label} className="course-list-row">
                  <div className="course-list-row__head">
                    <Typography.Text strong>{label}</Typography.Text>
                    <Space size={0}>
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('courses.manage.actions.moveUp')}
                        icon={<ArrowUpOutlined />}
                        disabled={i === 0}
                        onClick={() => ops.move(i, i - 1)}
                      />
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('courses.manage.actions.moveDown')}
                        icon={<ArrowDownOutlined />}
                        disabled={i === fields.length - 1}
                        onClick={() => ops.move(i, i + 1)}
                      />
                      <RemoveButton label={label} onRemove={() => ops.remove(field.name)} />
                    </Space>
                  </div>
                  <BilingualItems
                    name={[field.name, 'title']}
                    path={[...path, field.name, 'title']}
                    label={t('courses.manage.fields.commandTitle')}
                    check={check}
                    messages={messages.title}
                    maxLength={courseTextLimits.commandTitleMax}
                    required
                  />
                  <Form.Item
                    name={[field.name, 'command']}
                    label={t('courses.manage.fields.command')}
                    required
                    rules={zodPathRules(check.schema, [...path, field.name, 'command'], {
                      ...toBody,
                      overrides: messages.command,
                    })}
                  >
                    <Input.TextArea
                      className="course-command"
                      rows={2}
                      maxLength={courseTextLimits.commandMax}
                      placeholder={t('courses.manage.placeholders.command')}
                      spellCheck={false}
                    />
                  </Form.Item>
                </div>
              );
            })}
            <AddButton
              count={fields.length}
              max={courseTextLimits.commandsMax}
              onAdd={() => ops.add(emptyCommand())}
            >
              {t('courses.manage.actions.addCommand')}
            </AddButton>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
