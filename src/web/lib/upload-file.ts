import type { z } from 'zod';
import { ApiError, toApiError } from './api-client';

export interface UploadOptions {
  /** Bytes sent so far, when the browser knows the total (not every browser reports it). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs one file as multipart/form-data in `field`. XMLHttpRequest rather than fetch: only it reports
 * upload progress, which drives the progress bars. Refusals become the same ApiError as every other call.
 */
export function uploadFile<T>(url: string, field: string, file: File, schema: z.ZodType<T>, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      void (async () => {
        // Read through a Response so the error body is parsed exactly as fetch answers are.
        const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
        if (!response.ok) return reject(await toApiError(response));
        try {
          resolve(schema.parse(await response.json()));
        } catch {
          reject(new ApiError(0, 'NETWORK', 'Unreadable answer'));
        }
      })();
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
