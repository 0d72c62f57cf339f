import { Button, Form, Input } from 'antd';

/** The dates of a range filter as date inputs hold them (YYYY-MM-DD); empty for none. */
export interface DateRange {
  from: string;
  to: string;
}

export const noDates: DateRange = { from: '', to: '' };

interface DateRangeFilterProps {
  /** Prefix of the inputs' ids, unique on the page. */
  id: string;
  labels: { from: string; to: string; reset: string };
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** What is wrong with the range, shown under the end date. */
  error: string | null;
}

/** Two date inputs of a filter bar, the end date's error under it, and a reset once set. */
export function DateRangeFilter({ id, labels, value, onChange, error }: DateRangeFilterProps) {
  return (
    <>
      <Form layout="inline" component="div">
        <Form.Item label={labels.from} htmlFor={`${id}-from`}>
          <Input
            id={`${id}-from`}
            type="date"
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={labels.to}
          htmlFor={`${id}-to`}
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Input
            id={`${id}-to`}
            type="date"
            value={value.to}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        </Form.Item>
      </Form>
      {(value.from || value.to) && (
        <Button onClick={() => onChange(noDates)}>{labels.reset}</Button>
      )}
    </>
  );
}
