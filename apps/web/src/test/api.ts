import { vi } from 'vitest';
import type { Page } from '@platform/contract';
import { envelope, jsonResponse } from './helpers';

/** Fetch mocks of the API: calls as the server reads them, answers in envelopes. */

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | null;
  /** JSON bodies parsed, form bodies as their fields. */
  body: unknown;
}

function callOf(url: string, init: RequestInit = {}): ApiCall {
  const parsed = new URL(url, 'http://localhost');
  const headers = (init.headers ?? {}) as Record<string, string>;
  const contentType = headers['Content-Type'] ?? null;
  const raw = init.body ? String(init.body) : undefined;
  return {
    method: init.method ?? 'GET',
    path: parsed.pathname,
    query: parsed.searchParams,
    contentType,
    body:
      raw === undefined
        ? undefined
        : contentType?.includes('urlencoded')
          ? Object.fromEntries(new URLSearchParams(raw))
          : JSON.parse(raw),
  };
}

/**
 * Stubs fetch: every call is answered by `answer` (data in a success envelope, or a Response as
 * it is). Answers the fetch mock.
 */
export function stubApi(answer: (call: ApiCall) => unknown) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const value: unknown = await answer(callOf(url, init));
    return value instanceof Response ? value : jsonResponse(envelope(value ?? null));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function page<T>(records: T[], total = records.length, pageNum = 1, pageSize = 10): Page<T> {
  return { records, total, pageNum, pageSize };
}

/** Answers a page request with `records` as the page it asks for, of `total` rows. */
export function pageAnswer<T>(records: T[], total: number): (call: ApiCall) => Page<T> {
  return (call) => page(records, total, Number(call.query.get('pageNum')));
}
