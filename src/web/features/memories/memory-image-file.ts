import { downloadFileName } from './download-file-name';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Read from the bytes, not the Content-Type: a misconfigured server must not make the ".png" name lie. */
async function isPng(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return PNG_SIGNATURE.every((byte, i) => head[i] === byte);
}

/** Redraws any image the browser can decode (WebP, JPEG…) as a PNG. */
async function toPng(blob: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    bitmap.close();
  }
}

/** The memory's artwork as a PNG file named after its title, for saving or for the phone's share sheet. */
export async function memoryPngFile(imageUrl: string, title: string): Promise<File> {
  const response = await fetch(imageUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Image answered ${response.status}`);
  const blob = await response.blob();
  const png = (await isPng(blob)) ? blob : await toPng(blob);
  return new File([png], downloadFileName(title), { type: 'image/png' });
}

/** Hands a file to the browser's downloads, under its own name. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns; a minute is far more than they need.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The phone's share sheet can take image files (checked with a stand-in, before any download). */
export function canShareImageFiles(): boolean {
  if (typeof navigator.canShare !== 'function' || typeof File !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(PNG_SIGNATURE)], 'memory.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/** The person closed the share sheet: not a failure. */
export const isShareCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
