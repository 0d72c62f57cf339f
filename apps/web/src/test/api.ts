import { vi } from 'vitest';
import { menusApi, pathOf, type Page } from '@platform/contract';
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

/** Where the signed-in area asks for the user's button permissions. */
export const permissionsPath = pathOf(menusApi.permissions.path, { appid: 'platform-web' });

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

/** Stubs fetch as `stubApi` does and records every call. */
export function mockApi(handler: (call: ApiCall) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  stubApi((call) => {
    calls.push(call);
    return handler(call);
  });
  return calls;
}

/** A value to send as data, a Response, or a function of the sent call. */
type Answer = unknown;

/**
 * A fetch mock answering by "METHOD path" with an envelope of the given data (or a Response, or
 * a function of the call). Unknown requests get code 9999.
 */
export function serve(routes: Record<string, Answer>) {
  const sent: ApiCall[] = [];
  const fetchMock = stubApi(async (call) => {
    sent.push(call);
    const key = `${call.method} ${call.path}`;
    if (!(key in routes)) return jsonResponse(envelope(null, 9999, { message: `no ${key}` }));
    const answer = routes[key];
    const settled: unknown = await (typeof answer === 'function'
      ? (answer as (call: ApiCall) => unknown)(call)
      : answer);
    return settled instanceof Response ? settled : jsonResponse(envelope(settled));
  });
  return {
    fetchMock,
    sent,
    calls: (key: string) => sent.filter((s) => `${s.method} ${s.path}` === key),
  };
}

export function page<T>(records: T[], total = records.length, pageNum = 1, pageSize = 10): Page<T> {
  return { records, total, pageNum, pageSize };
}

/** Answers a page request with `records` as the page it asks for, of `total` rows. */
export function pageAnswer<T>(records: T[], total: number): (call: ApiCall) => Page<T> {
  return (call) => page(records, total, Number(call.query.get('pageNum')));
}

/**
 * Stubs fetch as `mockApi` does, with answers by path (data, or a function of the call) and
 * `answer` for every other call.
 */
export function mockPaths(
  paths: Record<string, unknown>,
  answer: (call: ApiCall) => unknown = () => null,
): ApiCall[] {
  return mockApi((call) => {
    if (!(call.path in paths)) return answer(call);
    const fixed = paths[call.path];
    return typeof fixed === 'function' ? (fixed as (call: ApiCall) => unknown)(call) : fixed;
  });
}

/** `mockPaths` for a screen, with the user's button permissions. */
export function mockScreenApi(
  permissions: string[],
  paths: Record<string, unknown>,
  answer?: (call: ApiCall) => unknown,
): ApiCall[] {
  return mockPaths({ [permissionsPath]: permissions, ...paths }, answer);
}

/** The calls to `path`, in order. */
export function callsTo(calls: ApiCall[], path: string): ApiCall[] {
  return calls.filter((c) => c.path === path);
}

/** The queries of the calls to `path`, in order, as objects. */
export function queriesTo(calls: ApiCall[], path: string): Record<string, string>[] {
  return callsTo(calls, path).map((c) => Object.fromEntries(c.query));
}

/** Answers the first call with `refused` and every later one with `then`. */
export function refusedOnce(refused: Response, then: unknown): () => unknown {
  let first = true;
  return () => {
    if (!first) return then;
    first = false;
    return refused;
  };
}
