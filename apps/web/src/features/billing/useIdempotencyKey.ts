import { useRef } from 'react';
import { newIdempotencyKey } from './format';

/**
 * The idempotency key of a dialog's submission: kept while the same body is sent again (a retry
 * after a failure or a lost answer, which the server answers as the first time), new once the
 * body changed.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ key: string; body: string } | null>(null);
  return (body) => {
    const json = JSON.stringify(body);
    if (last.current?.body !== json) last.current = { key: newIdempotencyKey(), body: json };
    return last.current.key;
  };
}
