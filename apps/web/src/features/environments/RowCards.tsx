import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

interface RowCardsProps {
  /** The form list's name, which also names its label and hint. */
  name: 'devices' | 'initialFiles';
  /** The most rows the list takes. */
  max: number;
  addText: string;
  /** The values of a row added after `count` rows. */
  newRow: (count: number) => object;
  /** The fields of the row at index `row` of the list. */
  children: (row: number) => ReactNode;
}

/** A list in the environment form: a card a row with its remove button, and an add button. */
export function RowCards({ name, max, addText, newRow, children }: RowCardsProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t(`environments.fields.${name}`)}
      extra={t(`environments.hints.${name}`, { max })}
    >
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Card
                key={row.key}
                size="small"
                style={{ marginBottom: 8 }}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('environments.actions.removeRow')}
                    onClick={() => remove(row.name)}
                  />
                }
              >
                {children(row.name)}
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= max}
              onClick={() => add(newRow(rows.length))}
            >
              {addText}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
