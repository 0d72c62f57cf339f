import type { UploadProps } from 'antd';
import { upload } from '../request';

/**
 * antd Upload's `customRequest` for `path`: the file and `fields` go through the request layer's
 * `upload`, so the token, envelopes, toasts and the 401 sign-out are those of every request. A
 * file's `response` is the answer's data, a failed file's `error` the request layer's error.
 */
export function uploadRequest<T>(
  path: string,
  fields?: Record<string, string>,
): NonNullable<UploadProps<T>['customRequest']> {
  return ({ file, method, onProgress, onSuccess, onError }) => {
    const controller = new AbortController();
    upload<T>(path, {
      file: file instanceof Blob ? file : new Blob([file]),
      ...(fields ? { fields } : {}),
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
