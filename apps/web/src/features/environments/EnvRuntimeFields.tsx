import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, type FormRule } from 'antd';
import { envTypes, labLimits } from '@platform/contract';
import { envOptionsQueryOptions } from './api';
import {
  isCombination,
  isJupyter,
  isSimulation,
  partsRequiredRule,
  type EnvField,
} from './envForm';
import { ResourceFields } from './ResourceFields';
import { RequestLimitFields } from './RequestLimitFields';
import { DeviceEditor } from './DeviceEditor';
import { InitialFilesEditor } from './InitialFilesEditor';

interface EnvRuntimeFieldsProps {
  rulesOf: (field: EnvField) => FormRule[];
  /** The environment being edited, left out of its own parts. */
  envId?: string | undefined;
}

/**
 * The runtime configuration (envConfigSchema fields) and the operating manual: resources, start
 * limit, idle timeout, parts of a combination, simulated devices and initial files.
 */
export function EnvRuntimeFields({ rulesOf, envId }: EnvRuntimeFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const type: unknown = Form.useWatch('type', form);
  const resourceKind: unknown = Form.useWatch('resourceKind', form);
  const combination = isCombination(type);
  const options = useQuery({ ...envOptionsQueryOptions(), enabled: combination });
  const partOptions = (options.data ?? [])
    .filter((o) => o.type !== envTypes.combination && o.id !== envId)
    .map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }));

  return (
    <>
      <ResourceFields rulesOf={rulesOf} />
      {isJupyter(resourceKind) && <RequestLimitFields rulesOf={rulesOf} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="restartLimit"
            label={t('environments.fields.restartLimit')}
            required
            rules={rulesOf('restartLimit')}
            extra={t('environments.hints.restartLimit')}
          >
            <InputNumber
              min={0}
              max={labLimits.restartLimitMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="idleTimeout"
            label={t('environments.fields.idleTimeout')}
            required
            rules={rulesOf('idleTimeout')}
            extra={t('environments.hints.idleTimeout', {
              min: labLimits.idleTimeoutMin,
              max: labLimits.idleTimeoutMax,
            })}
          >
            <InputNumber
              min={labLimits.idleTimeoutMin}
              max={labLimits.idleTimeoutMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        {!combination && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="warmPool"
              label={t('environments.fields.warmPool')}
              rules={rulesOf('warmPool')}
              extra={t('environments.hints.warmPool')}
            >
              <InputNumber
                min={0}
                max={labLimits.warmPoolMax}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {combination && (
        <Form.Item
          name="parts"
          label={t('environments.fields.parts')}
          required
          rules={[...rulesOf('parts'), partsRequiredRule]}
          dependencies={['type']}
          extra={t('environments.hints.parts', { max: labLimits.partsMax })}
        >
          <Select
            mode="multiple"
            maxCount={labLimits.partsMax}
            options={partOptions}
            loading={options.isPending}
            optionFilterProp="label"
            placeholder={t('environments.placeholders.select')}
          />
        </Form.Item>
      )}
      {isSimulation(resourceKind) && <DeviceEditor />}
      <InitialFilesEditor />
      <Form.Item
        name="manual"
        label={t('environments.fields.manual')}
        rules={rulesOf('manual')}
        extra={t('environments.hints.manual')}
      >
        <Input.TextArea rows={8} maxLength={20_000} />
      </Form.Item>
    </>
  );
}
