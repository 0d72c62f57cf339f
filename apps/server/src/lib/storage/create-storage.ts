import type { StorageConfig } from '../../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './storage';

/** The file storage the configuration names: a local directory, or a bucket of an S3 service. */
export function createStorage(config: { storage: StorageConfig }): FileStorage {
  const c = config.storage;
  if (c.driver === 'local') return new LocalStorage(c.dir);
  return new S3Storage(c);
}
