// Renders the installable app's icons from the favicon (src/web/public/favicon.svg) with sharp.
// Run after changing the favicon: `npx tsx scripts/make-icons.ts`; the PNGs are committed (decision 0031).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = (file: string) => fileURLToPath(new URL(`../src/web/public/${file}`, import.meta.url));

/** The favicon's paper tile: kept for the "any" icons, replaced by a full-bleed square where a platform masks the icon. */
const TILE = /<rect x="2" y="2" width="60" height="60" rx="14" fill="(#[0-9A-Fa-f]{6})"\/>/;

interface Icon {
  file: string;
  size: number;
  /** Full-bleed square (no transparent corners): maskable icons and Apple's, which fills transparency with black. */
  fullBleed: boolean;
  /** Scale of the drawing around the centre, so a mask (at worst a circle of 40 % of the size) never cuts it. */
  scale: number;
}

const ICONS: Icon[] = [
  { file: 'icons/icon-192.png', size: 192, fullBleed: false, scale: 1 },
  { file: 'icons/icon-512.png', size: 512, fullBleed: false, scale: 1 },
  // The frame's corners reach 0.48 of the size from the centre at scale 1; at 0.8 they stay inside the 0.4 safe zone.
  { file: 'icons/icon-maskable-512.png', size: 512, fullBleed: true, scale: 0.8 },
  // iOS rounds the corners itself; the drawing keeps the favicon's proportions.
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, scale: 1 },
];

function iconSvg(favicon: string, icon: Icon): string {
  const tile = TILE.exec(favicon);
  if (!tile) throw new Error('favicon.svg changed shape: update TILE in scripts/make-icons.ts');
  if (!icon.fullBleed) return favicon;
  const drawing = favicon.replace(TILE, '').replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const s = icon.scale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${tile[1]}"/>` +
    `<g transform="translate(${32 * (1 - s)} ${32 * (1 - s)}) scale(${s})">${drawing}</g></svg>`
  );
}

async function main() {
  const favicon = await readFile(publicDir('favicon.svg'), 'utf8');
  for (const icon of ICONS) {
    // The SVG is 64 units wide: a density giving the target size renders it sharp instead of upscaling a bitmap.
    const density = (72 * icon.size) / 64;
    const info = await sharp(Buffer.from(iconSvg(favicon, icon)), { density })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toFile(publicDir(icon.file));
    console.log(`${icon.file}: ${info.width}×${info.height}, ${info.size} bytes`);
  }
}

await main();
