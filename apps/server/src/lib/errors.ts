import { ResponseCode, type FieldErrorCode, type MessageKey } from '@platform/contract';

/** A failure the client is told about: envelope code, HTTP status, stable key and field errors. */
export class AppError extends Error {
  constructor(
    readonly errorKey: MessageKey,
    readonly opts: {
      code?: number;
      status?: number;
      fields?: Record<string, FieldErrorCode>;
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(errorKey);
    this.name = 'AppError';
  }
  get code() {
    return this.opts.code ?? ResponseCode.INVALID;
  }
  get status() {
    return this.opts.status ?? 400;
  }
}

export const unauthorized = (key: MessageKey = 'auth.unauthorized') =>
  new AppError(key, { code: ResponseCode.UNAUTHORIZED, status: 401 });
export const forbidden = () =>
  new AppError('common.forbidden', { code: ResponseCode.INVALID, status: 403 });
export const notFound = (key: MessageKey = 'common.not_found') =>
  new AppError(key, { code: ResponseCode.INVALID, status: 404 });
export const invalid = (key: MessageKey, fields?: Record<string, FieldErrorCode>) =>
  new AppError(key, { code: ResponseCode.INVALID, status: 400, ...(fields ? { fields } : {}) });

/** A refusal because of the state of other rows (HTTP 409, code 9000). */
export function conflict(key: MessageKey, fields?: Record<string, FieldErrorCode>): AppError {
  return new AppError(key, { status: 409, ...(fields ? { fields } : {}) });
}

/** Not found, with the form field that named the missing row. */
export function notFoundOn(key: MessageKey, field: string): AppError {
  return new AppError(key, { status: 404, fields: { [field]: 'invalid_value' } });
}
