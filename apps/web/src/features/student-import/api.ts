import { queryOptions } from '@tanstack/react-query';
import {
  ResponseCode,
  apiRoutes,
  formatMessage,
  importLimits,
  isImportFileName,
  isMessageKey,
  pathOf,
  type Envelope,
  type ImportJob,
  type StudentExportQuery,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { sessionScope } from '../../shared/queryScopes';
import { RequestError, download, envelopeMessage, request } from '../../shared/request';
import { getToken } from '../../shared/session';

/** Student import and export (management spec §2 student management, §5 Excel only). */

export const studentImportKeys = {
  all: [...sessionScope, 'student-import'] as const,
  job: (id: string) => [...studentImportKeys.all, 'job', id] as const,
};

/** An import job, asked for again every `importLimits.pollMs` while it runs. */
export function importJobQueryOptions(id: string, initialData?: ImportJob) {
  return queryOptions({
    queryKey: studentImportKeys.job(id),
    queryFn: ({ signal }) => request<ImportJob>(pathOf(apiRoutes.importJob, { id }), { signal }),
    ...(initialData ? { initialData } : {}),
    refetchInterval: (query) =>
      query.state.data?.status === 'running' ? importLimits.pollMs : false,
  });
}

export type FileProblem = 'onlyExcel' | 'tooLarge' | 'emptyFile';

/** What is wrong with a chosen file before it is sent: its type, its size. */
export function checkImportFile(file: { name: string; size: number }): FileProblem | null {
  if (!isImportFileName(file.name)) return 'onlyExcel';
  if (file.size === 0) return 'emptyFile';
  if (file.size > importLimits.studentFileMaxBytes) return 'tooLarge';
  return null;
}

export const maxFileMb = Math.round(importLimits.studentFileMaxBytes / 1024 / 1024);

/** The text of an import error key in the current language, or the server's text. */
export function importErrorText(errorKey: string | null | undefined, fallback: string): string {
  if (!errorKey || !isMessageKey(errorKey)) return fallback;
  return formatMessage(errorKey, apiLanguage(), {
    max: errorKey === 'imports.too_large' ? maxFileMb : importLimits.studentMaxRows,
  });
}

/**
 * Sends the file as multipart with upload progress (fetch cannot report it) and answers the
 * running job. A refusal rejects with a RequestError carrying the server's error key.
 */
export function uploadStudentFile(
  file: File,
  opts: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiRoutes.studentsImport);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', apiLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        opts.onProgress(Math.floor((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const envelope = body as Envelope<ImportJob> | undefined;
      if (envelope && typeof envelope.code === 'number') {
        if (envelope.code === ResponseCode.OK && envelope.data) {
          resolve(envelope.data);
          return;
        }
        reject(
          new RequestError(
            envelope.code === ResponseCode.UNAUTHORIZED ? 'unauthorized' : 'business',
            envelopeMessage(envelope),
            {
              code: envelope.code,
              status: xhr.status,
              errorKey: envelope.errorKey,
              requestId: envelope.requestId,
            },
          ),
        );
        return;
      }
      const key = xhr.status === 413 ? 'common.payload_too_large' : 'common.unknown_error';
      reject(
        new RequestError('http', formatMessage(key, apiLanguage()), {
          code: xhr.status,
          status: xhr.status,
        }),
      );
    };
    xhr.onerror = () =>
      reject(new RequestError('network', formatMessage('common.network_error', apiLanguage())));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function downloadTo(path: string, fallbackName: string, query?: Record<string, string>) {
  const { blob, fileName } = await download(path, query ? { query } : {});
  saveBlob(blob, fileName ?? fallbackName);
}

export function downloadImportTemplate(): Promise<void> {
  return downloadTo(apiRoutes.studentsImportTemplate, 'student-import-template.xlsx');
}

export function downloadErrorReport(jobId: string): Promise<void> {
  return downloadTo(
    pathOf(apiRoutes.importJobErrors, { id: jobId }),
    `import-errors-${jobId}.xlsx`,
  );
}

/** The students the filters select, as a spreadsheet; times in the browser's time zone. */
export function downloadStudentExport(filters: StudentExportQuery): Promise<void> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) query[key] = text;
  }
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (tz) query.tz = tz;
  return downloadTo(apiRoutes.studentsExport, 'students.xlsx', query);
}
