import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTWORK_ORIGINS } from '@shared/contracts/memories';
import { DIGITAL_SOURCE_TYPES, digitalSourceTypeOf, markArtwork } from './artwork-origin';
import { renditionKeyOf, thumbnailKeyOf } from './keys';
import { createLocalFolderStorage } from './local-folder';
import { storeRenditions } from './renditions';

const dir = mkdtempSync(path.join(tmpdir(), 'souvenir-artwork-origin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const storage = createLocalFolderStorage({ dir });
const fileOf = (key: string) => readFileSync(path.join(dir, key));

/** A picture as a service or the renderer hands it over: no metadata of its own. */
const pictureAs = (format: 'png' | 'webp') =>
  sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#8fa3c9' } })[format]().toBuffer();

describe('the origin written into every stored artwork', () => {
  it.each(ARTWORK_ORIGINS.flatMap((origin) => (['png', 'webp'] as const).map((format) => ({ origin, format }))))(
    'a $format from $origin: the image, its thumbnail and each rendition name its digital source type',
    async ({ origin, format }) => {
      const original = await pictureAs(format);
      expect(await digitalSourceTypeOf(original)).toBeNull();

      const stored = await storage.putImage('memories/user-1', await markArtwork(original, origin));
      const widths = await storeRenditions(storage, stored.key);
      expect(widths.length).toBeGreaterThan(0);

      const image = fileOf(stored.key);
      expect((await sharp(image).metadata()).format).toBe(format);
      for (const file of [image, fileOf(thumbnailKeyOf(stored.key)), ...widths.map((w) => fileOf(renditionKeyOf(stored.key, w)))]) {
        expect(await digitalSourceTypeOf(file)).toBe(DIGITAL_SOURCE_TYPES[origin]);
      }
    },
  );

  it('names the IPTC codes: trained algorithmic media for a service, algorithmic media for the renderer', () => {
    expect(DIGITAL_SOURCE_TYPES['ai-service']).toBe('http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia');
    expect(DIGITAL_SOURCE_TYPES.renderer).toBe('http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia');
  });

  it('keeps a PNG’s pixels exactly', async () => {
    const original = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } }).png().toBuffer();
    const marked = await markArtwork(original, 'renderer');
    expect((await sharp(marked).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });
});
