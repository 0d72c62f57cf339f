import {
  ResponseCode,
  formatMessage,
  isMessageKey,
  limits,
  messages,
  type Envelope,
  type MessageKey,
} from '@platform/contract';
import { createParser } from 'eventsource-parser';
import { apiLanguage } from './i18n';
import { clearSession, getToken } from './session';
import { loginPath, navigateTo } from './navigation';
import { showErrorToast } from './toast';

/**
 * The one request layer (spec §8): bearer token, Accept-Language, 20 s timeout, JSON or form
 * bodies, envelope handling and error toasts. Every api.ts goes through `request`, `download`,
 * `upload` or `follow`.
 */

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** An application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sends the stored token as a bearer token (default true; an explicit Authorization wins). */
  auth?: boolean;
  /** `blob` returns the body as a Blob when the answer is not JSON (downloads). */
  responseType?: 'json' | 'blob';
  /**
   * Background calls whose failure is only logged (login log, site config): no toast at all.
   * A 401 still signs the user out.
   */
  quiet?: boolean;
  /** Lets the request outlive the page (a last save when the page is being left). */
  keepalive?: boolean;
}

export type RequestErrorKind =
  | 'business' // envelope code 9000 / 9999 / other non-200 codes
  | 'unauthorized' // 401
  | 'busy' // 601: try again later
  | 'silent' // -999999
  | 'http' // an HTTP error without an envelope
  | 'network'
  | 'timeout';

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  /** The envelope code, or the HTTP status when there was no envelope, or 0. */
  readonly code: number;
  readonly status: number;
  readonly errorKey: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;

  constructor(
    kind: RequestErrorKind,
    message: string,
    init: {
      code?: number;
      status?: number;
      errorKey?: string | undefined;
      fields?: Record<string, string> | undefined;
      requestId?: string | undefined;
    } = {},
  ) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.code = init.code ?? 0;
    this.status = init.status ?? 0;
    this.errorKey = init.errorKey;
    this.fields = init.fields;
    this.requestId = init.requestId;
  }
}

/** Code 601: the server is busy (for example at its lab limit); the caller may retry. */
export class BusyError extends RequestError {
  constructor(message: string, init: ConstructorParameters<typeof RequestError>[2] = {}) {
    super('busy', message, init);
    this.name = 'BusyError';
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

const IGNORE_500 = 'ignore-500';

function text(key: MessageKey): string {
  return formatMessage(key, apiLanguage());
}

/** The user-facing text of an error envelope: by errorKey when we know it, else the message. */
export function envelopeMessage(envelope: Pick<Envelope<unknown>, 'errorKey' | 'message'>): string {
  const key = envelope.errorKey;
  if (key && isMessageKey(key)) {
    const template: string = messages[key][apiLanguage()];
    // Templates with parameters ({{seconds}}) come filled in, in our language, from the server.
    if (!template.includes('{{')) return template;
  }
  return envelope.message || text('common.unknown_error');
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number'
  );
}

let unauthorizedTimer: ReturnType<typeof setTimeout> | null = null;

function handleUnauthorized(): void {
  const from = `${window.location.pathname}${window.location.search}`;
  clearSession();
  const href = window.location.href;
  if (href.includes('experiment') || href.includes('serviceinquiry')) return;
  showErrorToast(text('auth.unauthorized'));
  if (unauthorizedTimer) return;
  unauthorizedTimer = setTimeout(() => {
    unauthorizedTimer = null;
    navigateTo(loginPath(from.includes('/sch_') ? from : undefined), { replace: true });
  }, limits.unauthorizedRedirectDelayMs);
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function looksLikeHtml(body: string): boolean {
  return /^\s*</.test(body);
}

async function readBody(
  response: Response,
  responseType: 'json' | 'blob',
): Promise<{ json: unknown; text: string | null; blob: Blob | null }> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const raw = await response.text();
    try {
      return { json: raw ? JSON.parse(raw) : null, text: raw, blob: null };
    } catch {
      return { json: undefined, text: raw, blob: null };
    }
  }
  if (responseType === 'blob') {
    const blob = await response.blob();
    if (response.ok) return { json: undefined, text: null, blob };
    // An error answered to a download: the message is inside the blob.
    const raw = await blob.text();
    try {
      return { json: JSON.parse(raw), text: raw, blob: null };
    } catch {
      return { json: undefined, text: raw, blob: null };
    }
  }
  return { json: undefined, text: await response.text(), blob: null };
}

