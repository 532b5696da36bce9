import { useMutation } from '@tanstack/react-query';
import { BOOK_PAGES_HEADER } from '@shared/contracts/book';
import type { Language } from '@shared/limits';
import { createPdfPageCounter } from '@shared/pdf-pages';
import { ApiError, fetchApi, toApiError } from '@web/lib/api-client';
import { saveFile } from '@web/lib/save-file';

export interface BookRequest {
  year: number;
  /** Absent: the whole year. */
  month?: number;
  tz: string;
  lang: Language;
}

export interface BookProgress {
  /** Pages the server has finished so far (the cover is the first). */
  done: number;
  /** Pages the book will have, as announced when it started. */
  total: number;
}

/**
 * GET /api/memories/book: the PDF, read as it is made. The server says how many pages it will have, and each page
 * it finishes arrives whole, so counting the pages received is the progress. Fetched rather than followed as a
 * link, so a refusal (nothing in that period, too many books this hour) is told to the person instead of being
 * saved as a broken file, and a book cut short fails instead of looking complete.
 */
export async function downloadBook(request: BookRequest, onProgress: (progress: BookProgress) => void, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const search = new URLSearchParams({ year: String(request.year), tz: request.tz, lang: request.lang });
  if (request.month !== undefined) search.set('month', String(request.month));
  const response = await fetchApi(`/api/memories/book?${search}`, { method: 'GET', headers: { accept: 'application/pdf' }, signal });
  if (!response.ok) throw await toApiError(response);
  const total = Number(response.headers.get(BOOK_PAGES_HEADER)) || 0;
  const counter = createPdfPageCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  onProgress({ done: 0, total });
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      onProgress({ done: Math.min(counter.push(value), total), total });
    }
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // The server ends a book it could not finish by breaking the connection.
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'The book was cut short');
  }
  const slug = request.month === undefined ? String(request.year) : `${request.year}-${String(request.month).padStart(2, '0')}`;
  return { blob: new Blob(chunks, { type: 'application/pdf' }), fileName: `souvenir-${slug}.pdf` };
}

export function useDownloadBook() {
  return useMutation({
    mutationFn: ({ request, onProgress, signal }: { request: BookRequest; onProgress: (progress: BookProgress) => void; signal: AbortSignal }) =>
      downloadBook(request, onProgress, signal),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
