import { useTranslation } from 'react-i18next';
import { Form, InputNumber, type FormRule } from 'antd';
import { maxInteger } from '@platform/contract';

/** The sort order of a department or major: a whole number, smaller first. */
export function SortItem({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="sort" label={t('org.fields.sort')} extra={t('org.hints.sort')} rules={rules}>
      <InputNumber min={0} max={maxInteger} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}
