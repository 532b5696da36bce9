import { errorBodySchema } from '@shared/errors';
import type { z } from 'zod';

/** An API answer that was not 2xx, or a request that never reached the server (status 0, code NETWORK). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  body?: unknown;
  /** Validates the answer so a contract drift shows up as an error here, not as a broken screen later. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers (an idempotency key, for instance). */
  headers?: Record<string, string>;
}

const networkError = (cause: unknown, fallback: string) => new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : fallback);

type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** The browser's fetch, unless a server render put its own in (it answers public reads in-process). */
let transport: Transport = (path, init) => fetch(path, init);

/** For the server render only (src/web/entry-server.tsx): where the API's answers come from there. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * `fetch` for the app's own API, with its cookies. A request that never reached the server rejects with
 * ApiError(0, 'NETWORK'); an abort is rethrown as it is.
 */
export async function fetchApi(path: string, init: RequestInit): Promise<Response> {
  try {
    return await transport(path, { credentials: 'same-origin', ...init });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause, 'Network error');
  }
}

async function request<T>(method: Method, path: string, { body, schema, signal, headers }: RequestOptions<T> = {}): Promise<T> {
  const response = await fetchApi(path, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;

  let data: unknown;
  try {
    const text = await response.text();
    data = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    // The connection broke while the answer was read: as unknown an outcome as a network failure.
    throw networkError(cause, 'Unreadable answer');
  }
  return schema ? schema.parse(data) : (data as T);
}

/**
 * The coded error of a non-2xx answer. An answer without the API's error body (a proxy's page, say)
 * gets `serverErrorCode` for 5xx statuses, BAD_REQUEST otherwise.
 */
export async function toApiError(response: Response, serverErrorCode = 'INTERNAL'): Promise<ApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, response.status >= 500 ? serverErrorCode : 'BAD_REQUEST', response.statusText);
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('DELETE', path, options),
};
