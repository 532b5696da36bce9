import { makeRenditions } from './images';
import type { StorageProvider } from './storage-provider';
import { renditionKeyOf } from './keys';

/**
 * Makes and stores the WebP renditions of the stored image `key` (its bytes given, or read from the storage)
 * beside it, and returns their widths, smallest first. Writing again replaces the same files, so running it
 * twice is harmless. Throws when the image is missing or does not decode, or when the storage fails.
 */
export async function storeRenditions(storage: StorageProvider, key: string, image?: Buffer): Promise<number[]> {
  const body = image ?? (await storage.get(key))?.body;
  if (!body) throw new Error('the image is not in the storage');
  const renditions = await makeRenditions(body);
  for (const { width, body: rendition } of renditions) await storage.put(renditionKeyOf(key, width), rendition);
  return renditions.map((r) => r.width);
}
