import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newImageKey, prepareImage } from './images';
import type { ArchiveStore, StorageProvider } from './storage-provider';
import { ARCHIVE_NAME_PATTERN, contentTypeOf, derivedKeysOf, STORAGE_KEY_PATTERN, thumbnailKeyOf, urlOf } from './keys';

/** The embedded default: files in a folder under the data directory. */
export function createLocalFolderStorage(options: { dir: string }): StorageProvider {
  const root = path.resolve(options.dir);
  const fileOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key) || key.split('/').includes('..')) return null;
    const file = path.resolve(root, key);
    return file.startsWith(root + path.sep) ? file : null;
  };
  const write = async (key: string, body: Buffer) => {
    const file = fileOf(key)!;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  };

  return {
    name: 'local-folder',
    async putImage(folder, image) {
      const { format, thumbnail } = await prepareImage(image);
      const key = newImageKey(folder, format);
      // The thumbnail first: an image that exists always has its thumbnail, and a thumbnail is never left alone.
      await write(thumbnailKeyOf(key), thumbnail);
      try {
        await write(key, image);
      } catch (error) {
        await rm(fileOf(thumbnailKeyOf(key))!, { force: true }).catch(() => undefined);
        throw error;
      }
      return { key, url: urlOf(key), thumbnailUrl: urlOf(thumbnailKeyOf(key)) };
    },
    async put(key, body) {
      if (!fileOf(key)) throw new Error('Unsafe storage key');
      await write(key, body);
    },
    async putStream(key, body, size) {
      const file = fileOf(key);
      if (!file) throw new Error('Unsafe storage key');
      await mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, body, size);
    },
    async open(key) {
      const file = fileOf(key);
      const size = file ? await sizeOf(file) : null;
      if (!file || size === null) return null;
      return { stream: createReadStream(file), size };
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        return { body: await readFile(file), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      for (const k of derivedKeysOf(key)) {
        const file = fileOf(k);
        if (file) await rm(file, { force: true });
      }
    },
    async list() {
      const keys = (await filesUnder(root)).map((file) => path.relative(root, file).split(path.sep).join('/'));
      // Whatever else sits in the folder (an editor's or a desktop's leftovers) is no file of ours.
      return keys.filter((key) => fileOf(key) !== null);
    },
  };
}

const sizeOf = (file: string) =>
  stat(file).then(
    (s) => (s.isFile() ? s.size : null),
    () => null,
  );

/**
 * Streams into a hidden file beside `file`, then renames it: a reader never sees a half-written file, and a
 * failure leaves what was there. `size`, when given, must be what arrived.
 */
async function writeWhole(file: string, body: Readable, size: number | null, mode?: number): Promise<number> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await pipeline(body, createWriteStream(partial, mode === undefined ? {} : { mode }));
    const written = (await stat(partial)).size;
    if (size !== null && written !== size) throw new Error(`Expected ${size} bytes, got ${written}`);
    await rename(partial, file);
    return written;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const nested = await Promise.all(entries.map(async (entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : entry.isFile() ? [path.join(dir, entry.name)] : [])));
  return nested.flat();
}

/** Archives in a folder of their own (`<DATA_DIR>/backups`), readable by the server's user only. */
export function createFolderArchiveStore(options: { dir: string }): ArchiveStore {
  const dir = path.resolve(options.dir);
  const fileOf = (name: string) => (ARCHIVE_NAME_PATTERN.test(name) ? path.join(dir, name) : null);

  return {
    location: 'data-folder',
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const sized = await Promise.all(names.filter((name) => ARCHIVE_NAME_PATTERN.test(name)).map(async (name) => ({ name, size: await sizeOf(path.join(dir, name)) })));
      return sized.filter((archive): archive is { name: string; size: number } => archive.size !== null);
    },
    async write(name, body) {
      const file = fileOf(name);
      if (!file) throw new Error('Unsafe archive name');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Written under a hidden name, then renamed: a crash never leaves a half archive among the listed ones.
      const partial = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.partial`);
      try {
        await writeFile(partial, body, { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async writeStream(name, body) {
      const file = fileOf(name);
      if (!file) throw new Error('Unsafe archive name');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return writeWhole(file, body, null, 0o600);
    },
    async read(name) {
      const file = fileOf(name);
      if (!file) return null;
      try {
        return await readFile(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR') return null;
        throw error;
      }
    },
    async open(name) {
      const file = fileOf(name);
      const size = file ? await sizeOf(file) : null;
      if (!file || size === null) return null;
      return { stream: createReadStream(file), size };
    },
    async remove(name) {
      const file = fileOf(name);
      if (file) await rm(file, { force: true });
    },
    whereIs(name) {
      return path.join(dir, name);
    },
  };
}
