import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newImageKey, prepareImage } from './images';
import type { StorageProvider } from './index';
import { contentTypeOf, derivedKeysOf, STORAGE_KEY_PATTERN, thumbnailKeyOf, urlOf } from './keys';

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
  };
}
