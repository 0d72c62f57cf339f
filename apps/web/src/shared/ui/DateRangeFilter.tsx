import { Button, Form } from 'antd';
import { DateField } from './DateFields';

/** The dates of a range filter as its date pickers hold them (YYYY-MM-DD); empty for none. */
export interface DateRange {
  from: string;
  to: string;
}

export const noDates: DateRange = { from: '', to: '' };

interface DateRangeFilterProps {
  /** Prefix of the pickers' ids, unique on the page. */
  id: string;
  labels: { from: string; to: string; reset: string };
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** What is wrong with the range, shown under the end date. */
  error: string | null;
}

/** Two date pickers of a filter bar, the end date's error under it, and a reset once set. */
export function DateRangeFilter({ id, labels, value, onChange, error }: DateRangeFilterProps) {
  return (
    <>
      <Form layout="inline" component="div">
        <Form.Item label={labels.from} htmlFor={`${id}-from`}>
          <DateField
            id={`${id}-from`}
            value={value.from}
            onChange={(from) => onChange({ ...value, from })}
            style={{ width: 150 }}
          />
        </Form.Item>
        <Form.Item
          label={labels.to}
          htmlFor={`${id}-to`}
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <DateField
            id={`${id}-to`}
            value={value.to}
            onChange={(to) => onChange({ ...value, to })}
            style={{ width: 150 }}
          />
        </Form.Item>
      </Form>
      {(value.from || value.to) && (
        <Button onClick={() => onChange(noDates)}>{labels.reset}</Button>
      )}
    </>
  );
}
