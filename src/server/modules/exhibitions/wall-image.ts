import path from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../../understanding/corpus';

/** The downloaded wall is this wide; its height follows the number of rows. */
export const WALL_WIDTH = 1200;
/** At most this many artworks are hung on the downloaded picture (six rows of six); the page shows them all. */
export const WALL_IMAGE_MAX_ARTWORKS = 36;

const MARGIN = 64;
const GAP = 20;
const HEADER = 190;
const PAPER = '#fbf7f2';
const SAND = '#f3ece3';
const INK = '#2a2522';
const INK_MUTED = '#6b605a';

const escapeMarkup = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The app's own faces, as the memory book uses them (static instances committed beside it, and copied into the
 * image): the picture looks the same on every server, even one without any system font.
 */
const face = (file: string) => path.join(projectRoot(), 'src/server/modules/memories/book-fonts', file);

/** One line of text as a transparent picture, in the given face, colour and size (Pango markup, escaped). */
function line(text: string, options: { file: string; family: string; size: number; colour: string }) {
  return sharp({
    text: {
      text: `<span foreground="${options.colour}" size="${options.size * 1024}">${escapeMarkup(text)}</span>`,
      font: options.family,
      fontfile: face(options.file),
      width: WALL_WIDTH - 2 * MARGIN,
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();
}

/** Columns for `count` artworks: a square-ish wall, never more than six across. */
export const columnsFor = (count: number) => Math.min(6, Math.max(1, Math.ceil(Math.sqrt(count))));

/** A title that fits one line of the header at this size: cut at a word, with an ellipsis. */
function fitted(title: string, maxChars: number) {
  if (title.length <= maxChars) return title;
  const cut = title.slice(0, maxChars - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxChars / 2))}…`;
}

/**
 * The exhibition as one picture: the title and the month above, then the artworks in a grid on warm paper, in
 * the wall's order. `artworks` holds each picture's bytes, or null for one that can no longer be read (its place
 * stays, as a quiet tile, so the wall keeps its shape). A JPEG: the artworks are pictures, and a PNG of a full
 * month weighs several megabytes.
 */
export async function composeWall(input: { title: string; subtitle: string; artworks: (Buffer | null)[] }): Promise<Buffer> {
  const hung = input.artworks.slice(0, WALL_IMAGE_MAX_ARTWORKS);
  const columns = columnsFor(hung.length);
  const rows = Math.max(1, Math.ceil(hung.length / columns));
  const cell = Math.floor((WALL_WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns);
  const height = HEADER + rows * cell + (rows - 1) * GAP + MARGIN;

  const [title, subtitle] = await Promise.all([
    line(fitted(input.title, 36), { file: 'fraunces-regular.ttf', family: 'Fraunces', size: 52, colour: INK }),
    line(fitted(input.subtitle, 70), { file: 'inter-regular.ttf', family: 'Inter', size: 24, colour: INK_MUTED }),
  ]);

  const tiles = await Promise.all(
    hung.map(async (bytes, index) => {
      const left = MARGIN + (index % columns) * (cell + GAP);
      const top = HEADER + Math.floor(index / columns) * (cell + GAP);
      const blank = { create: { width: cell, height: cell, channels: 3 as const, background: SAND } };
      if (!bytes) return { input: await sharp(blank).png().toBuffer(), left, top };
      try {
        return { input: await sharp(bytes).resize(cell, cell, { fit: 'cover' }).toBuffer(), left, top };
      } catch {
        // A file that no longer decodes is shown as an empty place, never as a broken download.
        return { input: await sharp(blank).png().toBuffer(), left, top };
      }
    }),
  );

  return sharp({ create: { width: WALL_WIDTH, height, channels: 3, background: PAPER } })
    .composite([{ input: title, left: MARGIN, top: 56 }, { input: subtitle, left: MARGIN, top: 128 }, ...tiles])
    .jpeg({ quality: 86 })
    .toBuffer();
}
