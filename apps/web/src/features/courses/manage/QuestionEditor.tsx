import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, InputNumber, Radio, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { courseLimits, questionKinds, type QuestionKind } from '@platform/contract';
import { zodPathCheck, zodPathRules, type FieldPath } from '../../../shared/zodForm';
import {
  AddButton,
  BilingualItems,
  bilingualMessages,
  RemoveButton,
  type FormCheck,
} from './formParts';
import { emptyOption } from './stepForm';

interface QuestionEditorProps {
  /** The question's name in the form (relative to an enclosing list). */
  name: (string | number)[];
  /** Its path in the form's values. */
  path: FieldPath;
  check: FormCheck;
  /** The accessible name of the question's group. */
  title: string;
  onRemove?: (() => void) | undefined;
}

/** A list-level rule of a Form.List: the schema's issue at the list's own path. */
function useListRule(
  check: FormCheck,
  path: FieldPath,
  messages: (values: unknown) => Parameters<typeof zodPathCheck>[2],
) {
  const form = Form.useFormInstance();
  return {
    validator: async () => {
      const values: unknown = form.getFieldsValue(true);
      const text = zodPathCheck(check.schema, path, messages(values))(values);
      if (text) throw new Error(text);
    },
  };
}

/**
 * One question: kind, stem, score, options with their right flags (single: exactly one right,
 * multiple: at least one), the judgement's answer or the fill-in's accepted answers, analysis.
 */
