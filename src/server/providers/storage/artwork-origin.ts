import sharp from 'sharp';
import type { ArtworkOrigin } from '@shared/contracts/memories';

/**
 * The IPTC "digital source type" of each origin: a picture an AI image service drew from a prompt is
 * trained algorithmic media; the built-in renderer's seeded composition is algorithmic media (made by a
 * program, with no model trained on pictures). Readers of the metadata (browsers, platforms, archives) know
 * these exact addresses.
 */
export const DIGITAL_SOURCE_TYPES: Record<ArtworkOrigin, string> = {
  'ai-service': 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  renderer: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
};

/** The XMP packet that says how the picture was made, in the IPTC Photo Metadata extension's property. */
export function artworkXmp(origin: ArtworkOrigin): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">',
    `<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPES[origin]}</Iptc4xmpExt:DigitalSourceType>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}

/**
 * The artwork with its origin written in its XMP, in its own format (PNG stays lossless; a JPEG or WebP from
 * a service is encoded again at a high quality, since the metadata cannot be added without writing the file).
 * The thumbnail and the renditions made from it keep that XMP.
 */
export async function markArtwork(image: Buffer, origin: ArtworkOrigin): Promise<Buffer> {
  const { format } = await sharp(image).metadata();
  const marked = sharp(image).withXmp(artworkXmp(origin));
  if (format === 'png') return marked.png({ compressionLevel: 6 }).toBuffer();
  if (format === 'webp') return marked.webp({ quality: 90 }).toBuffer();
  if (format === 'jpeg') return marked.jpeg({ quality: 90 }).toBuffer();
  throw new Error(`Unsupported image format: ${String(format)}`);
}

/** The digital source type an image's XMP names, or null when it names none. */
export async function digitalSourceTypeOf(image: Buffer): Promise<string | null> {
  const { xmp } = await sharp(image).metadata();
  const match = xmp?.toString('utf8').match(/<Iptc4xmpExt:DigitalSourceType>([^<]+)<\/Iptc4xmpExt:DigitalSourceType>/);
  return match?.[1] ?? null;
}
