/**
 * What an error may put in the log: its class, its code (the SQLSTATE of a database error), the
 * schema objects it names, a short message with quoted values masked, and a few stack frames.
 * Never SQL text, query parameters, request bodies or row values: a client must not be able to
 * write them to the log, or fill it.
 */

const messageMax = 160;
const framesMax = 6;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
}

const isErrorLike = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null;
const short = (v: unknown, max = 64) => (typeof v === 'string' ? v.slice(0, max) : undefined);

/** A message without the values it quotes, on one line, capped. */
export function maskMessage(message: string): string {
  return message
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '"…"')
    .replace(/\b\d{4,}\b/g, '#')
    .split('')
    .map((ch) =>
      ch < ' ' || (ch >= '\u007f' && ch <= '\u009f') || ch === '\u2028' || ch === '\u2029'
        ? ' '
        : ch,
    )
    .join('')
    .replace(/ {2,}/g, ' ')
    .slice(0, messageMax);
}

/**
 * The database error behind a query failure: drizzle wraps the driver's error (with the SQL and
 * its parameters in its message) in `cause`.
 */
function databaseErrorOf(err: ErrorLike): ErrorLike | null {
  const cause = isErrorLike(err.cause) ? err.cause : null;
  if (typeof err.query === 'string') return cause ?? {};
  if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err;
  return null;
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  code?: string;
  message: string;
  table?: string;
  column?: string;
  constraint?: string;
  stack: string;
}

/** The pino serializer for `err`: the summary above, whatever the error holds. */
export function errorSummary(value: unknown): LoggedError {
  if (!isErrorLike(value))
    return { type: typeof value, message: maskMessage(String(value)), stack: '' };
  const db = databaseErrorOf(value);
  const frames =
    typeof value.stack === 'string'
      ? value.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, framesMax)
          .map((line) => line.trim().slice(0, 200))
          .join('\n')
      : '';
  const source = db ?? value;
  const summary: LoggedError = {
    type: short((value as Error).constructor?.name) ?? short(value.name) ?? 'Error',
    message:
      db && typeof value.query === 'string'
        ? maskMessage(typeof db.message === 'string' ? db.message : 'query failed')
        : maskMessage(typeof value.message === 'string' ? value.message : ''),
    stack: frames,
  };
  const code = short(source.code, 40);
  if (code) summary.code = code;
  for (const key of ['table', 'column', 'constraint'] as const) {
    const v = short(source[key]);
    if (v) summary[key] = v;
  }
  return summary;
}

/**
 * At most `perKey` logs of one kind of failure (route, class, code) per window, and `total` of all
 * kinds; what is held back is counted and reported with the next log of that kind.
 */
export class LogBudget {
  private windowStart = 0;
  private total = 0;
  private readonly counts = new Map<string, { logged: number; held: number }>();

  constructor(
    private readonly opts: { perKey: number; total: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether to log now; with the number held back since the last log of this kind. */
  take(key: string): { log: boolean; held: number } {
    const at = this.now();
    if (at - this.windowStart >= this.opts.windowMs) {
      this.windowStart = at;
      this.total = 0;
      for (const [k, c] of this.counts) {
        if (c.held === 0) this.counts.delete(k);
        else c.logged = 0;
      }
    }
    const c = this.counts.get(key) ?? { logged: 0, held: 0 };
    this.counts.set(key, c);
    if (c.logged >= this.opts.perKey || this.total >= this.opts.total) {
      c.held += 1;
      return { log: false, held: c.held };
    }
    const held = c.held;
    c.logged += 1;
    c.held = 0;
    this.total += 1;
    return { log: true, held };
  }
}
