import type { UploadProps } from 'antd';
import type { AnyRoute, RouteOutput } from '@platform/contract';
import type { FieldsOf } from '../call';
import { upload, type UploadOptions } from '../request';

type Send<T> = (
  options: Pick<UploadOptions, 'file' | 'method' | 'signal' | 'onProgress'>,
) => Promise<T>;

/**
 * antd Upload's `customRequest` over `send`, which goes through the request layer, so the token,
 * envelopes, toasts and the 401 sign-out are those of every request. A file's `response` is the
 * answer's data, a failed file's `error` the request layer's error.
 */
function customRequest<T>(send: Send<T>): NonNullable<UploadProps<T>['customRequest']> {
  return ({ file, method, onProgress, onSuccess, onError }) => {
    const controller = new AbortController();
    send({
      file: file instanceof Blob ? file : new Blob([file]),
      method,
      signal: controller.signal,
      onProgress: (percent) => onProgress?.({ percent }),
    }).then(
      (data) => onSuccess?.(data),
      (error: Error) => {
        if (!controller.signal.aborted) onError?.(error);
      },
    );
    return { abort: () => controller.abort() };
  };
}

/**
 * antd Upload's `customRequest` for an upload route of the contract, with its form `fields`.
 * antd's Upload hands over its own method, POST unless told, hence only POST routes.
 */
export function uploadRouteRequest<D extends AnyRoute & { readonly method: 'POST' }>(
  route: D,
  fields?: FieldsOf<D>,
): NonNullable<UploadProps<RouteOutput<D>>['customRequest']> {
  return customRequest((options) =>
    upload<RouteOutput<D>>(route.path, { ...options, ...(fields ? { fields } : {}) }),
  );
}
