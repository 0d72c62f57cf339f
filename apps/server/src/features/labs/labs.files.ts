import type { Readable } from 'node:stream';
import { labLimits, ResponseCode } from '@platform/contract';
import { LabPathError } from '@platform/labs';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { LabRuntime } from './labs.runtime';

/** A file of a lab's home as a download: its bytes as they are. */
export function labFileDownload(file: { name: string; size: number; stream: Readable }) {
  return { name: file.name, type: 'application/octet-stream', size: file.size, body: file.stream };
}

/** The folder of the user's lab home of an environment, running or stopped. */
export async function homeFolderOf(
  runtime: LabRuntime,
  userId: string,
  envId: string,
  path: string,
) {
  const entry = runtime.entriesOf(userId, envId).find((e) => e.runner !== 'simulation');
  if (!entry) throw notFound('labs.file_not_found');
  return fileErrors(() => runtime.driver.files.list(entry.id, path));
}

/** A file of the user's lab home of an environment, running or stopped. */
export async function homeFileOf(runtime: LabRuntime, userId: string, envId: string, path: string) {
  const entry = runtime.entriesOf(userId, envId).find((e) => e.runner !== 'simulation');
  if (!entry) throw notFound('labs.file_not_found');
  return fileErrors(() => runtime.driver.files.read(entry.id, path));
}

/** Runs a file operation on a lab home, answering its path errors as the API's errors. */
export async function fileErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LabPathError) {
      if (error.reason === 'outside') throw invalid('labs.path_outside', { path: 'invalid_value' });
      if (error.reason === 'no_space') {
        throw new AppError('labs.disk_full', { code: ResponseCode.INVALID, status: 507 });
      }
      if (error.reason === 'aborted') {
        throw new AppError('labs.upload_aborted', { code: ResponseCode.INVALID, status: 400 });
      }
      if (error.reason === 'conflict') throw conflict('labs.file_conflict');
      if (error.reason === 'occupied')
        throw conflict('labs.path_occupied', { path: 'invalid_value' });
      if (error.reason === 'too_large') {
        throw new AppError('labs.file_too_large', {
          code: ResponseCode.INVALID,
          status: 413,
          params: { max: labLimits.uploadMaxBytes / 1024 / 1024 },
        });
      }
      throw notFound('labs.file_not_found');
    }
    throw error;
  }
}
