import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { Language } from '@shared/limits';
import { projectRoot } from '../../understanding/corpus';

/** What a memory's page shows: nothing else of the day ever reaches the book. */
export interface BookPage {
  title: string;
  reflection: string | null;
  /** Already in the person's language and time zone. */
  date: string;
  mood: string | null;
  /** The artwork as JPEG, or null when its file is missing (the page says so). */
  image: Buffer | null;
}

export interface BookCover {
  language: Language;
  title: string;
  period: string;
  firstName: string | null;
  count: string;
  brand: string;
  missingArtwork: string;
}

// A4, in points. The artwork is the hero: as wide as the text column, square, with a label beneath it.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const COLUMN = PAGE.width - 2 * MARGIN;
const FOOTER_Y = PAGE.height - 34;
const TEXT_BOTTOM = PAGE.height - 52;
const ARTWORK_MIN = 300;
const REFLECTION_SIZES = [12.5, 11.5, 10.5, 9.5];
// The app's own colours (src/web/styles.css): paper, ink, muted ink, accent, accent soft.
const COLOURS = { paper: '#fbf7f2', ink: '#2a2522', muted: '#6b605a', accent: '#9a4a2c', soft: '#f5e6de' };
const FACES = {
  title: 'fraunces-regular.ttf',
  period: 'fraunces-light-italic.ttf',
  text: 'inter-regular.ttf',
  label: 'inter-semibold.ttf',
} as const;
type Face = keyof typeof FACES;

/** The faces' folder, found from the source or from the bundled server. */
const fontsFolder = () => path.join(projectRoot(), 'src/server/modules/memories/book-fonts');

let faces: Record<Face, Buffer> | undefined;
/** The four faces, read once (about 170 KB); each book embeds only the letters it uses. */
function loadFaces(): Record<Face, Buffer> {
  if (!faces) {
    const folder = fontsFolder();
    faces = Object.fromEntries(Object.entries(FACES).map(([face, file]) => [face, readFileSync(path.join(folder, file))])) as Record<Face, Buffer>;
  }
  return faces;
}

/**
 * A PDF book written while it is read: the cover at once, then each memory's page as it is given. The stream
 * pushes back: `addPage` waits while the reader has more than a page or so unread, so a slow download never
 * piles a year of artworks up in memory. Nothing is drawn past a page's bottom, so the PDF has exactly one
 * page per memory after its cover.
 */
