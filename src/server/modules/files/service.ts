import sharp from 'sharp';
import { AVATAR_FIELD } from '@shared/contracts/me';
import { AVATAR_INPUT_MAX_SIDE_PX } from '@shared/limits';
import { AppError } from '../../app-error';
import { markArtwork } from '../../providers/storage/artwork-origin';
import type { StorageProvider, StoredImage } from '../../providers/storage/index';
import { contentTypeOf, STORAGE_KEY_PATTERN } from '../../providers/storage/keys';
import { storeRenditions } from '../../providers/storage/renditions';
import { StorageProviderError } from '../../providers/storage/storage-provider-error';
import { etagOf } from './http-caching';
import { downloadRemoteImage, RemoteImageError, type RemoteImageFailure, type RemoteImageOptions } from '../../remote-image';

/** Longer keys are no key of ours (ours are ~60 characters); S3 refuses keys over 1 024 bytes anyway. */
const FILE_KEY_MAX_LENGTH = 512;
/** A downloaded image wider or taller than this is refused before it is decoded (decompression bombs). */
const MAX_IMAGE_SIDE_PX = 8192;
const KEPT_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** The decoded pixels an avatar's source may have (see AVATAR_INPUT_MAX_SIDE_PX). */
const AVATAR_INPUT_MAX_PIXELS = AVATAR_INPUT_MAX_SIDE_PX * AVATAR_INPUT_MAX_SIDE_PX;
/** What a person may upload as their picture, read from the file's content (sharp), never from its name. */
const AVATAR_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'heif']);

export interface ServedFile {
  body: Buffer;
  /** From the key's extension: never from whoever uploaded or asked for it. */
  contentType: string;
  etag: string;
}

export type ImageImportFailure = RemoteImageFailure | 'not-an-image' | 'storage';
export type StorePermanentImageResult =
  | { ok: true; image: StoredImage }
  | { ok: false; reason: ImageImportFailure; status?: number };

/** An image's header (format, size), read without decoding its pixels; null when it is no image sharp reads. */
async function imageHeaderOf(file: Buffer) {
  try {
    // sharp refuses some inputs (an empty file) as it is called, not in its promise.
    return await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

const notFound = () => new AppError('NOT_FOUND', 'No such file.');

/** The key of a /files/<key> request, or null when it cannot be one of ours (traversal, odd characters, length). */
export function parseFileKey(raw: string): string | null {
  if (raw.length === 0 || raw.length > FILE_KEY_MAX_LENGTH) return null;
  if (!STORAGE_KEY_PATTERN.test(raw) || raw.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return raw;
}

/** Stored files: serving them at /files/<key> and copying images that live elsewhere into storage. */
export function createFilesService(deps: { storage: StorageProvider; remote: RemoteImageOptions }) {
  const { storage } = deps;
  return {
    /** The file behind /files/<key>; NOT_FOUND for unknown or malformed keys. */
    async read(rawKey: string): Promise<ServedFile> {
      const key = parseFileKey(rawKey);
      if (!key) throw notFound();
      let file;
      try {
        file = await storage.get(key);
      } catch (error) {
        if (error instanceof StorageProviderError) throw new AppError('SERVICE_UNAVAILABLE', 'The file store cannot be reached.');
        throw error;
      }
      if (!file) throw notFound();
      return { body: file.body, contentType: contentTypeOf(key), etag: etagOf(file.body) };
    },

    /**
     * Downloads the image behind `imageUrl` (an image provider's temporary address), checks by content
     * that it is a PNG, JPEG or WebP image, and stores it with its thumbnail under `memories/<userId>/`.
     * Never throws for the download or the image: the result says why it failed.
     */
    async storePermanentImage(input: { imageUrl: string; userId: string }): Promise<StorePermanentImageResult> {
      let body: Buffer;
      try {
        body = await downloadRemoteImage(input.imageUrl, deps.remote);
      } catch (error) {
        if (error instanceof RemoteImageError) return { ok: false, reason: error.reason, ...(error.status ? { status: error.status } : {}) };
        throw error;
      }
      try {
        const meta = await sharp(body).metadata();
        if (!KEPT_FORMATS.has(meta.format)) return { ok: false, reason: 'not-an-image' };
        if ((meta.width ?? 0) > MAX_IMAGE_SIDE_PX || (meta.height ?? 0) > MAX_IMAGE_SIDE_PX) return { ok: false, reason: 'too-large' };
      } catch {
        return { ok: false, reason: 'not-an-image' };
      }
      try {
        // A temporary address is an AI image service's: the kept copy says so in its metadata.
        return { ok: true, image: await storage.putImage(`memories/${input.userId}`, await markArtwork(body, 'ai-service')) };
      } catch (error) {
        if (error instanceof StorageProviderError) return { ok: false, reason: 'storage', ...(error.status ? { status: error.status } : {}) };
        // A file system error (the local folder): full disk, permissions.
        if (typeof (error as NodeJS.ErrnoException).code === 'string') return { ok: false, reason: 'storage' };
        // The header looked fine but the image does not decode (truncated, corrupt).
        return { ok: false, reason: 'not-an-image' };
      }
    },

    /**
     * A profile picture: checked to be an image by its content, turned upright, cut to a 512×512 WebP and
     * stored under `avatars/<owner>/` (a person's id, or `agent`). Re-encoding drops every byte of metadata (EXIF, GPS, XMP, ICC).
     * UNSUPPORTED_MEDIA_TYPE for anything that is not an image sharp can read; PAYLOAD_TOO_LARGE, before any
     * decoding, for a picture with more pixels than AVATAR_INPUT_MAX_SIDE_PX squared.
     */
    async storeAvatar(owner: string, upload: Buffer, size: number): Promise<StoredImage> {
      const meta = await imageHeaderOf(upload);
      if (!meta?.format || !AVATAR_FORMATS.has(meta.format)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not an image we can use.');
      // One frame is used (`animated: false`): an animation's frames are not counted together.
      if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > AVATAR_INPUT_MAX_PIXELS) {
        throw new AppError('PAYLOAD_TOO_LARGE', `The picture may have at most ${AVATAR_INPUT_MAX_SIDE_PX} × ${AVATAR_INPUT_MAX_SIDE_PX} pixels.`, {
          [AVATAR_FIELD]: ['validation.avatarTooManyPixels'],
        });
      }
      let webp: Buffer;
      try {
        webp = await sharp(upload, { limitInputPixels: AVATAR_INPUT_MAX_PIXELS, animated: false })
          .rotate()
          .resize(size, size, { fit: 'cover', position: 'attention' })
          .webp({ quality: 85 })
          .toBuffer();
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not an image we can use.');
      }
      return storage.putImage(`avatars/${owner}`, webp);
    },

    /** Makes and stores the WebP renditions of a stored image; their widths (see storeRenditions). */
    async storeRenditions(key: string): Promise<number[]> {
      return storeRenditions(storage, key);
    },

    /** Removes a stored image, its thumbnail and renditions (a copy that turned out not to be needed). */
    async discard(key: string): Promise<void> {
      await storage.remove(key);
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
