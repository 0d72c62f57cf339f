import { pathOf, type AnyRoute, type RouteInput, type RouteOutput } from '@platform/contract';
import { request, type QueryValue, type RequestOptions } from './request';

export type CallOptions = Pick<RequestOptions, 'signal' | 'quiet' | 'headers' | 'timeoutMs'>;

type CallArgs<D extends AnyRoute> =
  object extends RouteInput<D>
    ? [input?: RouteInput<D>, options?: CallOptions]
    : [input: RouteInput<D>, options?: CallOptions];

/** Calls a route of the contract; what it takes and answers follows from its declaration. */
export function call<D extends AnyRoute>(route: D, ...[input, options]: CallArgs<D>) {
  const parts = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return request<RouteOutput<D>>(pathOf(route.path, parts.params), {
    method: route.method,
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body === undefined
      ? {}
      : route.form
        ? { form: parts.body as Record<string, string> }
        : { json: parts.body }),
    ...(route.response === 'file' ? { responseType: 'blob' as const } : {}),
    ...options,
  });
}
