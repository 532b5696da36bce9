import { useMutation } from '@tanstack/react-query';
import { fetchApi, toApiError } from '@web/lib/api-client';
import { saveFile } from '@web/lib/save-file';

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

const FALLBACK_NAME = 'souvenir-export.zip';

/** The name the server gives in Content-Disposition (attachment; filename="…"), if it is a plain ZIP name. */
export function exportFileName(disposition: string | null): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim();
  return name && /^[\w.-]+\.zip$/i.test(name) ? name : FALLBACK_NAME;
}

/**
 * GET /api/me/export: a ZIP of the profile, every memory and its original image (docs/data-export.md).
 * Fetched rather than followed as a plain link, so a refusal (a 429 after a few exports in an hour)
 * is told to the person instead of being saved as a broken file.
 */
export async function exportData(): Promise<ExportFile> {
  const response = await fetchApi('/api/me/export', { method: 'GET', headers: { accept: 'application/zip' } });
  if (!response.ok) throw await toApiError(response);
  return { blob: await response.blob(), fileName: exportFileName(response.headers.get('content-disposition')) };
}

/** Hands the file to the browser's downloads, under its own name. */
export const saveExport = ({ blob, fileName }: ExportFile): void => saveFile(blob, fileName);

export function useExportData() {
  return useMutation({ mutationFn: exportData, onSuccess: saveExport });
}
