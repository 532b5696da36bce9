// How stored files are named and addressed, whichever provider holds them.

/** The files of the app are always served under this prefix, whichever provider stores them. */
export const FILES_URL_PREFIX = '/files/';

/** Keys are made of safe path segments only: letters, digits, `-`, `_`, one dot for the extension. */
export const STORAGE_KEY_PATTERN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.thumb)?\.(?:png|jpg|webp)$/i;

export const thumbnailKeyOf = (key: string) => key.replace(/\.[a-z]+$/i, '.thumb.webp');
export const urlOf = (key: string) => `${FILES_URL_PREFIX}${key}`;

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
