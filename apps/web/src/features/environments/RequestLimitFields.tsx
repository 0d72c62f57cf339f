import { useTranslation } from 'react-i18next';
import { Col, Form, InputNumber, Row, Select, Typography, type FormRule } from 'antd';
import { envRequestLimitsSchema, formatMessage } from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { fieldErrorText } from '../../shared/zodForm';
import { useResourceChoices } from './ResourceFields';

type LimitField = 'maxCpuCore' | 'maxMemorySize' | 'maxDiskSize' | 'maxGpuCount';

/**
 * The most a student may ask for in the Jupyter resource form. An empty maximum keeps the
 * resource at the environment's own value.
 */
export function RequestLimitFields({ rulesOf }: { rulesOf: (field: LimitField) => FormRule[] }) {
  const { t } = useTranslation();
  const resources = useResourceChoices();
  const choices = {
    maxCpuCore: resources.cpuCore,
    maxMemorySize: resources.memorySize,
    maxDiskSize: resources.diskSize,
  };
  return (
    <>
      <Typography.Title level={5}>{t('environments.fields.requestLimits')}</Typography.Title>
      <Row gutter={16}>
        {(['maxCpuCore', 'maxMemorySize', 'maxDiskSize'] as const).map((field) => (
          <Col key={field} xs={24} sm={6}>
            <Form.Item
              name={field}
              label={t(`environments.fields.${field}`)}
              rules={[emptyOrValid(field), atLeastOwn(field)]}
              dependencies={[ownField[field]]}
            >
              <Select
                allowClear
                options={choices[field]}
                placeholder={t('environments.placeholders.sameAsOwn')}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={6}>
          <Form.Item
            name="maxGpuCount"
            label={t('environments.fields.maxGpuCount')}
            rules={rulesOf('maxGpuCount')}
          >
            <InputNumber min={0} max={8} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">
        {t('environments.hints.requestLimits')}
      </Typography.Paragraph>
    </>
  );
}

const ownField = {
  maxCpuCore: 'cpuCore',
  maxMemorySize: 'memorySize',
  maxDiskSize: 'diskSize',
} as const;

/** An empty maximum is allowed (it keeps the environment's own value); a chosen one must be valid. */
function emptyOrValid(field: keyof typeof ownField): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === null || value === undefined) return;
      const parsed = envRequestLimitsSchema.shape[field].safeParse(value);
      if (!parsed.success) throw new Error(fieldErrorText(parsed.error.issues[0]?.message ?? ''));
    },
  };
}

/** The server's rule `environments.max_below_value`: a maximum is never below the environment's value. */
function atLeastOwn(field: keyof typeof ownField): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const own: unknown = getFieldValue(ownField[field]);
      if (typeof value === 'number' && typeof own === 'number' && value < own) {
        throw new Error(formatMessage('environments.max_below_value', apiLanguage()));
      }
    },
  });
}
