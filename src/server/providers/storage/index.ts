import { createFolderArchiveStore, createLocalFolderStorage } from './local-folder';
import { createS3ArchiveStore, createS3Storage, type S3StorageOptions } from './s3';
import type { StorageProvider, ArchiveStore } from './storage-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { StoredImage, FileObject, StorageProvider, StoredArchive, ArchiveStore } from './storage-provider';

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

/** Beside the local files, or in the bucket that holds them. */
export function createArchiveStore(options: { dir: string; s3?: S3StorageOptions | null }): ArchiveStore {
  return options.s3 ? createS3ArchiveStore(options.s3) : createFolderArchiveStore({ dir: options.dir });
}