export function openBook(cover: BookCover) {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    lang: cover.language === 'fr' ? 'fr-FR' : 'en-US',
    displayTitle: true,
    info: { Title: `${cover.title} · ${cover.period}`, Creator: cover.brand, ...(cover.firstName ? { Author: cover.firstName } : {}) },
  });
  const out = new PassThrough({ highWaterMark: 512 * 1024 });
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  doc.on('end', () => out.end());
  for (const [face, file] of Object.entries(loadFaces())) doc.registerFont(face, file);

  let pageNumber = 0;
  const newPage = () => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    pageNumber += 1;
  };

  const drawCover = () => {
    newPage();
    doc.rect(0, 0, PAGE.width, PAGE.height).fill(COLOURS.paper);
    const centred = { width: COLUMN, align: 'center' as const };
    doc.font('label').fontSize(10).fillColor(COLOURS.accent).text(cover.brand.toUpperCase(), MARGIN, 250, { ...centred, characterSpacing: 3 });
    doc.font('title').fontSize(36).fillColor(COLOURS.ink).text(cover.title, MARGIN, 290, { ...centred, lineGap: 4 });
    doc.font('period').fontSize(28).fillColor(COLOURS.ink).text(cover.period, MARGIN, doc.y + 14, centred);
    const rule = doc.y + 28;
    doc.moveTo(PAGE.width / 2 - 24, rule).lineTo(PAGE.width / 2 + 24, rule).lineWidth(0.75).strokeColor(COLOURS.accent).stroke();
    let y = rule + 28;
    if (cover.firstName) {
      doc.font('text').fontSize(14).fillColor(COLOURS.ink).text(cover.firstName, MARGIN, y, centred);
      y = doc.y + 6;
    }
    doc.font('text').fontSize(11).fillColor(COLOURS.muted).text(cover.count, MARGIN, y, centred);
  };

  /** The label's height at a given artwork size and reflection size, to choose the largest that fits. */
  const labelHeight = (page: BookPage, reflectionSize: number) => {
    let height = doc.font('label').fontSize(9).heightOfString(labelLineOf(page), { width: COLUMN, characterSpacing: 0.6 }) + 8;
    height += doc.font('title').fontSize(22).heightOfString(page.title, { width: COLUMN, lineGap: 2 });
    if (page.reflection) height += 12 + doc.font('title').fontSize(reflectionSize).heightOfString(page.reflection, { width: COLUMN, lineGap: 4 });
    return height;
  };

  const drawMemory = (page: BookPage) => {
    newPage();
    // The largest artwork, then the largest reflection, that leave room for the whole label; past both, the
    // reflection is cut with an ellipsis rather than spill onto a page of its own.
    let artwork = COLUMN;
    let reflectionSize = REFLECTION_SIZES[0]!;
    const room = (size: number) => TEXT_BOTTOM - (MARGIN + size + 24);
    for (const size of REFLECTION_SIZES) {
      reflectionSize = size;
      const needed = labelHeight(page, size);
      artwork = Math.min(COLUMN, Math.max(ARTWORK_MIN, TEXT_BOTTOM - MARGIN - 24 - needed));
      if (needed <= room(artwork)) break;
    }
    const left = MARGIN + (COLUMN - artwork) / 2;
    if (page.image) {
      doc.image(page.image, left, MARGIN, { fit: [artwork, artwork], align: 'center', valign: 'center' });
    } else {
      doc.rect(left, MARGIN, artwork, artwork).fill(COLOURS.soft);
      doc.font('period').fontSize(13).fillColor(COLOURS.muted).text(cover.missingArtwork, left + 24, MARGIN + artwork / 2 - 8, { width: artwork - 48, align: 'center', lineBreak: false });
    }

    let y = MARGIN + artwork + 24;
    doc.font('label').fontSize(9).fillColor(COLOURS.muted).text(labelLineOf(page), MARGIN, y, { width: COLUMN, characterSpacing: 0.6, height: TEXT_BOTTOM - y, ellipsis: true });
    y = doc.y + 8;
    doc.font('title').fontSize(22).fillColor(COLOURS.ink).text(page.title, MARGIN, y, { width: COLUMN, lineGap: 2, height: Math.max(24, TEXT_BOTTOM - y), ellipsis: true });
    y = doc.y + 12;
    if (page.reflection && y < TEXT_BOTTOM - reflectionSize) {
      doc.font('title').fontSize(reflectionSize).fillColor(COLOURS.ink).text(page.reflection, MARGIN, y, { width: COLUMN, lineGap: 4, height: TEXT_BOTTOM - y, ellipsis: true });
    }
    doc.font('text').fontSize(8).fillColor(COLOURS.muted).text(String(pageNumber), MARGIN, FOOTER_Y, { width: COLUMN, align: 'center', lineBreak: false });
    // A reader's bookmarks: one per memory, in the book's order.
    doc.outline.addItem(page.title);
  };

  drawCover();

  return {
    /** The PDF's bytes, as they are written. */
    stream: out as Readable,
    /** Whether the reader went away (the download was cancelled): the caller stops making pages. */
    get closed() {
      return out.destroyed;
    },
    /** Draws one memory's page, then waits until the reader has taken most of what was written. */
    async addPage(page: BookPage): Promise<void> {
      drawMemory(page);
      // The document hands its bytes on a later tick: let them reach the stream before asking whether it is full.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain && !out.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
        });
      }
    },
    /** Writes the fonts, the bookmarks and the file's index; the stream then ends. */
    finish(): void {
      doc.end();
    },
    /** Ends the download as failed, so a book cut short never looks complete. */
    abort(error: Error): void {
      out.destroy(error);
    },
  };
}

const labelLineOf = (page: BookPage) => (page.mood ? `${page.date} · ${page.mood}` : page.date).toUpperCase();
