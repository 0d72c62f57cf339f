import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pathOf, type FileEntry, labsApi } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../test/helpers';
import { serve, type ApiCall } from '../../test/api';
import { setToken } from '../../shared/session';
import { EnvWorkspace } from './EnvWorkspace';
import { centerDetail, container, polyfillForAntd, renderScreen } from './testing';

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

function serveWorkspace(extra: Record<string, unknown> = {}) {
  return serve({
    [`GET ${pathOf(labsApi.centerDetail.path, { id: '1' })}`]: centerDetail({
      containerIds: ['501'],
    }),
    [`POST ${pathOf(labsApi.checkState.path, { id: '501' })}`]: {
      id: '501',
      state: 'Running',
      message: null,
    },
    [`GET ${pathOf(labsApi.detail.path, { id: '501' })}`]: container(),
    [`GET ${labsApi.restartLimit.path}`]: { limit: 0, used: 0, remaining: null },
    [`GET ${labsApi.listFiles.path}`]: (sent: ApiCall) => listing[sent.query.get('path') ?? ''],
    ...extra,
  });
}

const url = '/sch_edu/environment/workspace?id=1';

describe('workspace', { timeout: 20_000 }, () => {
  it('lists the lab home and walks into folders and back', async () => {
    const { calls } = serveWorkspace();
    renderScreen(<EnvWorkspace />, url);
    expect(await screen.findByText('notes.txt')).toBeTruthy();
    const first = calls(`GET ${labsApi.listFiles.path}`)[0];
    expect(first?.query.get('containerId')).toBe('501');
    expect(first?.query.get('path')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'src/' }));
    expect(await screen.findByText('main.py')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(calls(`GET ${labsApi.listFiles.path}`).at(-1)?.query.get('path')).toBe('src');

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
    const { calls } = serveWorkspace({
      [`GET ${labsApi.downloadFile.path}`]: new Response(stream, {
        headers: {
          'content-type': 'text/plain',
          'content-length': '10',
          'content-disposition': 'attachment; filename="notes.txt"',
        },
      }),
    });
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
    expect(calls(`GET ${labsApi.downloadFile.path}`)[0]?.query.get('path')).toBe('notes.txt');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
