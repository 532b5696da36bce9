import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { RENDITION_WIDTHS, STORAGE_KEY_PATTERN } from './keys';

/** Grid thumbnails: the artwork is square, cards show it at most ~400 css px wide on 2x screens. */
export const THUMBNAIL_PX = 512;

/** A new unguessable key inside `folder` (128 random bits), with the image's own extension. */
export function newImageKey(folder: string, format: 'png' | 'jpg' | 'webp'): string {
  const key = `${folder.replace(/^\/+|\/+$/g, '')}/${randomBytes(16).toString('hex')}.${format}`;
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Unsafe storage folder: ${folder}`);
  return key;
}

/** Reads what the image really is (never trusting a name) and makes its WebP thumbnail, keeping the image's XMP (its origin). */
export async function prepareImage(image: Buffer): Promise<{ format: 'png' | 'jpg' | 'webp'; thumbnail: Buffer }> {
  const meta = await sharp(image).metadata();
  const format = meta.format === 'jpeg' ? 'jpg' : meta.format;
  if (format !== 'png' && format !== 'jpg' && format !== 'webp') throw new Error(`Unsupported image format: ${String(meta.format)}`);
  const thumbnail = await sharp(image).resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'cover' }).keepXmp().webp({ quality: 80 }).toBuffer();
  return { format, thumbnail };
}

/**
 * WebP renditions of an artwork at the widths of RENDITION_WIDTHS no wider than the image itself (never
 * enlarged), in order of width, each keeping the image's XMP (its origin). Throws when the bytes are no image sharp decodes.
 */
export async function makeRenditions(image: Buffer): Promise<{ width: number; body: Buffer }[]> {
  const { width: sourceWidth = 0 } = await sharp(image).metadata();
  const widths = RENDITION_WIDTHS.filter((width) => width <= sourceWidth);
  return Promise.all(
    widths.map(async (width) => ({ width, body: await sharp(image).resize({ width }).keepXmp().webp({ quality: 80 }).toBuffer() })),
  );
}
