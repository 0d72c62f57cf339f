import {
  pathOf,
  type AnyRoute,
  type DeclarationOf,
  type RouteInput,
  type RouteOutput,
  type RouteRef,
} from '@platform/contract';
import {
  download,
  request,
  upload,
  type DownloadOptions,
  type Downloaded,
  type QueryValue,
  type RequestOptions,
  type UploadOptions,
} from './request';

export type CallOptions = Pick<
  RequestOptions,
  'signal' | 'quiet' | 'headers' | 'timeoutMs' | 'auth' | 'keepalive'
>;

type Args<D extends AnyRoute, O> =
  object extends RouteInput<D>
    ? [input?: RouteInput<D>, options?: O]
    : [input: RouteInput<D>, options?: O];

type CallArgs<D extends AnyRoute> = Args<D, CallOptions>;

type Parts = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  fields?: Record<string, string>;
};

/**
 * Calls a route of the contract, by its declaration or by a reference typed by it (`routeRefs`);
 * what it takes and answers follows from the declaration.
 */
export function call<R extends AnyRoute | RouteRef>(
  route: R,
  ...[input, options]: CallArgs<DeclarationOf<R>>
) {
  const parts = (input ?? {}) as Parts;
  return request<RouteOutput<DeclarationOf<R>>>(pathOf(route.path, parts.params), {
    method: route.method,
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body === undefined
      ? {}
      : route.form
        ? { form: parts.body as Record<string, string> }
        : { json: parts.body }),
    ...('response' in route && route.response === 'file' ? { responseType: 'blob' as const } : {}),
    ...options,
  });
}

type FileRoute = (AnyRoute | RouteRef) & { readonly response: 'file' };

/** Downloads the file a route answers, with progress and no timeout (see `download`). */
export function downloadRoute<R extends FileRoute>(
  route: R,
  ...[input, options]: Args<DeclarationOf<R>, Omit<DownloadOptions, 'query'>>
): Promise<Downloaded> {
  const parts = (input ?? {}) as Parts;
  return download(pathOf(route.path, parts.params), {
    ...(parts.query ? { query: parts.query } : {}),
    ...options,
  });
}

export type FieldsOf<D extends AnyRoute> = RouteInput<D> extends { fields: infer F } ? F : never;

/**
 * Sends a file to an upload route, by its declaration or a reference to it, with progress (see
 * `upload`); the answer follows from it.
 */
export function uploadRoute<R extends AnyRoute | RouteRef>(
  route: R,
  options: Omit<UploadOptions, 'fields' | 'method'> & { fields?: FieldsOf<DeclarationOf<R>> },
): Promise<RouteOutput<DeclarationOf<R>>> {
  const { fields, ...rest } = options;
  return upload<RouteOutput<DeclarationOf<R>>>(route.path, {
    ...rest,
    ...(fields ? { fields } : {}),
    method: route.method as 'POST' | 'PUT',
  });
}