export function QuestionEditor({ name, path, check, title, onRemove }: QuestionEditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind = (Form.useWatch([...path, 'kind'], form) as QuestionKind | undefined) ?? 'single';
  const toBody = check.toBody ? { toBody: check.toBody } : {};
  const messages = useMemo(
    () => ({
      stem: bilingualMessages(t, t('courses.manage.rules.stem')),
      option: bilingualMessages(t, t('courses.manage.rules.option')),
      analysis: bilingualMessages(t, t('courses.manage.rules.analysis')),
      score: Object.fromEntries(
        (['required', 'invalid_format', 'invalid_value', 'above_limit'] as const).map((code) => [
          code,
          t('courses.manage.rules.score', { max: courseLimits.questionScoreMax }),
        ]),
      ),
      judgement: {
        required: t('courses.manage.rules.judgement'),
        invalid_value: t('courses.manage.rules.judgement'),
      },
    }),
    [t],
  );
  const optionsPath = [...path, 'options'];
  const optionsRule = useListRule(check, optionsPath, (values) => {
    const current = getIn(values, [...path, 'kind']) as QuestionKind | undefined;
    const count = t('courses.manage.rules.optionCount');
    return {
      ...toBody,
      overrides: {
        invalid_value: t(
          current === 'multiple' ? 'courses.manage.rules.multiple' : 'courses.manage.rules.single',
        ),
        too_short: count,
        too_long: count,
      },
    };
  });
  const answersRule = useListRule(check, [...path, 'answers'], () => ({
    ...toBody,
    overrides: {
      required: t('courses.manage.rules.fillAnswers'),
      too_long: t('courses.manage.rules.fillAnswers'),
    },
  }));
  const recheckOptions = () => void form.validateFields([optionsPath]).catch(() => undefined);

  return (
    <div role="group" aria-label={title} className="course-list-row">
      <div className="course-list-row__head">
        <strong>{title}</strong>
        {onRemove && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove}>
            {t('courses.manage.actions.removeQuestion')}
          </Button>
        )}
      </div>
      <Space wrap align="start">
        <Form.Item name={[...name, 'kind']} label={t('courses.manage.fields.kind')}>
          <Select
            aria-label={t('courses.manage.fields.kind')}
            style={{ width: 160 }}
            options={questionKinds.map((value) => ({
              value,
              label: t(`courses.manage.questionKind.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name={[...name, 'score']}
          label={t('courses.manage.fields.score')}
          required
          rules={zodPathRules(check.schema, [...path, 'score'], {
            ...toBody,
            overrides: messages.score,
          })}
        >
          <InputNumber
            aria-label={t('courses.manage.fields.score')}
            min={0}
            max={courseLimits.questionScoreMax}
            precision={0}
          />
        </Form.Item>
      </Space>
      <BilingualItems
        name={[...name, 'stem']}
        path={[...path, 'stem']}
        label={t('courses.manage.fields.stem')}
        check={check}
        messages={messages.stem}
        maxLength={courseLimits.stemMax}
        rows={2}
        required
      />
      {(kind === 'single' || kind === 'multiple') && (
        <Form.List name={[...name, 'options']} rules={[optionsRule]}>
          {(fields, ops, { errors }) => (
            <Form.Item label={t('courses.manage.fields.options')} required>
              {fields.map((field, i) => {
                const label = t('courses.manage.fields.option', { n: i + 1 });
                return (
                  <div key={field.key} role="group" aria-label={label}>
                    <Space wrap>
                      <Form.Item name={[field.name, 'right']} valuePropName="checked" noStyle>
                        <Checkbox onChange={recheckOptions}>
                          {t('courses.manage.fields.right')}
                        </Checkbox>
                      </Form.Item>
                      {fields.length > 2 && (
                        <RemoveButton label={label} onRemove={() => ops.remove(field.name)} />
                      )}
                    </Space>
                    <BilingualItems
                      name={[field.name, 'text']}
                      path={[...optionsPath, field.name, 'text']}
                      label={label}
                      check={check}
                      messages={messages.option}
                      maxLength={courseLimits.optionMax}
                      required
                    />
                  </div>
                );
              })}
              <Form.ErrorList errors={errors} />
              <AddButton
                count={fields.length}
                max={courseLimits.optionsMax}
                onAdd={() => ops.add(emptyOption())}
              >
                {t('courses.manage.actions.addOption')}
              </AddButton>
            </Form.Item>
          )}
        </Form.List>
      )}
      {kind === 'judgement' && (
        <Form.Item
          name={[...name, 'answer']}
          label={t('courses.manage.fields.answer')}
          required
          rules={zodPathRules(check.schema, [...path, 'answer'], {
            ...toBody,
            overrides: messages.judgement,
          })}
        >
          <Radio.Group
            options={[
              { value: true, label: t('courses.manage.actions.true') },
              { value: false, label: t('courses.manage.actions.false') },
            ]}
          />
        </Form.Item>
      )}
      {kind === 'fill' && (
        <Form.List name={[...name, 'answers']} rules={[answersRule]}>
          {(fields, ops, { errors }) => (
            <Form.Item label={t('courses.manage.fields.answers')} required>
              {fields.map((field, i) => {
                const label = t('courses.manage.fields.fillAnswer', { n: i + 1 });
                return (
                  <div key={field.key} role="group" aria-label={label}>
                    <BilingualItems
                      name={[field.name]}
                      path={[...path, 'answers', field.name]}
                      label={label}
                      check={check}
                      messages={messages.option}
                      maxLength={courseLimits.optionMax}
                      required
                    />
                    {fields.length > 1 && (
                      <RemoveButton label={label} onRemove={() => ops.remove(field.name)} />
                    )}
                  </div>
                );
              })}
              <Form.ErrorList errors={errors} />
              <AddButton
                count={fields.length}
                max={courseLimits.fillAnswersMax}
                onAdd={() => ops.add({})}
              >
                {t('courses.manage.actions.addAnswer')}
              </AddButton>
            </Form.Item>
          )}
        </Form.List>
      )}
      <BilingualItems
        name={[...name, 'analysis']}
        path={[...path, 'analysis']}
        label={t('courses.manage.fields.analysis')}
        check={check}
        messages={messages.analysis}
        maxLength={courseLimits.analysisMax}
        rows={2}
      />
    </div>
  );
}

function getIn(value: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );
}
