/** Instants shown in the browser's time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of an instant, as a `DateField` holds it (YYYY-MM-DD). */
export function dateOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** An instant as local date and time to the minute (`YYYY-MM-DD HH:mm`). */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${dateOf(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * An instant as the one date-and-time form of every page, in both languages (local
 * `YYYY-MM-DD HH:mm`); none is '—'.
 */
export function formatTime(iso: string | null | undefined): string {
  return iso ? formatInstant(iso) : '—';
}

/** The local date and time of an instant as a `DateTimeField` holds it (`YYYY-MM-DDTHH:mm`). */
export function dateTimeInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${dateOf(iso)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The instant a `DateTimeField`'s value stands for, in ISO form; none when empty, and the
 * text itself when it is not a date (so a schema refuses it).
 */
export function instantOfInput(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
