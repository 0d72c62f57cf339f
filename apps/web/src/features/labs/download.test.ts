import { describe, expect, it, vi } from 'vitest';
import { envelope, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { RequestError, download } from '../../shared/request';
import { setToken } from '../../shared/session';

setupTestEnvironment();

/** A body the test feeds chunk by chunk. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    stream,
    push: (n: number) => controller.enqueue(new Uint8Array(n)),
    end: () => controller.close(),
  };
}

describe('download (the streamed helper of the request layer)', () => {
  it('sends the token and language, reports progress against Content-Length and names the file', async () => {
    setToken('tok');
    const body = controlledBody();
    const fetchMock = vi.fn(
      async () =>
        new Response(body.stream, {
          status: 200,
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': '10',
            'content-disposition':
              'attachment; filename="x.bin"; filename*=UTF-8\'\'%E6%95%B0%E6%8D%AE.csv',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: [number, number | null][] = [];
    const pending = download('/files', {
      query: { containerId: '5', path: 'a/b.csv' },
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    await vi.waitFor(() => expect(progress).toEqual([[0, 10]]));
    body.push(4);
    await vi.waitFor(() => expect(progress.at(-1)).toEqual([4, 10]));
    body.push(6);
    body.end();
    const { blob, fileName } = await pending;
    expect(progress.at(-1)).toEqual([10, 10]);
    expect(blob.size).toBe(10);
    expect(blob.type).toBe('application/octet-stream');
    expect(fileName).toBe('数据.csv');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/files?containerId=5&path=a%2Fb.csv');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('zh');
  });

  it('has no timeout: a slow download is not aborted after 20 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | null | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signal = init.signal;
        return new Promise<Response>(() => {});
      }),
    );
    void download('/slow');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(signal?.aborted ?? false).toBe(false);
    expect(toastTexts()).toEqual([]);
  });

  it('rejects with the envelope message when the server answers an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify(envelope(null, 9000, { errorKey: 'labs.file_not_found', message: 'x' })),
            {
              status: 404,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    const error = await download('/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).code).toBe(9000);
    expect(toastTexts()).toEqual(['文件不存在']);
  });

  it('shows the network error when the connection fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await download('/x').catch((e: unknown) => e);
    expect((error as RequestError).kind).toBe('network');
    expect(toastTexts()).toEqual(['网络异常，请检查网络连接']);
  });
});
