import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from './create-storage';
import { LocalStorage } from './local';
import { S3Storage } from './s3';

const s3Env = {
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'course-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret-value',
};

describe('createStorage', () => {
  it('keeps files under DATA_DIR/files by default', () => {
    const storage = createStorage(loadConfig({ DATA_DIR: '/srv/platform' }));
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe(path.resolve('/srv/platform/files'));
  });

  it('uses the bucket the S3 settings name', async () => {
    const storage = createStorage(
      loadConfig({ ...s3Env, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'cn-north-1' }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    const s3 = storage as S3Storage;
    expect(s3.bucket).toBe('course-files');
    expect(await s3.client.config.region()).toBe('cn-north-1');
    expect(s3.client.config.forcePathStyle).toBe(true);
    const endpoint = await s3.client.config.endpoint?.();
    expect(endpoint).toMatchObject({ hostname: '127.0.0.1', port: 9000, protocol: 'http:' });
    expect(await s3.client.config.credentials()).toMatchObject({
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI-secret-value',
    });
  });

  it('never shows the secret when the storage is printed', () => {
    const storage = createStorage(loadConfig(s3Env));
    expect(inspect(storage, { depth: 10 })).not.toContain('secret-value');
    expect(inspect(storage)).toContain('course-files');
  });
});
