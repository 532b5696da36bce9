import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './app-error';

/**
 * For routes that take one file as multipart/form-data. Such a route registers @fastify/multipart in
 * its own scope, with `uploadLimits()` and that scope's other body parsers removed (any other body is
 * answered 415 before the handler). Everything the parser trips on was sent by the client: it becomes
 * a coded 400 or 413, never a 500.
 */

/** One file and, at most, a few tiny fields: anything more is refused by the parser itself. */
export const uploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 4,
  fieldNameSize: 100,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 20,
});

/** Room for the multipart framing and the small fields around a file of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** How long a refused upload may go on arriving (read and dropped) before its connection is cut. */
const DISCARD_GRACE_MS = 10_000;

export interface ExpectedFile {
  /** The form field that carries the file. */
  field: string;
  /** The translation key (namespace "validation") when it is missing. */
  requiredKey: string;
  maxBytes: number;
}

export const fileRequired = (expected: ExpectedFile) =>
  new AppError('VALIDATION_FAILED', `Send the file in the \`${expected.field}\` field.`, { [expected.field]: [expected.requiredKey] });

const tooLarge = (expected: ExpectedFile) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file may be at most ${Math.floor(expected.maxBytes / (1024 * 1024))} MB.`);

const unreadable = (error: unknown) =>
  (error as { statusCode?: number }).statusCode === 413
    ? new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts.')
    : new AppError('BAD_REQUEST', 'The form could not be read.');

/**
 * Refused while the upload is still arriving: the parser lets go of it and the answer goes out now.
 * What still comes is read and dropped, never kept — closing the connection under a client that is
 * still sending would make it lose the answer — and a client that does not stop is cut off.
 */
export function discardUpload(request: FastifyRequest, part?: MultipartFile) {
  part?.file.destroy();
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  const cut = setTimeout(() => raw.destroy(), DISCARD_GRACE_MS);
  cut.unref();
  raw.once('end', () => clearTimeout(cut));
  raw.once('close', () => clearTimeout(cut));
  raw.resume();
}

/** The expected file part, once its headers have arrived; its content is still unread. */
export async function receiveFile(request: FastifyRequest, expected: ExpectedFile): Promise<MultipartFile> {
  // Only multipart bodies reach such a route: anything else here came without a body at all.
  if (!request.isMultipart()) throw fileRequired(expected);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw unreadable(error);
  }
  if (!part) throw fileRequired(expected);
  if (part.fieldname !== expected.field) {
    discardUpload(request, part);
    throw fileRequired(expected);
  }
  return part;
}

/** The whole file, in memory but never beyond `maxBytes`: the stream is cut at the limit. */
export async function readFile(request: FastifyRequest, part: MultipartFile, expected: ExpectedFile): Promise<Buffer> {
  if (Number(request.headers['content-length']) > expected.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(expected);
  const file = part.file;
  // At the limit busboy stops filling the file but goes on reading the request to its end: stop there.
  file.once('limit', () => file.destroy(tooLarge(expected)));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof AppError ? error : unreadable(error);
  }
  if (file.truncated) throw tooLarge(expected);
  return Buffer.concat(chunks);
}

/**
 * Registers `POST url` taking one file, as every upload route does: multipart/form-data only, in its own
 * scope; the caller checked in `onRequest` (401/403 before anything is read); counted per caller by
 * `rateLimit` before the file is read, since each upload decodes a picture. `handle` gets the whole file;
 * when it fails, the rest of the upload is read and dropped.
 */
export async function registerFileUpload(
  app: FastifyInstance,
  route: {
    url: string;
    expected: ExpectedFile;
    onRequest: (request: FastifyRequest) => Promise<void>;
    response: ZodType;
    rateLimit: { max: number; timeWindow: number; key: (request: FastifyRequest) => string };
    handle: (request: FastifyRequest, file: Buffer) => Promise<unknown>;
  },
): Promise<void> {
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    await upload.register(multipart, { limits: uploadLimits(route.expected.maxBytes), throwFileSizeLimit: false });
    upload.withTypeProvider<ZodTypeProvider>().post(
      route.url,
      {
        schema: { response: { 200: route.response } },
        onRequest: route.onRequest,
        preHandler: upload.rateLimit({ max: route.rateLimit.max, timeWindow: route.rateLimit.timeWindow, keyGenerator: route.rateLimit.key }),
      },
      async (request) => {
        const part = await receiveFile(request, route.expected);
        try {
          return await route.handle(request, await readFile(request, part, route.expected));
        } catch (error) {
          discardUpload(request, part);
          throw error;
        }
      },
    );
  });
}
