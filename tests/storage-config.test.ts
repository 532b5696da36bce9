import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('storage configuration', () => {
  it('keeps files in the data folder when no bucket is named, and migrates only public hosts', () => {
    const config = loadConfig({});
    expect(config.storage.s3).toBeNull();
    expect(config.storage.migration).toEqual({ allowedHosts: [], timeoutMs: 30_000 });
  });

  it('reads an S3-compatible bucket from the S3_* variables', () => {
    const config = loadConfig({
      S3_BUCKET: 'souvenir-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/souvenir/prod/',
    });
    expect(config.storage.s3).toEqual({
      bucket: 'souvenir-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
      prefix: 'souvenir/prod',
    });
    expect(loadConfig({ S3_BUCKET: 'b12', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).storage.s3).toMatchObject({
      region: 'auto',
      endpoint: null,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('refuses a bucket without its credentials, with a clear message for each', () => {
    expect(problemsOf({ S3_BUCKET: 'souvenir-files' })).toEqual([
      'S3_ACCESS_KEY_ID: must be set when S3_BUCKET is (the bucket\'s access key and secret)',
      'S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is (the bucket\'s access key and secret)',
    ]);
    expect(problemsOf({ S3_BUCKET: 'souvenir-files', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is (the bucket\'s access key and secret)',
    ]);
  });

  it('refuses S3 settings without a bucket', () => {
    expect(problemsOf({ S3_ENDPOINT: 'https://s3.example', S3_ACCESS_KEY_ID: 'k', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_BUCKET: must be set when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_FORCE_PATH_STYLE are',
    ]);
    // What .env.example leaves in place is no setting at all.
    expect(problemsOf({ S3_BUCKET: '', S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'us-east-1' })).toEqual([]);
  });

  it('lists every bad storage variable at once, with the others', () => {
    const problems = problemsOf({
      S3_BUCKET: 'Not_A_Bucket',
      S3_ENDPOINT: 'ftp://files.example',
      S3_PREFIX: '../escape',
      S3_FORCE_PATH_STYLE: 'maybe',
      STORAGE_MIGRATION_ALLOWED_HOSTS: 'ok.example, bad host',
      STORAGE_MIGRATION_TIMEOUT_SECONDS: '0',
      PORT: 'eighty',
    });
    const names = problems.map((p) => p.split(':')[0]!.replace(/\.\d+$/, ''));
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'S3_BUCKET',
        'S3_ENDPOINT',
        'S3_PREFIX',
        'S3_FORCE_PATH_STYLE',
        'STORAGE_MIGRATION_ALLOWED_HOSTS',
        'STORAGE_MIGRATION_TIMEOUT_SECONDS',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]),
    );
  });

  it('reads the hosts migration may reach on private addresses, as host names or IP addresses', () => {
    const config = loadConfig({ STORAGE_MIGRATION_ALLOWED_HOSTS: ' 127.0.0.1, Images.LAN ,[::1],', STORAGE_MIGRATION_TIMEOUT_SECONDS: '5' });
    expect(config.storage.migration).toEqual({ allowedHosts: ['127.0.0.1', 'images.lan', '::1'], timeoutMs: 5_000 });
  });
});
