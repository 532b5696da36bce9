/**
 * Which memories still point at an image provider's temporary address (docs/decisions/0022-temporary-image-migration.md): the
 * one rule, used by the count (SQL) and by the migration (JS).
 *
 * Every image Souvenir keeps is served by the app itself at `/files/<key>` and stored as that
 * app-relative path. So any absolute http(s) address is temporary — an image provider's expiring URL
 * such as OpenAI's `https://oaidalleapiprodscus.blob.core.windows.net/…` (signed, gone after about an
 * hour), or any other host — except the app's own `<PUBLIC_URL>/files/…`. App-relative paths
 * (`/files/…`, a bundled default artwork) are permanent.
 */

/** Case-insensitive; written once for both PostgreSQL (`~*`) and JavaScript. */
export const TEMPORARY_IMAGE_URL_PATTERN = '^https?://';

/** Hosts known to serve expiring image URLs; all are covered by the pattern above (listed for the docs and tests). */
export const KNOWN_TEMPORARY_IMAGE_HOSTS = ['https://oaidalleapiprodscus.blob.core.windows.net/'] as const;

const temporary = new RegExp(TEMPORARY_IMAGE_URL_PATTERN, 'i');

/** `ownFilesUrlPrefix`: the app's own absolute files address, `<PUBLIC_URL>/files/`. */
export const isTemporaryImageUrl = (imageUrl: string, ownFilesUrlPrefix: string) =>
  temporary.test(imageUrl) && !imageUrl.startsWith(ownFilesUrlPrefix);
