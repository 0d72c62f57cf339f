import { trialLimits, type MessageKey } from '@platform/contract';
import { AppError, conflict } from '../../lib/errors';
import { APPLYING, type ApplicationRow, type RecentSends, type SendWindow } from './trials.repo';

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

/** A refusal to send a code, with when to ask again (HTTP 429 and Retry-After). */
function refusal(key: MessageKey, waitMs: number, params?: Record<string, number>): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(key, {
    status: 429,
    headers: { 'retry-after': String(seconds) },
    ...(params ? { params } : {}),
  });
}

/** Once a window holds `cap` sends, the time until its first send leaves it. */
const fullFor = (window: SendWindow, cap: number, windowMs: number, now: Date) =>
  window.count >= cap && window.oldest ? window.oldest.getTime() + windowMs - now.getTime() : 0;

/**
 * Whether a phone may be sent a code now, for a request from this network (decision 0026): one
 * code a minute, 5 an hour and 10 a day per phone, 20 an hour per network. Answers the refusal,
 * or null.
 */
export function sendRefusal(sends: RecentSends, now: Date): AppError | null {
  const resendMs = trialLimits.resendSeconds * 1000;
  if (sends.phoneLast) {
    const waitMs = sends.phoneLast.getTime() + resendMs - now.getTime();
    if (waitMs > 0)
      return refusal('trials.code_too_soon', waitMs, { seconds: Math.ceil(waitMs / 1000) });
  }
  const phoneWait = Math.max(
    fullFor(sends.phoneHour, trialLimits.phonePerHour, hourMs, now),
    fullFor(sends.phoneDay, trialLimits.phonePerDay, dayMs, now),
  );
  if (phoneWait > 0) return refusal('trials.code_phone_limit', phoneWait);
  const networkWait = fullFor(sends.networkHour, trialLimits.networkPerHour, hourMs, now);
  if (networkWait > 0) return refusal('trials.code_network_limit', networkWait);
  return null;
}

/** Which platform-wide cap is full, and the refusal, or null (decision 0044). */
export function platformRefusal(
  sends: { minute: SendWindow; day: SendWindow },
  caps: { perMinute: number; perDay: number },
  now: Date,
): { cap: 'minute' | 'day'; max: number; refusal: AppError } | null {
  const dayWait = fullFor(sends.day, caps.perDay, dayMs, now);
  if (dayWait > 0)
    return {
      cap: 'day',
      max: caps.perDay,
      refusal: refusal('trials.code_platform_limit', dayWait),
    };
  const minuteWait = fullFor(sends.minute, caps.perMinute, minuteMs, now);
  if (minuteWait > 0)
    return {
      cap: 'minute',
      max: caps.perMinute,
      refusal: refusal('trials.code_platform_limit', minuteWait),
    };
  return null;
}

/** An application gets its message once: a processed one is refused. */
export function requireWaiting(row: ApplicationRow): void {
  if (row.status !== APPLYING) throw conflict('trials.already_processed');
}
