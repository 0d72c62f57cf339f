import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { deviceSchema, labLimits } from '@platform/contract';
import { useEnvEnums } from './enums';
import { rowRules } from './envForm';
import { RowCards } from './RowCards';

const newDevice = (n: number) => ({
  id: `device${n + 1}`,
  type: 'temperature',
  name: '',
  intervalMs: 2_000,
});

const deviceFields = ['id', 'type', 'name', 'min', 'max', 'intervalMs'] as const;

const fullWidth = { width: '100%' };

/** The simulated devices of a simulation environment (at most labLimits.devicesMax). */
export function DeviceEditor() {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  const inputs: Record<(typeof deviceFields)[number], ReactNode> = {
    id: <Input maxLength={32} />,
    type: <Select options={enums.deviceType} />,
    name: <Input maxLength={50} />,
    min: <InputNumber style={fullWidth} />,
    max: <InputNumber style={fullWidth} />,
    intervalMs: <InputNumber min={500} max={60_000} step={500} style={fullWidth} />,
  };
  return (
    <RowCards
      name="devices"
      max={labLimits.devicesMax}
      addText={t('environments.actions.addDevice')}
      newRow={newDevice}
    >
      {(row) => (
        <Row gutter={8}>
          {deviceFields.map((field) => (
            <Col key={field} xs={24} sm={8}>
              <Form.Item
                name={[row, field]}
                label={t(`environments.device.${field}`)}
                rules={rowRules(deviceSchema, 'devices', row, field)}
                {...(field === 'max' ? { dependencies: [['devices', row, 'min']] } : {})}
              >
                {inputs[field]}
              </Form.Item>
            </Col>
          ))}
        </Row>
      )}
    </RowCards>
  );
}
