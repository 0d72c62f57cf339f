import { queryOptions } from '@tanstack/react-query';
import {
  formatMessage,
  importLimits,
  importsApi,
  isImportFileName,
  isMessageKey,
  type ImportJob,
  type StudentExportQuery,
} from '@platform/contract';
import { apiLanguage } from '../../shared/i18n';
import { sessionScope } from '../../shared/queryScopes';
import { call, downloadRoute, uploadRoute } from '../../shared/call';
import type { Downloaded } from '../../shared/request';
import { saveBlob } from '../../shared/saveBlob';

/** Student import and export (management spec §2 student management, §5 Excel only). */

export const importKeys = {
  all: [...sessionScope, 'student-import'] as const,
  job: (id: string) => [...importKeys.all, 'job', id] as const,
};

/** An import job, asked for again every `importLimits.pollMs` while it runs. */
export function importJobQueryOptions(id: string, initialData?: ImportJob) {
  return queryOptions({
    queryKey: importKeys.job(id),
    queryFn: ({ signal }) => call(importsApi.job, { params: { id } }, { signal }),
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
 * Sends the file with upload progress and answers the running job. Quiet: a refusal rejects with
 * a RequestError carrying the server's error key, which the dialog shows.
 */
export function uploadStudentFile(
  file: File,
  opts: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<ImportJob> {
  return uploadRoute(importsApi.studentsImport, { file, ...opts, quiet: true });
}

async function saveDownload(downloading: Promise<Downloaded>, fallbackName: string) {
  const { blob, fileName } = await downloading;
  saveBlob(blob, fileName ?? fallbackName);
}

export function downloadImportTemplate(): Promise<void> {
  return saveDownload(
    downloadRoute(importsApi.studentsImportTemplate),
    'student-import-template.xlsx',
  );
}

export function downloadErrorReport(jobId: string): Promise<void> {
  return saveDownload(
    downloadRoute(importsApi.jobErrors, { params: { id: jobId } }),
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
  return saveDownload(downloadRoute(importsApi.studentsExport, { query }), 'students.xlsx');
}
