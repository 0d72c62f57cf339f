import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type FileEntry, labsApi } from '@platform/contract';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { type FakeRoute, fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { setToken } from '../../shared/session';
import { EnvWorkspace } from './EnvWorkspace';
import { centerDetail, container, polyfillForAntd, renderScreen, runningState } from './testing';

setupTestEnvironment();
polyfillForAntd();

const entry = (path: string, isDir = false, size = 10): FileEntry => ({
  name: path.split('/').pop() ?? path,
  path,
  isDir,
  size,
  modifiedAt: '2026-01-01T00:00:00.000Z',
});

const listing: Record<string, FileEntry[]> = {
  '': [entry('src', true), entry('notes.txt')],
  src: [entry('src/main.py', false, 2048)],
};

function serveWorkspace(...fakes: FakeRoute[]) {
  const missing = () => refusal(404, { message: '不存在' });
  return fakeApi(
    ...fakes,
    fakeRoute(labsApi.centerDetail, (call) =>
      call.params.id === '1' ? centerDetail({ containerIds: ['501'] }) : missing(),
    ),
    fakeRoute(labsApi.checkState, (call) =>
      call.params.id === '501' ? runningState('501') : missing(),
    ),
    fakeRoute(labsApi.detail, (call) => (call.params.id === '501' ? container() : missing())),
    fakeRoute(labsApi.restartLimit, { limit: 0, used: 0, remaining: null }),
    fakeRoute(labsApi.listFiles, (call) => listing[call.query.get('path') ?? ''] ?? missing()),
  );
}

const url = '/sch_edu/environment/workspace?id=1';

describe('workspace', { timeout: 20_000 }, () => {
  it('lists the lab home and walks into folders and back', async () => {
    const api = serveWorkspace();
    renderScreen(<EnvWorkspace />, url);
    expect(await screen.findByText('notes.txt')).toBeTruthy();
    const first = api.calls(labsApi.listFiles)[0];
    expect(first?.query.get('containerId')).toBe('501');
    expect(first?.query.get('path')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'src/' }));
    expect(await screen.findByText('main.py')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(api.calls(labsApi.listFiles).at(-1)?.query.get('path')).toBe('src');

    fireEvent.click(screen.getByRole('button', { name: '主目录' }));
    expect(await screen.findByText('notes.txt')).toBeTruthy();
  });

  it('refuses a file over the upload limit before sending anything', async () => {
    serveWorkspace();
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    renderScreen(<EnvWorkspace />, url);
    await screen.findByText('notes.txt');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(toastTexts()).toEqual(['文件过大，最大 50 MB']));
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByText('big.bin')).toBeNull();
  });

  it('uploads a file into the folder shown, with the token', async () => {
    setToken('tok');
    serveWorkspace();
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
    const header = vi
      .spyOn(XMLHttpRequest.prototype, 'setRequestHeader')
      .mockImplementation(() => {});
    let sentBody: unknown;
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation((body) => {
      sentBody = body;
    });
    renderScreen(<EnvWorkspace />, url);
    fireEvent.click(await screen.findByRole('button', { name: 'src/' }));
    await screen.findByText('main.py');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['print(1)'], 'a.py')] } });
    await waitFor(() => expect(sentBody).toBeInstanceOf(FormData));
    expect(open.mock.calls[0]?.slice(0, 2)).toEqual(['post', labsApi.uploadFile.path]);
    expect(header).toHaveBeenCalledWith('Authorization', 'Bearer tok');
    const form = sentBody as FormData;
    expect(form.get('containerId')).toBe('501');
    expect(form.get('path')).toBe('src');
    expect((form.get('file') as File).name).toBe('a.py');
  });

  it('downloads with a progress bar and saves the file', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const api = serveWorkspace(
      fakeRoute(
        labsApi.downloadFile,
        new Response(stream, {
          headers: {
            'content-type': 'text/plain',
            'content-length': '10',
            'content-disposition': 'attachment; filename="notes.txt"',
          },
        }),
      ),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:notes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderScreen(<EnvWorkspace />, url);
    fireEvent.click(await screen.findByRole('button', { name: '下载 notes.txt' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    controller.enqueue(new Uint8Array(5));
    await waitFor(() =>
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'),
    );
    controller.enqueue(new Uint8Array(5));
    controller.close();
    await waitFor(() => expect(clicked).toEqual(['notes.txt']));
    expect(createObjectURL.mock.calls[0]?.[0].size).toBe(10);
    expect(api.calls(labsApi.downloadFile)[0]?.query.get('path')).toBe('notes.txt');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
