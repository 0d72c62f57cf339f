/** Instants shown in the browser's time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of an instant, as a date input holds it (YYYY-MM-DD). */
export function dateOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** An instant as local date and time to the minute. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${dateOf(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An instant as date and time to the second in the words of `language`; none is '—'. */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language, { hour12: false });
}