/** Handles an envelope: code 200 gives its data, anything else rejects (with a toast or not). */
function settleEnvelope<T>(
  envelope: Envelope<unknown>,
  status: number,
  ignore500: boolean,
  quiet: boolean,
): T {
  const init = {
    code: envelope.code,
    status,
    errorKey: envelope.errorKey,
    fields: envelope.fields,
    requestId: envelope.requestId,
  };
  switch (envelope.code) {
    case ResponseCode.OK:
      return envelope.data as T;
    case ResponseCode.INVALID:
    case ResponseCode.FAILED: {
      const message = envelopeMessage(envelope);
      if (!quiet) showErrorToast(message);
      throw new RequestError('business', message, init);
    }
    case ResponseCode.SILENT:
      throw new RequestError('silent', envelope.message, init);
    case ResponseCode.UNAUTHORIZED:
      handleUnauthorized();
      throw new RequestError('unauthorized', text('auth.unauthorized'), init);
    case ResponseCode.BUSY:
      throw new BusyError(envelopeMessage(envelope), init);
    default: {
      const message = envelopeMessage(envelope);
      if (!ignore500 && !quiet) showErrorToast(message);
      throw new RequestError('business', message, init);
    }
  }
}

function failHttp(
  status: number,
  statusText: string,
  body: string | null,
  noToast: boolean,
): never {
  if (status === 401) {
    handleUnauthorized();
    throw new RequestError('unauthorized', text('auth.unauthorized'), { code: 401, status });
  }
  let message: string;
  if (status === 500) message = text('common.server_error');
  else if (status === 403) message = text('common.forbidden');
  else if (status === 413) message = text('common.payload_too_large');
  else {
    const trimmed = body?.trim() ?? '';
    message =
      trimmed && !looksLikeHtml(trimmed)
        ? trimmed.slice(0, 300)
        : statusText || text('common.unknown_error');
  }
  if (!noToast) showErrorToast(message);
  throw new RequestError('http', message, { code: status, status });
}

function networkError(noToast: boolean): RequestError {
  const message = text('common.network_error');
  if (!noToast) showErrorToast(message);
  return new RequestError('network', message);
}

/** Accept, Accept-Language, the caller's headers and the stored token as a bearer token. */
function requestHeaders(
  accept: string,
  options: Pick<RequestOptions, 'headers' | 'auth'> = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': apiLanguage(),
    ...options.headers,
  };
  const token = options.auth === false ? null : getToken();
  if (token && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) {
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = requestHeaders('application/json', options);
  const ignore500 = Object.keys(headers).some((h) => h.toLowerCase() === IGNORE_500);
  const quiet = options.quiet ?? false;
  const noToast = ignore500 || quiet;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? limits.requestTimeoutMs);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }

  try {
    let response: Response;
    let read: Awaited<ReturnType<typeof readBody>>;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      read = await readBody(response, options.responseType ?? 'json');
    } catch (error) {
      if (timedOut) {
        const message = text('common.timeout');
        if (!noToast) showErrorToast(message);
        throw new RequestError('timeout', message);
      }
      if (outer?.aborted) throw error;
      throw networkError(noToast);
    }

    if (isEnvelope(read.json))
      return settleEnvelope<T>(read.json, response.status, ignore500, quiet);
    if (!response.ok) failHttp(response.status, response.statusText, read.text, noToast);
    if (read.blob) return read.blob as T;
    return (read.json !== undefined ? read.json : read.text) as T;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

export interface DownloadOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Called as the body arrives; `total` comes from Content-Length (null when absent). */
  onProgress?: (loaded: number, total: number | null) => void;
}

