import { useTranslation } from 'react-i18next';
import { Col, Form, Row, Select, type FormRule } from 'antd';
import { cpuChoices, diskChoices, memoryChoices } from '@platform/contract';

type ResourceField = 'cpuCore' | 'memorySize' | 'diskSize';

/** The spec's CPU, memory and disk choices (platform spec §5) as labelled options. */
export function useResourceChoices(): Record<ResourceField, { value: number; label: string }[]> {
  const { t } = useTranslation();
  const gb = (choices: readonly number[]) =>
    choices.map((n) => ({ value: n, label: t('environments.units.gb', { n }) }));
  return {
    cpuCore: cpuChoices.map((n) => ({ value: n, label: t('environments.units.cores', { n }) })),
    memorySize: gb(memoryChoices),
    diskSize: gb(diskChoices),
  };
}

/** CPU, memory and disk selects with the spec's choices (platform spec §5). */
export function ResourceFields({ rulesOf }: { rulesOf: (field: ResourceField) => FormRule[] }) {
  const { t } = useTranslation();
  const choices = useResourceChoices();
  return (
    <Row gutter={16}>
      {(['cpuCore', 'memorySize', 'diskSize'] as const).map((field) => (
        <Col key={field} xs={24} sm={8}>
          <Form.Item
            name={field}
            label={t(`environments.fields.${field}`)}
            required
            rules={rulesOf(field)}
          >
            <Select options={choices[field]} placeholder={t('environments.placeholders.select')} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
