import type { CSSProperties, KeyboardEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';

/**
 * Date and date-time pickers for forms, holding the same strings as the native date inputs did:
 * a date as `YYYY-MM-DD`, a date and time as `YYYY-MM-DDTHH:mm` (local), none as ''. Both work
 * as the control of an antd `Form.Item`, which gives them `value`, `onChange` and `id`.
 */

const dateFormat = 'YYYY-MM-DD';
const dateTimeValueFormat = 'YYYY-MM-DD[T]HH:mm';
const dateTimeShownFormat = 'YYYY-MM-DD HH:mm';
const fullWidth: CSSProperties = { width: '100%' };

interface FieldProps {
  value?: string | undefined;
  onChange?: ((value: string) => void) | undefined;
  id?: string | undefined;
  disabled?: boolean | undefined;
  style?: CSSProperties | undefined;
  'aria-label'?: string | undefined;
}

export interface DateFieldProps extends FieldProps {
  /** The last day that can be chosen (`YYYY-MM-DD`); later days are disabled. */
  max?: string | undefined;
}

/** The calendar's language follows the UI's: month and weekday names, the first day of a week. */
function useCalendarLocale(): void {
  const { i18n } = useTranslation();
  const name = i18n.resolvedLanguage === 'en-US' ? 'en' : 'zh-cn';
  if (dayjs.locale() !== name) dayjs.locale(name);
}

/** The day or moment a value stands for, if it is one written exactly in `format`. */
function dayOf(value: string | undefined, format: string): Dayjs | null {
  if (!value) return null;
  const day = dayjs(value);
  return day.isValid() && day.format(format) === value ? day : null;
}

/**
 * Enter in a picker's input confirms the typed value; it must not also submit the form around
 * it. Only the browser's default (the form's implicit submission) is stopped: the picker's own
 * handling of the key, which checks the React event, goes on.
 */
function keepEnterInPicker(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter') event.nativeEvent.preventDefault();
}

/** A date picker holding `YYYY-MM-DD` ('' for none). */
export function DateField({ value, onChange, max, style, ...rest }: DateFieldProps) {
  useCalendarLocale();
  const last = dayOf(max, dateFormat);
  return (
    <DatePicker
      {...rest}
      value={dayOf(value, dateFormat)}
      onChange={(day) => onChange?.(day ? day.format(dateFormat) : '')}
      format={dateFormat}
      disabledDate={last ? (day) => day.isAfter(last, 'day') : undefined}
      onKeyDown={keepEnterInPicker}
      style={{ ...fullWidth, ...style }}
    />
  );
}

/** A date-and-time picker to the minute, holding `YYYY-MM-DDTHH:mm` ('' for none). */
export function DateTimeField({ value, onChange, style, ...rest }: FieldProps) {
  useCalendarLocale();
  return (
    <DatePicker
      {...rest}
      showTime={{ format: 'HH:mm' }}
      value={dayOf(value, dateTimeValueFormat)}
      onChange={(day) => onChange?.(day ? day.format(dateTimeValueFormat) : '')}
      format={dateTimeShownFormat}
      onKeyDown={keepEnterInPicker}
      style={{ ...fullWidth, ...style }}
    />
  );
}
