/**
 * A local server speaking enough of the S3 REST API for the storage provider, so that the real
 * `@aws-sdk/client-s3` is exercised through its real HTTP path (the SDK is never mocked). Path-style
 * addressing only (`<endpoint>/<bucket>/<key>`, i.e. S3_FORCE_PATH_STYLE=true). It answers:
 * - `PUT /<bucket>/<key>` (PutObject) — keeps the body, Content-Type and Cache-Control;
 * - `GET /<bucket>/<key>` (GetObject) and `HEAD` (HeadObject) — 404 `NoSuchKey` when absent;
 * - `DELETE /<bucket>/<key>` (DeleteObject) — 204, present or not, as S3 does;
 * - `GET /<bucket>?list-type=2` (ListObjectsV2) — keys in byte order, with `prefix`, `start-after`,
 *   `max-keys` (at most `listPageSize`, 1 000 as on S3), `continuation-token` / `NextContinuationToken`
 *   and `encoding-type=url`; `delimiter` and the older ListObjects answer 501 `NotImplemented`;
 * - any other bucket: 404 `NoSuchBucket`.
 *
 * It does not validate SigV4 signatures; it records whether an `Authorization` header was sent and
 * which access key it names.
 *
 *   const s3 = await startS3StandIn();            // s3.endpoint = http://127.0.0.1:<port>, s3.bucket
 *   await startS3StandIn({ listPageSize: 2 });    // lists a page of at most 2 keys, to make clients page
 *   // S3_BUCKET=s3.bucket S3_ENDPOINT=s3.endpoint S3_FORCE_PATH_STYLE=true S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…
 *   s3.behave('error');                           // 'ok' (default) | 'error' (500 InternalError) | 'hang'
 *   s3.objects.get('memories/u/….png');           // { body, contentType, cacheControl }
 *   s3.requests.at(-1);                           // { method, bucket, key, query, authorization, accessKeyId }
 *   await s3.close();
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3StorageOptions } from '@server/providers/storage/s3';

export type S3StandInBehaviour = 'ok' | 'error' | 'hang';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  etag: string;
  /** When it was written (a listing says so); objects set by hand may leave it out. */
  lastModified?: Date;
}

export interface ReceivedS3Request {
  method: string;
  bucket: string;
  /** The object key, decoded ('' for a bucket-level request). */
  key: string;
  /** The query string as sent, without its `?` (a listing's parameters). */
  query: string;
  /** The Authorization header as sent (the SDK signs with AWS4-HMAC-SHA256). */
  authorization: string | undefined;
  /** The access key id named in the signature's Credential, if any. */
  accessKeyId: string | null;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const xmlError = (response: ServerResponse, status: number, code: string, message: string, resource: string) => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  response.end(body);
};

