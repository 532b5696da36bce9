import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { countPdfPages, createPdfPageCounter } from '@shared/pdf-pages';
import { openBook, type BookPage } from './book-writer';

const cover = { language: 'en' as const, title: 'A month in memories', period: 'March 2026', firstName: 'Camille', count: '3 memories', brand: 'Souvenir', missingArtwork: 'This artwork could not be found.' };
const page = (title: string, overrides: Partial<BookPage> = {}): BookPage => ({ title, reflection: 'A quiet day.', date: 'Sunday, March 1, 2026', mood: 'calm', image: null, ...overrides });
/** The reader's bookmarks, in the file's order: one per memory page. */
const bookmarksOf = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/Title \(([A-Za-z0-9 ]+)\)/g)].map((match) => match[1]);

async function write(pages: BookPage[]) {
  const book = openBook(cover);
  const bytes = buffer(book.stream);
  for (const p of pages) await book.addPage(p);
  book.finish();
  return bytes;
}

describe('the memory book’s pages', () => {
  it('has a cover, then one page per memory in the order given', async () => {
    const pdf = await write([page('First morning'), page('Second walk'), page('Third evening')]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(countPdfPages(pdf)).toBe(4);
    expect(bookmarksOf(pdf)).toEqual(['First morning', 'Second walk', 'Third evening']);
  });

  it('keeps a memory on one page, however long its title and reflection', async () => {
    const long = page('A title long enough to take several lines on the page of the book '.repeat(2), { reflection: 'The sea came back again and again. '.repeat(120) });
    const artwork = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#9a4a2c' } }).jpeg().toBuffer();
    const pdf = await write([long, page('After it', { image: artwork }), { ...long, image: artwork }]);
    expect(countPdfPages(pdf)).toBe(4);
    // The artwork is in the file whole: its 1024 pixels, as the JPEG it was given.
    expect(pdf.toString('latin1')).toMatch(/\/Width 1024\s[\s\S]*\/Filter \/DCTDecode/);
  });

  it('counts pages while the file arrives in pieces, whatever the pieces', async () => {
    const pdf = await write([page('One'), page('Two')]);
    for (const size of [1, 7, 4096]) {
      const counter = createPdfPageCounter();
      for (let at = 0; at < pdf.length; at += size) counter.push(pdf.subarray(at, at + size));
      expect(counter.pages).toBe(3);
    }
  });

  it('waits for a reader that is behind, and stops waiting when the reader goes away', async () => {
    // Noise barely compresses: about a megabyte a page, past what the stream holds for a slow reader.
    const noisy = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 92 }).toBuffer();
    const book = openBook(cover);
    let settled = false;
    const adding = book.addPage(page('Heavy', { image: noisy })).then(() => (settled = true));
    // Nobody reads: the page is written, and the writer waits (a tick for the stream to report it).
    await new Promise((resolve) => setImmediate(resolve));
    expect(book.stream.readableLength + (book.stream as unknown as { writableLength: number }).writableLength).toBeGreaterThan(512 * 1024);
    expect(settled).toBe(false);
    book.stream.destroy();
    await adding;
    expect(book.closed).toBe(true);
  });
});
