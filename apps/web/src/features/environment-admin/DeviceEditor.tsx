import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { deviceSchema, labLimits } from '@platform/contract';
import { useEnvEnums } from './enums';
import { rowRules } from './envForm';

const newDevice = (n: number) => ({
  id: `device${n + 1}`,
  type: 'temperature',
  name: '',
  intervalMs: 2_000,
});

/** The simulated devices of a simulation environment (at most labLimits.devicesMax). */
export function DeviceEditor() {
  const { t } = useTranslation();
  const enums = useEnvEnums();
  return (
    <Form.Item
      label={t('envAdmin.fields.devices')}
      extra={t('envAdmin.hints.devices', { max: labLimits.devicesMax })}
    >
      <Form.List name="devices">
        {(rows, { add, remove }) => (
          <>
            {rows.map(({ key, name }) => {
              const rules = (field: string) => rowRules(deviceSchema, 'devices', name, field);
              return (
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
                  <Row gutter={8}>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        name={[name, 'id']}
                        label={t('envAdmin.device.id')}
                        rules={rules('id')}
                      >
                        <Input maxLength={32} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        name={[name, 'type']}
                        label={t('envAdmin.device.type')}
                        rules={rules('type')}
                      >
                        <Select options={enums.deviceType} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        name={[name, 'name']}
                        label={t('envAdmin.device.name')}
                        rules={rules('name')}
                      >
                        <Input maxLength={50} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        name={[name, 'min']}
                        label={t('envAdmin.device.min')}
                        rules={rules('min')}
                      >
                        <InputNumber style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        name={[name, 'max']}
                        label={t('envAdmin.device.max')}
                        rules={rules('max')}
                        dependencies={[['devices', name, 'min']]}
                      >
                        <InputNumber style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        name={[name, 'intervalMs']}
                        label={t('envAdmin.device.intervalMs')}
                        rules={rules('intervalMs')}
                      >
                        <InputNumber min={500} max={60_000} step={500} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= labLimits.devicesMax}
              onClick={() => add(newDevice(rows.length))}
            >
              {t('envAdmin.actions.addDevice')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
