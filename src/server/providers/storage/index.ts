import { createLocalFolderStorage } from './local-folder';
import { createS3Storage, type S3StorageOptions } from './s3';

/**
 * Where artworks and avatars live. Keys are unguessable (random) paths such as
 * `memories/<userId>/<random>.png`; the app serves every stored file at `/files/<key>` with immutable
 * cache headers and `nosniff`, whichever provider holds it, so a memory never points at a
 * provider-hosted temporary address.
 */
export interface StoredImage {
  key: string;
  /** The app-relative address of the full image, e.g. `/files/memories/…/….png`. */
  url: string;
  /** A WebP thumbnail for grids, made when the image is stored. */
  thumbnailUrl: string;
}

export interface FileObject {
  body: Buffer;
  contentType: string;
}

export interface StorageProvider {
  readonly name: 'local-folder' | 's3';
  /** Stores a PNG/JPEG/WebP image and its thumbnail under a new unguessable key inside `folder`. */
  putImage(folder: string, image: Buffer): Promise<StoredImage>;
  /** Writes one file under a key of ours (a rendition beside its image), replacing any file there. */
  put(key: string, body: Buffer): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<FileObject | null>;
  /** Removes a file, its thumbnail and its renditions; no error when they do not exist. */
  remove(key: string): Promise<void>;
  /** Releases connections (the bucket's client); the app calls it when it closes. */
  close?(): Promise<void>;
}

export interface StorageOptions {
  /** The folder of the embedded default (under the data directory). */
  localDir: string;
  /** Set (S3_BUCKET): an S3-compatible bucket holds the files instead. */
  s3?: S3StorageOptions | null;
}

/** The local folder by default; the S3-compatible bucket when configured. */
export function createStorageProvider(options: StorageOptions): StorageProvider {
  return options.s3 ? createS3Storage(options.s3) : createLocalFolderStorage({ dir: options.localDir });
}
