import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DeleteObjectCommand, GetObjectCommand, type GetObjectCommandOutput, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { newImageKey, prepareImage } from './images';
import type { ArchiveStore, StorageProvider, StoredArchive } from './storage-provider';
import { ARCHIVE_NAME_PATTERN, ARCHIVES_FOLDER, contentTypeOf, derivedKeysOf, STORAGE_KEY_PATTERN, thumbnailKeyOf, urlOf } from './keys';
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

/** Every client of the bucket is made alike: explicit keys, bounded time, no checksums S3 clones refuse. */
function clientOf(options: S3StorageOptions): S3Client {
  return new S3Client({
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
}

const prefixOf = (options: S3StorageOptions) => (options.prefix ? `${options.prefix}/` : '');

/** Every object under `prefix`, page after page (a bucket answers at most 1 000 keys a time). */
async function listObjects(client: S3Client, bucket: string, prefix: string): Promise<Array<{ key: string; size: number }>> {
  const objects: Array<{ key: string; size: number }> = [];
  let token: string | undefined;
  do {
    const page = await call(() => client.send(new ListObjectsV2Command({ Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}), ...(token ? { ContinuationToken: token } : {}) })));
    for (const object of page.Contents ?? []) if (object.Key?.startsWith(prefix)) objects.push({ key: object.Key.slice(prefix.length), size: object.Size ?? 0 });
    // A server that says "more" without a new token would keep this loop going forever: stop there instead.
    const next = page.IsTruncated ? page.NextContinuationToken : undefined;
    token = next && next !== token ? next : undefined;
  } while (token);
  return objects;
}

/**
 * An S3-compatible bucket. The bucket may stay private: the app reads every file itself and serves it
 * at /files/<key>, so a memory never points at a bucket address (or at a presigned, expiring one).
 */
export function createS3Storage(options: S3StorageOptions): StorageProvider {
  const client = clientOf(options);
  const prefix = prefixOf(options);
  const objectKey = (key: string) => `${prefix}${key}`;
  const isKey = (key: string) => STORAGE_KEY_PATTERN.test(key) && !key.split('/').includes('..');

  const put = async (key: string, body: Buffer | Readable, size = (body as Buffer).length) => {
    await call(() =>
      client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentTypeOf(key),
          ContentLength: size,
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
    async putStream(key, body, size) {
      if (!isKey(key)) throw new Error('Unsafe storage key');
      await put(key, body, size);
    },
    async open(key) {
      if (!isKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return object.Body ? { stream: streamOf(object.Body), size: object.ContentLength ?? 0 } : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw toStorageError(error);
      }
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
    async list() {
      // Under the prefix, only keys of ours are stored files: not the archives' folder, nor anything else.
      return (await listObjects(client, options.bucket, prefix)).map((object) => object.key).filter(isKey);
    },
    async close() {
      client.destroy();
    },
  };
}

/**
 * Archives in the bucket's `backups/` folder (under S3_PREFIX), beside the files they hold: the app never
 * serves that folder (no file key starts with it), and each archive says `no-store` should the bucket be
 * exposed. An S3 upload is whole or absent, so a half archive is never listed.
 */
export function createS3ArchiveStore(options: S3StorageOptions): ArchiveStore {
  const client = clientOf(options);
  const folder = `${prefixOf(options)}${ARCHIVES_FOLDER}/`;
  const objectKey = (name: string) => (ARCHIVE_NAME_PATTERN.test(name) ? `${folder}${name}` : null);
  const getObject = async (name: string) => {
    const key = objectKey(name);
    if (!key) return null;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      return object.Body ? object : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw toStorageError(error);
    }
  };

  return {
    location: 'bucket',
    async list() {
      const objects = await listObjects(client, options.bucket, folder);
      return objects.filter((object) => ARCHIVE_NAME_PATTERN.test(object.key)).map((object): StoredArchive => ({ name: object.key, size: object.size }));
    },
    async write(name, body) {
      const key = objectKey(name);
      if (!key) throw new Error('Unsafe archive name');
      await call(() =>
        client.send(
          new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: 'application/gzip', ContentLength: body.length, CacheControl: 'private, no-store' }),
        ),
      );
    },
    async writeStream(name, body) {
      const key = objectKey(name);
      if (!key) throw new Error('Unsafe archive name');
      // An upload says its length first, and an archive's is known only once it is made: it waits on the
      // local disk (never in memory) and goes up whole.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'souvenir-archive-'));
      try {
        const file = path.join(dir, name);
        await pipeline(body, createWriteStream(file, { mode: 0o600 }));
        const { size } = await stat(file);
        await call(() =>
          client.send(
            new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: createReadStream(file), ContentType: 'application/gzip', ContentLength: size, CacheControl: 'private, no-store' }),
          ),
        );
        return size;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async read(name) {
      const object = await getObject(name);
      if (!object?.Body) return null;
      return call(async () => Buffer.from(await object.Body!.transformToByteArray()));
    },
    async open(name) {
      const object = await getObject(name);
      if (!object?.Body) return null;
      return { stream: streamOf(object.Body), size: object.ContentLength ?? 0 };
    },
    async remove(name) {
      const key = objectKey(name);
      if (key) await call(() => client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key })));
    },
    whereIs(name) {
      return `s3://${options.bucket}/${folder}${name}`;
    },
    async close() {
      client.destroy();
    },
  };
}

/** The SDK's body as a Node stream (it is one in Node; a web stream elsewhere). */
function streamOf(body: NonNullable<GetObjectCommandOutput['Body']>): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as WebReadableStream);
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
