import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { newImageKey, prepareImage } from './images';
import type { StorageProvider } from './index';
import { contentTypeOf, derivedKeysOf, STORAGE_KEY_PATTERN, thumbnailKeyOf, urlOf } from './keys';
import { StorageProviderError } from './storage-provider-error';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Cloudflare R2, Garage, Scaleway…); null: AWS itself. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** A folder inside the bucket for every key (no leading or trailing slash), or '' for the bucket's root. */
  prefix: string;
  /** Milliseconds before one call is abandoned (default 30 s). */
  requestTimeoutMs?: number;
}

/** What a stored file says of itself, so that a copy served straight from the bucket behaves the same. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * An S3-compatible bucket. The bucket may stay private: the app reads every file itself and serves it
 * at /files/<key>, so a memory never points at a bucket address (or at a presigned, expiring one).
 */
export function createS3Storage(options: S3StorageOptions): StorageProvider {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Given explicitly so the SDK never falls back to ambient credentials (environment, ~/.aws, instance roles).
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    maxAttempts: 3,
    // The SDK's default checksums (CRC32 on every upload) are refused by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: options.requestTimeoutMs ?? 30_000, throwOnRequestTimeout: true },
  });
  const prefix = options.prefix ? `${options.prefix}/` : '';
  const objectKey = (key: string) => `${prefix}${key}`;
  const isKey = (key: string) => STORAGE_KEY_PATTERN.test(key) && !key.split('/').includes('..');

  const put = async (key: string, body: Buffer) => {
    await call(() =>
      client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentTypeOf(key),
          ContentLength: body.length,
          CacheControl: CACHE_CONTROL,
        }),
      ),
    );
  };
  const remove = async (key: string) => {
    // Deleting what is not there succeeds in S3.
    await call(() => client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) })));
  };

  return {
    name: 's3',
    async putImage(folder, image) {
      const { format, thumbnail } = await prepareImage(image);
      const key = newImageKey(folder, format);
      // The thumbnail first: an image that exists always has its thumbnail.
      await put(thumbnailKeyOf(key), thumbnail);
      try {
        await put(key, image);
      } catch (error) {
        await remove(thumbnailKeyOf(key)).catch(() => undefined);
        throw error;
      }
      return { key, url: urlOf(key), thumbnailUrl: urlOf(thumbnailKeyOf(key)) };
    },
    async put(key, body) {
      if (!isKey(key)) throw new Error('Unsafe storage key');
      await put(key, body);
    },
    async get(key) {
      if (!isKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: contentTypeOf(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw toStorageError(error);
      }
    },
    async remove(key) {
      if (!isKey(key)) return;
      await Promise.all(derivedKeysOf(key).map(remove));
    },
    async close() {
      client.destroy();
    },
  };
}

async function call<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw toStorageError(error);
  }
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

// Only a reason and a status leave the provider: the SDK's errors carry request ids, keys and upstream text.
function toStorageError(error: unknown): StorageProviderError {
  if (error instanceof StorageProviderError) return error;
  if (error instanceof S3ServiceException) return new StorageProviderError('upstream', error.$metadata.httpStatusCode);
  if (error instanceof Error && error.name === 'TimeoutError') return new StorageProviderError('timeout');
  return new StorageProviderError('network');
}
