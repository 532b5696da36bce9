import type { Readable } from 'node:stream';

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
  /** The stored file as a stream with its size (a backup reads a file of any size this way), or null. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Writes one file of `size` bytes from a stream (a restore), replacing any file there; never half written. */
  putStream(key: string, body: Readable, size: number): Promise<void>;
  /** Removes a file, its thumbnail and its renditions; no error when they do not exist. */
  remove(key: string): Promise<void>;
  /** The key of every stored file, in no particular order: what a backup holds (never an archive). */
  list(): Promise<string[]>;
  /** Releases connections (the bucket's client); the app calls it when it closes. */
  close?(): Promise<void>;
}

/** A backup archive as its store lists it. */
export interface StoredArchive {
  name: string;
  size: number;
}

/**
 * Where backup archives are kept: `<DATA_DIR>/backups` beside the local files folder, or the bucket's
 * `backups/` folder when the files live in a bucket (so an archive survives the machine with them). Never
 * reachable at /files: only the administrators' backup routes and the command line read archives.
 */
export interface ArchiveStore {
  readonly location: 'data-folder' | 'bucket';
  /** Every archive there, in no particular order. */
  list(): Promise<StoredArchive[]>;
  /** Writes a whole archive under `name`; a reader never sees it half written. */
  write(name: string, body: Buffer): Promise<void>;
  /** The same from a stream of unknown length (a backup as it is made); resolves with the archive's size. */
  writeStream(name: string, body: Readable): Promise<number>;
  /** The archive's bytes, or null when there is none by that name. */
  read(name: string): Promise<Buffer | null>;
  /** The archive as a stream with its size, for a download; null when there is none by that name. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes an archive; no error when it does not exist. */
  remove(name: string): Promise<void>;
  /** Where an archive is, for people reading the command line's output or the logs. */
  whereIs(name: string): string;
  close?(): Promise<void>;
}