export interface Downloaded {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  fileName: string | null;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * A download (spec §7): a blob with no timeout and with progress. Same headers and error handling
 * as `request`; the body is read chunk by chunk.
 */
export async function download(path: string, options: DownloadOptions = {}): Promise<Downloaded> {
  try {
    const response = await fetch(buildUrl(path, options.query), {
      headers: requestHeaders('*/*'),
      signal: options.signal,
      credentials: 'same-origin',
    });
    const type = response.headers.get('content-type') ?? '';
    const disposition = response.headers.get('content-disposition');
    if (!response.ok || (!disposition && type.includes('json'))) {
      const raw = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      if (isEnvelope(json) && json.code !== ResponseCode.OK)
        settleEnvelope(json, response.status, false, false);
      if (!response.ok) failHttp(response.status, response.statusText, raw, false);
      options.onProgress?.(raw.length, raw.length);
      return { blob: new Blob([raw], { type }), fileName: fileNameOf(disposition) };
    }
    const total = Number(response.headers.get('content-length')) || null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    options.onProgress?.(0, total);
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      chunks.push(part.value);
      loaded += part.value.byteLength;
      options.onProgress?.(loaded, total);
    }
    return { blob: new Blob(chunks, { type }), fileName: fileNameOf(disposition) };
  } catch (error) {
    if (error instanceof RequestError || options.signal?.aborted) throw error;
    throw networkError(false);
  }
}

export interface UploadOptions {
  /** Sent as the form field `file`, after `fields`. */
  file: Blob;
  fields?: Record<string, string>;
  /** Called as the body is sent, with the whole percent sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** As for `request`: no toast at all; a 401 still signs the user out. */
  quiet?: boolean;
  /** POST unless told; antd's Upload hands over its own, in lower case. */
  method?: 'POST' | 'PUT' | 'PATCH' | 'post' | 'put' | 'patch';
}

/** The data of an upload's answer, or the same rejection `request` gives. */
function uploadAnswer<T>(xhr: XMLHttpRequest, quiet: boolean): T {
  let json: unknown;
  try {
    json = JSON.parse(xhr.responseText);
  } catch {
    json = undefined;
  }
  if (isEnvelope(json)) return settleEnvelope<T>(json, xhr.status, false, quiet);
  if (xhr.status < 200 || xhr.status >= 300)
    failHttp(xhr.status, xhr.statusText, xhr.responseText, quiet);
  return (json !== undefined ? json : xhr.responseText) as T;
}

/**
 * A multipart upload with progress, which fetch cannot report: no timeout, and the same headers,
 * envelope handling, 401 sign-out and toasts as `request`.
 */
export function upload<T>(path: string, options: UploadOptions): Promise<T> {
  const quiet = options.quiet ?? false;
  const { signal } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('aborted', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(options.method ?? 'POST', path);
    for (const [name, value] of Object.entries(requestHeaders('application/json'))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        options.onProgress?.(Math.floor((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      done();
      try {
        resolve(uploadAnswer<T>(xhr, quiet));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => {
      done();
      reject(networkError(quiet));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', options.file);
    xhr.send(form);
  });
}

/** Test helper: forgets a pending 401 redirect. */
export function resetRequestState(): void {
  if (unauthorizedTimer) clearTimeout(unauthorizedTimer);
  unauthorizedTimer = null;
}

export interface FollowOptions {
  query?: Record<string, QueryValue>;
  /** Called with the data of each event of this name, parsed as JSON. */
  event: string;
  onEvent: (data: unknown) => void;
  /** Waits before connecting again after the stream ends or fails: doubles up to the last. */
  retryMs?: readonly [first: number, last: number];
}

/**
 * Follows a stream of server-sent events with the stored token (EventSource cannot send it),
 * connecting again after a break, until the returned function is called. A refusal ends it
 * quietly: what follows a stream keeps a slower way (polling) of its own.
 */
export function follow(path: string, options: FollowOptions): () => void {
  const controller = new AbortController();
  const [first, last] = options.retryMs ?? [1_000, 10_000];
  let wait = first;
  const connect = async (): Promise<boolean> => {
    const response = await fetch(buildUrl(path, options.query), {
      headers: requestHeaders('text/event-stream'),
      signal: controller.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (!response.ok || !response.headers.get('content-type')?.includes('text/event-stream')) {
      if (response.status === 401) handleUnauthorized();
      return false;
    }
    wait = first;
    const parser = createParser({
      onEvent: (message) => {
        if (message.event !== options.event) return;
        try {
          options.onEvent(JSON.parse(message.data));
        } catch {
          // not JSON: not an event of this stream
        }
      },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read())
      parser.feed(part.value);
    return true;
  };
  void (async () => {
    while (!controller.signal.aborted) {
      const again = await connect().catch(() => !controller.signal.aborted);
      if (!again || controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, last);
    }
  })();
  return () => controller.abort();
}
