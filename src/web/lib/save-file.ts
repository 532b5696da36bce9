/** Hands a file made in the page to the browser's downloads, under its own name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns; a minute is far more than they need.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
