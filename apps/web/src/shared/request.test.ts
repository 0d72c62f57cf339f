import { describe, expect, it, vi } from 'vitest';
import { pathOf, storageKeys, usersApi } from '@platform/contract';
import {
  envelope,
  jsonResponse,
  textResponse,
  toastTexts,
  setupTestEnvironment,
} from '../test/helpers';
import { stubXhr } from '../test/xhr';
import { BusyError, RequestError, request, upload } from './request';
import { getToken, setToken } from './session';
import { setNavigate } from './navigation';
import { changeLanguage } from './i18n';

setupTestEnvironment();

function mockFetch(...responses: (Response | (() => Response))[]) {
  const fetchMock = vi.fn(async () => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return typeof next === 'function' ? next() : next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof mockFetch>, call = 0) {
  const [url, init] = fetchMock.mock.calls[call] as unknown as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected a rejection');
}

describe('request layer: sending', () => {
  it('sends the bearer token and Accept-Language, and returns data on code 200', async () => {
    setToken('tok-1');
    const fetchMock = mockFetch(jsonResponse(envelope({ id: '7' })));
    const current = pathOf(usersApi.current.path);
    await expect(request(current)).resolves.toEqual({ id: '7' });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe(current);
    expect(init.method).toBe('GET');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('zh');
  });

  it('follows the UI language in Accept-Language', async () => {
    await changeLanguage('en-US');
    const fetchMock = mockFetch(jsonResponse(envelope(null)));
    await request('/x');
    expect(sent(fetchMock).headers['Accept-Language']).toBe('en');
  });

  it('sends no token when told not to, or when an Authorization header is given', async () => {
    setToken('tok-1');
    const fetchMock = mockFetch(jsonResponse(envelope(1)), jsonResponse(envelope(2)));
    await request('/public', { auth: false });
    await request('/token', { headers: { Authorization: 'Basic abc' } });
    expect(sent(fetchMock, 0).headers.Authorization).toBeUndefined();
    expect(sent(fetchMock, 1).headers.Authorization).toBe('Basic abc');
  });

  it('sends JSON and form bodies, and query parameters', async () => {
    const fetchMock = mockFetch(jsonResponse(envelope(null)), jsonResponse(envelope(null)));
    await request('/json', {
      method: 'PUT',
      json: { a: 1 },
      query: { q: 'x y', skip: undefined, n: 2 },
    });
    await request('/form', { form: { grant_type: 'password', username: 'a&b' } });
    const json = sent(fetchMock, 0);
    expect(json.url).toBe('/json?q=x+y&n=2');
    expect(json.init.method).toBe('PUT');
    expect(json.headers['Content-Type']).toBe('application/json');
    expect(json.init.body).toBe('{"a":1}');
    const form = sent(fetchMock, 1);
    expect(form.init.method).toBe('POST');
    expect(form.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(form.init.body).toBe('grant_type=password&username=a%26b');
  });
});

describe('request layer: envelope codes', () => {
  it('9000 shows the message (translated by errorKey) and rejects with the field errors', async () => {
    mockFetch(
      jsonResponse(
        envelope(null, 9000, {
          message: 'wrong',
          errorKey: 'auth.bad_credentials',
          fields: { password: 'wrong' },
        }),
        400,
      ),
    );
    const error = await rejection(request('/x'));
    expect(error.kind).toBe('business');
    expect(error.code).toBe(9000);
    expect(error.fields).toEqual({ password: 'wrong' });
    expect(error.message).toBe('用户名或密码错误');
    expect(toastTexts()).toEqual(['用户名或密码错误']);
  });

  it('9999 shows the server message when the errorKey is unknown', async () => {
    mockFetch(jsonResponse(envelope(null, 9999, { message: '服务繁忙', errorKey: 'x.unknown' })));
    const error = await rejection(request('/x'));
    expect(error.code).toBe(9999);
    expect(toastTexts()).toEqual(['服务繁忙']);
  });

  it('uses the filled-in server message for keys with parameters (throttled sign-in)', async () => {
    mockFetch(
      jsonResponse(
        envelope(null, 9000, {
          message: '登录失败次数过多，请 30 秒后再试',
          errorKey: 'auth.throttled',
        }),
        429,
      ),
    );
    await rejection(request('/x'));
    expect(toastTexts()).toEqual(['登录失败次数过多，请 30 秒后再试']);
  });

  it('-999999 rejects silently', async () => {
    mockFetch(jsonResponse(envelope(null, -999999, { message: 'ignore me' })));
    const error = await rejection(request('/x'));
    expect(error.kind).toBe('silent');
    expect(toastTexts()).toEqual([]);
  });

  it('601 rejects with a BusyError the caller can retry on, without a toast', async () => {
    mockFetch(jsonResponse(envelope(null, 601, { message: 'busy' })));
    const error = await rejection(request('/x'));
    expect(error).toBeInstanceOf(BusyError);
    expect(error.kind).toBe('busy');
    expect(toastTexts()).toEqual([]);
  });

  it('other codes show the message, or 未知错误！ without one', async () => {
    vi.useFakeTimers();
    mockFetch(
      jsonResponse(envelope(null, 1234, { message: '奇怪的错误' })),
      jsonResponse({ code: 4321, message: '' }),
    );
    await rejection(request('/x'));
    expect(toastTexts()).toEqual(['奇怪的错误']);
    vi.advanceTimersByTime(3000);
    const error = await rejection(request('/y'));
    expect(error.message).toBe('未知错误！');
    expect(toastTexts()).toEqual(['未知错误！']);
  });

  it('other codes stay silent when the request has the ignore-500 header', async () => {
    const fetchMock = mockFetch(jsonResponse(envelope(null, 500, { message: 'boom' }), 500));
    const error = await rejection(request('/x', { headers: { 'ignore-500': '1' } }));
    expect(error.code).toBe(500);
    expect(toastTexts()).toEqual([]);
    expect(sent(fetchMock).headers['ignore-500']).toBe('1');
  });
});

describe('request layer: 401', () => {
  it('clears the session, shows the login-invalid message and goes to sign-in after 2 s', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigate(navigate);
    window.history.replaceState(null, '', '/sch_edu/workbench?x=1');
    setToken('expired');
    window.sessionStorage.setItem(storageKeys.activeMenu, 'workbench');
    mockFetch(jsonResponse(envelope(null, 401, { message: 'no' }), 401));
    const error = await rejection(request('/x'));
    expect(error.kind).toBe('unauthorized');
    expect(getToken()).toBeNull();
    expect(document.cookie).not.toContain('cloud-token=expired');
    expect(window.sessionStorage.length).toBe(0);
    expect(toastTexts()).toEqual(['登录已失效，请重新登录']);
    vi.advanceTimersByTime(1999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(
      `/login?redirect=${encodeURIComponent('/sch_edu/workbench?x=1')}`,
      { replace: true },
    );
  });

  it('redirects once for several 401 answers', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigate(navigate);
    mockFetch(jsonResponse(envelope(null, 401), 401), jsonResponse(envelope(null, 401), 401));
    await rejection(request('/a'));
    await rejection(request('/b'));
    vi.advanceTimersByTime(5000);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it.each(['/sch_edu/experiment', '/serviceinquiry'])(
    'only clears the session on %s',
    async (path) => {
      vi.useFakeTimers();
      const navigate = vi.fn();
      setNavigate(navigate);
      window.history.replaceState(null, '', path);
      setToken('expired');
      mockFetch(jsonResponse(envelope(null, 401), 401));
      await rejection(request('/x'));
      expect(getToken()).toBeNull();
      vi.advanceTimersByTime(5000);
      expect(toastTexts()).toEqual([]);
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('treats an HTTP 401 without an envelope the same way', async () => {
    setToken('expired');
    mockFetch(textResponse('Unauthorized', 401));
    const error = await rejection(request('/x'));
    expect(error.kind).toBe('unauthorized');
    expect(getToken()).toBeNull();
  });
});

describe('request layer: HTTP errors without an envelope', () => {
  it('500 shows the server-error message', async () => {
    mockFetch(textResponse('<html>Internal</html>', 500, 'text/html'));
    const error = await rejection(request('/x'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(toastTexts()).toEqual(['服务器错误']);
  });

  it('403 shows an error', async () => {
    mockFetch(textResponse('', 403));
    await rejection(request('/x'));
    expect(toastTexts()).toEqual(['暂无权限']);
  });

  it('other statuses show their text', async () => {
    mockFetch(textResponse('Bad gateway: upstream down', 502));
    const error = await rejection(request('/x'));
    expect(error.message).toBe('Bad gateway: upstream down');
    expect(toastTexts()).toEqual(['Bad gateway: upstream down']);
  });

  it('reads the text of an error answered to a blob request', async () => {
    mockFetch(textResponse('file is gone', 410, 'application/octet-stream'));
    const error = await rejection(request('/download', { responseType: 'blob' }));
    expect(error.message).toBe('file is gone');
    expect(toastTexts()).toEqual(['file is gone']);
  });

  it('reads an envelope answered to a blob request', async () => {
    mockFetch(
      textResponse(
        JSON.stringify(envelope(null, 9000, { message: '文件不存在' })),
        404,
        'application/octet-stream',
      ),
    );
    const error = await rejection(request('/download', { responseType: 'blob' }));
    expect(error.code).toBe(9000);
    expect(toastTexts()).toEqual(['文件不存在']);
  });

  it('returns the blob of a successful download', async () => {
    mockFetch(new Response('abc', { status: 200, headers: { 'content-type': 'application/zip' } }));
    const blob = await request<Blob>('/download', { responseType: 'blob' });
    expect(await blob.text()).toBe('abc');
  });
});

describe('request layer: timeout, network and toasts', () => {
  it('aborts after 20 s and shows the timeout message', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            seenSignal = init.signal ?? undefined;
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = rejection(request('/slow'));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(seenSignal?.aborted).toBe(true);
    expect(toastTexts()).toEqual(['请求超时，请稍后再试']);
  });

  it('passes a caller abort through without a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const controller = new AbortController();
    const pending = request('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastTexts()).toEqual([]);
  });

  it('shows the network error when fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejection(request('/x'));
    expect(error.kind).toBe('network');
    expect(toastTexts()).toEqual(['网络异常，请检查网络连接']);
  });

  it('shows at most one error toast per 3 s, each lasting 3 s', async () => {
    vi.useFakeTimers();
    mockFetch(
      jsonResponse(envelope(null, 9000, { message: '第一' })),
      jsonResponse(envelope(null, 9000, { message: '第二' })),
      jsonResponse(envelope(null, 9000, { message: '第三' })),
    );
    await rejection(request('/1'));
    vi.advanceTimersByTime(2999);
    await rejection(request('/2'));
    expect(toastTexts()).toEqual(['第一']);
    vi.advanceTimersByTime(1);
    expect(toastTexts()).toEqual([]);
    await rejection(request('/3'));
    expect(toastTexts()).toEqual(['第三']);
  });

  it('quiet requests show nothing', async () => {
    mockFetch(jsonResponse(envelope(null, 9000, { message: 'x' })), textResponse('', 500));
    await rejection(request('/1', { quiet: true }));
    await rejection(request('/2', { quiet: true }));
    expect(toastTexts()).toEqual([]);
  });
});

describe('request layer: upload', () => {
  const file = new File(['data'], '学生.xlsx');

  it('sends the fields, then the file, with the token, and reports progress', async () => {
    setToken('tok-1');
    const sent = stubXhr();
    const progress: number[] = [];
    const pending = upload('/up', {
      file,
      fields: { containerId: '5', path: 'src' },
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/up']);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect(xhr.headers['Accept-Language']).toBe('zh');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['containerId', 'path', 'file']);
    expect((xhr.body?.get('file') as File).name).toBe('学生.xlsx');
    xhr.progress(0, 0);
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    expect(progress).toEqual([33, 100]);
    xhr.respond(200, envelope({ id: '7' }));
    await expect(pending).resolves.toEqual({ id: '7' });
  });

  it('signs out on 401 as request does, quiet or not', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigate(navigate);
    setToken('expired');
    const sent = stubXhr();
    const pending = upload('/up', { file, quiet: true });
    sent[0]!.respond(401, envelope(null, 401, { message: 'no' }));
    const error = await rejection(pending);
    expect(error.kind).toBe('unauthorized');
    expect(getToken()).toBeNull();
    expect(toastTexts()).toEqual(['登录已失效，请重新登录']);
    vi.advanceTimersByTime(2000);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('rejects an error envelope with a RequestError, with its toast unless quiet', async () => {
    vi.useFakeTimers();
    const sent = stubXhr();
    const refusal = envelope(null, 9000, {
      message: 'wrong',
      errorKey: 'imports.xls_binary',
      requestId: 'r-1',
    });
    const quiet = upload('/up', { file, quiet: true });
    sent[0]!.respond(400, refusal);
    const first = await rejection(quiet);
    expect(first.kind).toBe('business');
    expect([first.code, first.status, first.errorKey, first.requestId]).toEqual([
      9000,
      400,
      'imports.xls_binary',
      'r-1',
    ]);
    expect(toastTexts()).toEqual([]);

    const shown = upload('/up', { file });
    sent[1]!.respond(400, refusal);
    const second = await rejection(shown);
    expect(second.message).toBe(first.message);
    expect(toastTexts()).toEqual([second.message]);
  });

  it('rejects a busy answer with a BusyError', async () => {
    const sent = stubXhr();
    const pending = upload('/up', { file });
    sent[0]!.respond(200, envelope(null, 601, { message: 'busy' }));
    expect(await rejection(pending)).toBeInstanceOf(BusyError);
    expect(toastTexts()).toEqual([]);
  });

  it('words HTTP errors without an envelope and network failures as request does', async () => {
    vi.useFakeTimers();
    const sent = stubXhr();
    const tooLarge = upload('/up', { file });
    sent[0]!.respond(413, '<html>413 Request Entity Too Large</html>');
    const http = await rejection(tooLarge);
    expect([http.kind, http.status]).toEqual(['http', 413]);
    expect(toastTexts()).toEqual(['请求内容过大']);

    vi.advanceTimersByTime(3000);
    const offline = upload('/up', { file });
    sent[1]!.fail();
    expect((await rejection(offline)).kind).toBe('network');
    expect(toastTexts()).toEqual(['网络异常，请检查网络连接']);
  });

  it('passes a caller abort through without a toast', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    const pending = upload('/up', { file, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
    await expect(upload('/up', { file, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(sent).toHaveLength(1);
  });
});
