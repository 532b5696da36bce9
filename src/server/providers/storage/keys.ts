// How stored files are named and addressed, whichever provider holds them.

/** The files of the app are always served under this prefix, whichever provider stores them. */
export const FILES_URL_PREFIX = '/files/';

/**
 * Where backup archives live when the files are in a bucket: beside the files, under `<S3_PREFIX>/backups/`.
 * No stored file's key starts with it, so nothing under it is ever served at /files or counted as a file.
 */
export const ARCHIVES_FOLDER = 'backups';
/** An archive's name is one plain file name: never a path, never hidden (a half-written one starts with a dot). */
export const ARCHIVE_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,199}$/i;

/**
 * Keys are made of safe path segments only: letters, digits, `-`, `_`, one dot for the extension, and an
 * image's extension; the archives' folder is never a key, whatever its names.
 */
export const STORAGE_KEY_PATTERN = /^(?!backups\/)(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.thumb|\.w[0-9]{3,4})?\.(?:png|jpg|webp)$/i;

export const thumbnailKeyOf = (key: string) => key.replace(/\.[a-z]+$/i, '.thumb.webp');
/** Artwork renditions for `srcset`, their widths in pixels (decision 0075). */
export const RENDITION_WIDTHS = [480, 768, 1024] as const;
/** `memories/u/abc.png` → `memories/u/abc.w768.webp`: named after the image, so nothing else records where they are. */
export const renditionKeyOf = (key: string, width: number) => key.replace(/\.[a-z]+$/i, `.w${width}.webp`);
/** The image and every file derived from it, as its removal must find them. */
export const derivedKeysOf = (key: string) => [key, thumbnailKeyOf(key), ...RENDITION_WIDTHS.map((width) => renditionKeyOf(key, width))];
export const urlOf = (key: string) => `${FILES_URL_PREFIX}${key}`;

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
