import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { importsApi, type ImportJob } from '@platform/contract';
import { envelope, setupTestEnvironment } from '../../test/helpers';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { polyfillBrowser, renderWithProviders } from '../../test/render';
import { FakeXhr, stubXhr } from '../../test/xhr';
import { setToken } from '../../shared/session';
import { checkImportFile } from './api';
import { ExportStudentsButton } from './ExportStudentsButton';
import { StudentImportDialog } from './StudentImportDialog';

setupTestEnvironment();
polyfillBrowser();

/** File names handed to the browser: jsdom cannot follow the download link. */
function savedFiles(): string[] {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

function job(partial: Partial<ImportJob> = {}): ImportJob {
  return {
    id: '77',
    kind: 'students',
    fileName: 'a.xlsx',
    status: 'running',
    total: 0,
    processed: 0,
    succeeded: 0,
    failed: 0,
    errors: [],
    errorCount: 0,
    errorKey: null,
    errorMessage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    ...partial,
  };
}

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  expect(input.accept).toBe('.xls,.xlsx,.csv');
  fireEvent.change(input, { target: { files: [file] } });
}

function sized(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const progressOf = () =>
  Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow'));

/**
 * Answers job polls with the next of `answers` (the last one again once they run out), and the
 * job's error report.
 */
function serveJob(answers: ImportJob[]) {
  let polls = 0;
  return fakeApi(
    fakeRoute(importsApi.job, () => answers[Math.min(++polls, answers.length) - 1]!),
    fakeRoute(
      importsApi.jobErrors,
      () =>
        new Response(new Blob(['xlsx']), {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': "attachment; filename*=UTF-8''report.xlsx",
          },
        }),
    ),
  );
}

describe('checkImportFile', () => {
  it('takes .xls, .xlsx and .csv up to 5 MB, in any case', () => {
    expect(checkImportFile({ name: '学生.xlsx', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'A.XLS', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'a.txt', size: 10 })).toBe('onlyExcel');
    expect(checkImportFile({ name: 'xlsx', size: 10 })).toBe('onlyExcel');
    expect(checkImportFile({ name: 'a.xlsx.exe', size: 10 })).toBe('onlyExcel');
    expect(checkImportFile({ name: 'a.xlsx', size: 0 })).toBe('emptyFile');
    expect(checkImportFile({ name: 'a.xlsx', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });
});

describe('student import dialog', { timeout: 20_000 }, () => {
  it('refuses a file that is not Excel or too large before sending anything', async () => {
    stubXhr();
    renderWithProviders(<StudentImportDialog open onClose={() => {}} />);
    choose(new File(['x'], 'notes.txt'));
    expect(await screen.findByText('仅支持 Excel 文件')).toBeTruthy();
    choose(sized('big.xlsx', 6 * 1024 * 1024));
    expect(await screen.findByText('文件过大，最大 5 MB')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the upload, then the job’s progress, then a summary with the failed rows', async () => {
    stubXhr();
    setToken('tok');
    const onImported = vi.fn();
    const api = serveJob([
      job({ total: 1000, processed: 500, succeeded: 499, failed: 1 }),
      job({
        status: 'done',
        total: 1000,
        processed: 1000,
        succeeded: 998,
        failed: 2,
        errorCount: 3,
        errors: [
          {
            row: 3,
            field: 'phone',
            value: '12345',
            errorKey: 'imports.phone_invalid',
            message: 'Invalid mobile phone number',
          },
          {
            row: 9,
            field: '',
            value: '',
            errorKey: 'imports.max_students',
            message: 'Beyond the limit',
          },
        ],
      }),
    ]);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved = savedFiles();
    renderWithProviders(<StudentImportDialog open onClose={() => {}} onImported={onImported} />);

    choose(new File(['data'], '学生.xlsx'));
    expect(await screen.findByText('正在上传 学生.xlsx')).toBeTruthy();
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual([
      importsApi.studentsImport.method,
      importsApi.studentsImport.path,
    ]);
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect((xhr.body!.get('file') as File).name).toBe('学生.xlsx');
    expect(progressOf()).toBe(0);
    xhr.progress(50, 100);
    await waitFor(() => expect(progressOf()).toBe(50));

    xhr.respond(200, envelope(job()));
    expect(await screen.findByText('正在导入：已处理 500 / 1000 行')).toBeTruthy();
    expect(progressOf()).toBe(50);
    expect(onImported).not.toHaveBeenCalled();

    expect(await screen.findByText('导入完成：成功 998 条，失败 2 条')).toBeTruthy();
    expect(screen.getByText('手机号格式不正确')).toBeTruthy();
    expect(screen.getByText('12345')).toBeTruthy();
    expect(screen.getByText('整行')).toBeTruthy();
    expect(screen.getByText('超出学校的学生账号上限')).toBeTruthy();
    expect(screen.getByText('仅显示前 2 条，共 3 条，完整内容请下载错误报告')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(
      api.sent.every(
        (c) => c.route === importsApi.job && c.params.id === '77' && String(c.query) === '',
      ),
    ).toBe(true);

    fireEvent.click(screen.getByText('下载错误报告'));
    await waitFor(() => expect(saved).toEqual(['report.xlsx']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.sent.at(-1)?.route).toBe(importsApi.jobErrors);
    expect(api.sent.at(-1)?.params).toEqual({ id: '77' });

    fireEvent.click(screen.getByText('继续导入'));
    expect(await screen.findByText('选择文件')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('shows why the server refused the file and lets the user choose again', async () => {
    stubXhr();
    renderWithProviders(<StudentImportDialog open onClose={() => {}} />);
    choose(new File(['data'], 'old.xls'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(
      400,
      envelope(null, 9000, { errorKey: 'imports.xls_binary', message: 'x' }),
    );
    expect(
      await screen.findByText(
        '不支持旧版 Excel 97-2003（.xls）或加密的工作簿，请在 Excel 中另存为 .xlsx 后再导入',
      ),
    ).toBeTruthy();
    expect(screen.getByText('选择文件')).toBeTruthy();
  });

  it('tells why a job failed and does not report an import', async () => {
    stubXhr();
    serveJob([job({ status: 'failed', errorKey: 'imports.too_many_rows', errorMessage: 'x' })]);
    const onImported = vi.fn();
    renderWithProviders(<StudentImportDialog open onClose={() => {}} onImported={onImported} />);
    choose(new File(['data'], 'a.csv'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200, envelope(job()));
    expect(await screen.findByText('导入失败')).toBeTruthy();
    expect(screen.getByText('数据行数超过上限（10000 行），请拆分后分批导入')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });
});

describe('export button', () => {
  it('downloads the export with the filters that are set and the server’s file name', async () => {
    const api = fakeApi(
      fakeRoute(
        importsApi.studentsExport,
        () =>
          new Response(new Blob(['xlsx']), {
            headers: {
              'content-type': 'application/octet-stream',
              'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('学生名单-20260101.xlsx')}`,
            },
          }),
      ),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names = savedFiles();
    renderWithProviders(
      <ExportStudentsButton filters={{ name: ' 张 ', stuNo: '', classId: '5' }} />,
    );
    fireEvent.click(screen.getByText('导出'));
    await waitFor(() => expect(names).toEqual(['学生名单-20260101.xlsx']));
    const [exported] = api.sent;
    expect(exported?.route).toBe(importsApi.studentsExport);
    expect(exported?.query.get('name')).toBe('张');
    expect(exported?.query.get('classId')).toBe('5');
    expect(exported?.query.has('stuNo')).toBe(false);
    expect(exported?.query.get('tz')).toBeTruthy();
  });
});
