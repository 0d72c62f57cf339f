import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { checkKinds, teachingLimits, type CheckKind } from '@platform/contract';
import { zodPathRules, type FieldPath } from '../../../shared/zodForm';
import {
  AddButton,
  BilingualItems,
  bilingualMessages,
  RemoveButton,
  type FormCheck,
} from './formParts';
import { emptyCheck } from './stepForm';

/** The inputs each kind of check has beside its title, score and messages. */
type CheckField =
  | 'script'
  | 'timeoutSeconds'
  | 'path'
  | 'contains'
  | 'pattern'
  | 'command'
  | 'exitCode'
  | 'topic'
  | 'withinSeconds'
  | 'device'
  | 'on'
  | 'count';
const kindFields: Record<CheckKind, readonly CheckField[]> = {
  script: ['script', 'timeoutSeconds'],
  file: ['path', 'contains', 'pattern'],
  output: ['command', 'contains', 'pattern', 'exitCode'],
  mqtt: ['topic', 'contains', 'withinSeconds'],
  device: ['device', 'on'],
  telemetry: ['path', 'count', 'device'],
};
const numeric = new Set(['timeoutSeconds', 'exitCode', 'withinSeconds', 'count']);
const switches = new Set(['on']);
const multiline = new Set(['script', 'command']);

/**
 * The checks of a lab step, run against the student's running lab when they press Check. Hidden
 * checks count but their rules and titles never reach the student.
 */
export function CheckList({ path, check }: { path: FieldPath; check: FormCheck }) {
  const { t } = useTranslation();
  const toBody = check.toBody ? { toBody: check.toBody } : {};
  const messages = useMemo(
    () => ({
      title: bilingualMessages(t, t('courses.manage.rules.checkTitle')),
      message: bilingualMessages(t, t('courses.manage.rules.checkMessage'), ''),
      field: {
        required: t('courses.manage.rules.checkField'),
        too_long: t('courses.manage.rules.checkField'),
        invalid_format: t('courses.manage.rules.checkFormat'),
        invalid_value: t('courses.manage.rules.checkNumber'),
      },
    }),
    [t],
  );
  return (
    <Form.Item label={t('courses.manage.fields.checks')} extra={t('courses.manage.hints.checks')}>
      <Form.List name={[...path]}>
        {(fields, ops) => (
          <>
            {fields.map((field, i) => {
              const label = t('courses.manage.fields.checkRow', { n: i + 1 });
              const at = [...path, field.name];
              return (
                <div key={field.key} role="group" aria-label={label} className="course-list-row">
                  <div className="course-list-row__head">
                    <Typography.Text strong>{label}</Typography.Text>
                    <RemoveButton label={label} onRemove={() => ops.remove(field.name)} />
                  </div>
                  <Row gutter={16}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'kind']}
                        label={t('courses.manage.fields.checkKind')}
                      >
                        <Select
                          options={checkKinds.map((k) => ({
                            value: k,
                            label: t(`courses.manage.checkKinds.${k}`),
                          }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={8}>
                      <Form.Item
                        name={[field.name, 'score']}
                        label={t('courses.manage.fields.checkScore')}
                        rules={zodPathRules(check.schema, [...at, 'score'], {
                          ...toBody,
                          overrides: messages.field,
                        })}
                      >
                        <InputNumber min={1} max={teachingLimits.scoreMax} precision={0} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={8}>
                      <Form.Item
                        name={[field.name, 'hidden']}
                        label={t('courses.manage.fields.checkHidden')}
                        valuePropName="checked"
                        tooltip={t('courses.manage.hints.checkHidden')}
                      >
                        <Switch />
                      </Form.Item>
                    </Col>
                  </Row>
                  <BilingualItems
                    name={[field.name, 'title']}
                    path={[...at, 'title']}
                    label={t('courses.manage.fields.checkTitle')}
                    check={check}
                    messages={messages.title}
                    maxLength={50}
                    required
                  />
                  <Form.Item noStyle dependencies={[[...at, 'kind']]}>
                    {({ getFieldValue }) => {
                      const kind =
                        (getFieldValue([...at, 'kind']) as CheckKind | undefined) ?? 'script';
                      return kindFields[kind].map((name, n) => (
                        <Form.Item
                          key={name}
                          name={[field.name, name]}
                          label={t(`courses.manage.checkFields.${name}`)}
                          extra={n === 0 ? t(`courses.manage.checkHints.${kind}`) : undefined}
                          rules={zodPathRules(check.schema, [...at, name], {
                            ...toBody,
                            overrides: messages.field,
                          })}
                          {...(switches.has(name) ? { valuePropName: 'checked' } : {})}
                        >
                          {switches.has(name) ? (
                            <Switch />
                          ) : numeric.has(name) ? (
                            <InputNumber precision={0} />
                          ) : multiline.has(name) ? (
                            <Input.TextArea
                              className="course-command"
                              rows={name === 'script' ? 4 : 2}
                              spellCheck={false}
                            />
                          ) : (
                            <Input spellCheck={false} />
                          )}
                        </Form.Item>
                      ));
                    }}
                  </Form.Item>
                  <BilingualItems
                    name={[field.name, 'passMessage']}
                    path={[...at, 'passMessage']}
                    label={t('courses.manage.fields.checkPass')}
                    check={check}
                    messages={messages.message}
                    maxLength={teachingLimits.checkMessageMax}
                  />
                  <BilingualItems
                    name={[field.name, 'failMessage']}
                    path={[...at, 'failMessage']}
                    label={t('courses.manage.fields.checkFail')}
                    check={check}
                    messages={messages.message}
                    maxLength={teachingLimits.checkMessageMax}
                  />
                </div>
              );
            })}
            <AddButton
              count={fields.length}
              max={teachingLimits.checksPerStep}
              onAdd={() => ops.add(emptyCheck())}
            >
              {t('courses.manage.actions.addCheck')}
            </AddButton>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