const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** S3's URL encoding of keys in a listing (`encoding-type=url`): every byte but unreserved characters and `/`. */
const s3UrlEncode = (text: string) => encodeURIComponent(text).replace(/%2F/g, '/').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** ListObjectsV2 over `objects`, as S3 answers it: keys in byte order after the token or `start-after`, one page. */
function listObjectsV2(objects: Map<string, StoredObject>, bucket: string, params: URLSearchParams, pageSize: number) {
  const prefix = params.get('prefix') ?? '';
  const maxKeysParam = params.get('max-keys');
  const maxKeys = maxKeysParam === null ? 1000 : Number(maxKeysParam);
  if (!Number.isInteger(maxKeys) || maxKeys < 0) return { error: ['InvalidArgument', 'Provided max-keys not an integer or within integer range'] as const };
  const token = params.get('continuation-token');
  let after = params.get('start-after') ?? '';
  if (token !== null) {
    const decoded = Buffer.from(token, 'base64url').toString('utf8');
    if (!decoded.startsWith('after:')) return { error: ['InvalidArgument', 'The continuation token provided is incorrect'] as const };
    after = decoded.slice('after:'.length);
  }
  const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && byteOrder(key, after) > 0).sort(byteOrder);
  const page = keys.slice(0, Math.min(maxKeys, pageSize));
  const truncated = keys.length > page.length;
  const urlEncoded = params.get('encoding-type') === 'url';
  const name = (text: string) => xmlText(urlEncoded ? s3UrlEncode(text) : text);
  const contents = page.map((key) => {
    const object = objects.get(key)!;
    return `<Contents><Key>${name(key)}</Key><LastModified>${(object.lastModified ?? new Date(0)).toISOString()}</LastModified><ETag>${xmlText(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
  });
  const next = truncated ? Buffer.from(`after:${page.at(-1)}`, 'utf8').toString('base64url') : null;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    `<Name>${xmlText(bucket)}</Name><Prefix>${name(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>`,
    urlEncoded ? '<EncodingType>url</EncodingType>' : '',
    `<IsTruncated>${truncated}</IsTruncated>`,
    token !== null ? `<ContinuationToken>${xmlText(token)}</ContinuationToken>` : '',
    next ? `<NextContinuationToken>${next}</NextContinuationToken>` : '',
    params.has('start-after') ? `<StartAfter>${name(params.get('start-after')!)}</StartAfter>` : '',
    ...contents,
    '</ListBucketResult>',
  ].join('');
  return { body };
}

export async function startS3StandIn(options: { bucket?: string; port?: number; listPageSize?: number } = {}) {
  const bucket = options.bucket ?? 'souvenir-test';
  const listPageSize = options.listPageSize ?? 1000;
  const objects = new Map<string, StoredObject>();
  const requests: ReceivedS3Request[] = [];
  let behaviour: S3StandInBehaviour = 'ok';

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const [bucketName = '', ...rest] = url.pathname.replace(/^\//, '').split('/');
      const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
      const authorization = request.headers.authorization;
      requests.push({
        method: request.method ?? '',
        bucket: decodeURIComponent(bucketName),
        key,
        query: url.search.replace(/^\?/, ''),
        authorization,
        accessKeyId: /Credential=([^/,\s]+)\//.exec(authorization ?? '')?.[1] ?? null,
      });

      const body = await readBody(request);
      if (behaviour === 'hang') return;
      if (behaviour === 'error') return xmlError(response, 500, 'InternalError', 'We encountered an internal error. Please try again.', url.pathname);
      if (decodeURIComponent(bucketName) !== bucket) return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist', url.pathname);
      if (!key && request.method === 'GET') {
        if (url.searchParams.get('list-type') !== '2' || url.searchParams.has('delimiter')) {
          return xmlError(response, 501, 'NotImplemented', 'Only ListObjectsV2 without a delimiter is implemented here', url.pathname);
        }
        const listing = listObjectsV2(objects, bucket, url.searchParams, listPageSize);
        if (listing.error) return xmlError(response, 400, listing.error[0], listing.error[1], url.pathname);
        response.writeHead(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(listing.body) });
        return response.end(listing.body);
      }
      if (!key) return xmlError(response, 405, 'MethodNotAllowed', 'Only object requests and listings are supported here', url.pathname);

      switch (request.method ?? '') {
        case 'PUT': {
          const etag = `"${createHash('md5').update(body).digest('hex')}"`;
          objects.set(key, {
            body,
            contentType: request.headers['content-type'],
            cacheControl: request.headers['cache-control'],
            etag,
            lastModified: new Date(),
          });
          response.writeHead(200, { etag, 'content-length': 0 });
          return response.end();
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (!object) {
            if (request.method === 'HEAD') {
              response.writeHead(404);
              return response.end();
            }
            return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname);
          }
          response.writeHead(200, {
            'content-type': object.contentType ?? 'binary/octet-stream',
            'content-length': object.body.length,
            etag: object.etag,
            ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
            'last-modified': (object.lastModified ?? new Date(0)).toUTCString(),
          });
          return response.end(request.method === 'GET' ? object.body : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', url.pathname);
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    behave(next: S3StandInBehaviour) {
      behaviour = next;
    },
    /** The storage provider's options that point it at this stand-in (another endpoint, prefix… by `overrides`). */
    storageOptions(overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
      return {
        bucket,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'stand-in-access-key',
        secretAccessKey: 'stand-in-secret-key',
        forcePathStyle: true,
        prefix: '',
        ...overrides,
      };
    },
    /** The variables that point the app at this stand-in. */
    env(overrides: Record<string, string> = {}): Record<string, string> {
      return {
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'stand-in-access-key',
        S3_SECRET_ACCESS_KEY: 'stand-in-secret-key',
        ...overrides,
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;
