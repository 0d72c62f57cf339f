import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, type FormRule } from 'antd';
import { labLimits, platformAppOf, type ResourceKind } from '@platform/contract';
import { envLabelsQueryOptions } from './api';
import { useEnvEnums } from './enums';
import { imageAfterKindChange, type BaseField } from './envForm';

interface EnvBaseFieldsProps {
  rulesOf: (field: BaseField) => FormRule[];
}

/** The basic information of an environment (envUpdateSchema fields except the manual). */
export function EnvBaseFields({ rulesOf }: EnvBaseFieldsProps) {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  const labels = useQuery(envLabelsQueryOptions());
  const select = t('environments.placeholders.select');
  const form = Form.useFormInstance();
  const kind = Form.useWatch('resourceKind', form) as ResourceKind | undefined;
  const app = kind ? platformAppOf(kind) : undefined;
  const imageHint = app
    ? [
        t('environments.hints.imageDefault', { image: app.image }),
        app.needs.length > 0
          ? t('environments.hints.imageNeeds', {
              needs: app.needs
                .map((n) => t(`environments.needs.${n.name}`))
                .join(t('environments.hints.listSeparator')),
            })
          : '',
      ]
        .filter(Boolean)
        .join(' ')
    : undefined;

  const item = (field: BaseField, input: ReactNode, extra?: string, required = true) => (
    <Form.Item
      name={field}
      label={t(`environments.fields.${field}`)}
      required={required}
      rules={rulesOf(field)}
      extra={extra}
    >
      {input}
    </Form.Item>
  );
  const choice = (field: BaseField, options: { value: string | number; label: string }[]) =>
    item(field, <Select options={options} placeholder={select} />);

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        {item('code', <Input maxLength={64} placeholder={t('environments.placeholders.code')} />)}
      </Col>
      <Col xs={24} md={12}>
        {item('name', <Input maxLength={100} placeholder={t('environments.placeholders.name')} />)}
      </Col>
      <Col xs={24} md={12}>
        {choice('type', enums.type)}
      </Col>
      <Col xs={24} md={12}>
        {choice('experimentKind', enums.experimentKind)}
      </Col>
      <Col xs={24} md={12}>
        {item(
          'resourceKind',
          <Select
            options={enums.resourceKind}
            placeholder={select}
            showSearch
            onChange={(value: ResourceKind) =>
              form.setFieldValue('image', imageAfterKindChange(form.getFieldValue('image'), value))
            }
          />,
        )}
      </Col>
      <Col xs={24} md={12}>
        {choice('state', enums.state)}
      </Col>
      <Col xs={24} md={8}>
        {choice('hidden', enums.hidden)}
      </Col>
      <Col xs={24} md={8}>
        {choice('openWith', enums.openWith)}
      </Col>
      <Col xs={24} md={8}>
        {choice('accessMode', enums.accessMode)}
      </Col>
      <Col span={24}>{item('image', <Input maxLength={500} />, imageHint, false)}</Col>
      <Col span={24}>
        {item(
          'labels',
          <Select
            mode="tags"
            maxCount={labLimits.labelsMax}
            options={(labels.data ?? []).map((l) => ({ value: l, label: l }))}
            tokenSeparators={[',', '，']}
          />,
          t('environments.hints.labels', { max: labLimits.labelsMax }),
          false,
        )}
      </Col>
      <Col span={24}>
        {item('description', <Input.TextArea maxLength={500} rows={3} />, undefined, false)}
      </Col>
    </Row>
  );
}
