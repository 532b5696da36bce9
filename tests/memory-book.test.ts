import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BOOK_PAGES_HEADER } from '@shared/contracts/book';
import { countPdfPages } from '@shared/pdf-pages';
import { sql } from 'drizzle-orm';
import { souvenirs } from '@server/db/schema/index';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { StorageProviderError } from '@server/providers/storage/storage-provider-error';
import { CRISIS_IMAGE_PROMPT, crisisMemoryTexts } from '@server/safety/replies';
import { addMemory, type MemoryInput } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

// Three books an hour per person here, so the limit itself can be reached in a test.
const t = await createTestApp({ RATE_LIMIT_BOOK_MAX: '3' });
const storage = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
// A second app whose file store stops answering on demand, as a bucket out of reach would.
let storeDown = false;
const failingFiles = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
const unreachable = await createTestApp(
  {},
  {
    storage: {
      ...failingFiles,
      get: async (key: string) => {
        if (storeDown) throw new StorageProviderError('network');
        return failingFiles.get(key);
      },
    },
  },
);
const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#9a4a2c' } }).png().toBuffer();

const book = (cookie: string | undefined, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/memories/book${query}`, headers: cookie ? { cookie } : {} });
/** The reader's bookmarks of a book, one per memory page in the book's order (titles of plain letters here). */
const bookmarksOf = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/Title \(([A-Za-z0-9 ]+)\)/g)].map((match) => match[1]);
/** A memory with a real stored artwork. */
async function memory(userId: string, title: string, createdAt: string, overrides: Partial<MemoryInput> = {}) {
  const image = await storage.putImage(`memories/${userId}`, png);
  return addMemory(t, userId, { title, createdAt: new Date(createdAt), imageUrl: image.url, ...overrides });
}

describe('GET /api/memories/book (a year or a month as a PDF book)', () => {
  it('makes a cover and one page per memory of the month, oldest first, with the page count announced', async () => {
    const user = await createUser(t);
    await memory(user.id, 'Third day', '2026-03-20T09:00:00Z');
    await memory(user.id, 'First day', '2026-03-01T08:00:00Z');
    await memory(user.id, 'Second day', '2026-03-10T18:00:00Z', { mood: 'calm' });
    await memory(user.id, 'April day', '2026-04-01T12:00:00Z');

    const response = await book(user.cookie, '?year=2026&month=3&tz=UTC&lang=en');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="souvenir-2026-03.pdf"');
    expect(response.headers[BOOK_PAGES_HEADER]).toBe('4');
    const pdf = response.rawPayload;
    expect(countPdfPages(pdf)).toBe(4);
    expect(bookmarksOf(pdf)).toEqual(['First day', 'Second day', 'Third day']);
    // Each memory's artwork, converted to a JPEG of its full size.
    expect(pdf.toString('latin1').match(/\/Filter \/DCTDecode/g)).toHaveLength(3);
    expect(pdf.toString('latin1')).toContain('/Lang (en-US)');
  });

  it('reads the year in the person’s time zone: New Year’s Eve, the first minutes of January and a leap day', async () => {
    const user = await createUser(t);
    // 00:30 on 1 January 2024 in Paris is still 2023 in UTC; 23:30 UTC on 31 December 2024 is already 2025 there.
    await memory(user.id, 'New Year in Paris', '2023-12-31T23:30:00Z');
    await memory(user.id, 'Leap day', '2024-02-29T12:00:00Z');
    await memory(user.id, 'Already next year', '2024-12-31T23:30:00Z');
    await memory(user.id, 'Last year', '2023-12-31T12:00:00Z');

    const paris = await book(user.cookie, '?year=2024&tz=Europe/Paris');
    expect(paris.statusCode).toBe(200);
    expect(bookmarksOf(paris.rawPayload)).toEqual(['New Year in Paris', 'Leap day']);
    const utc = await book(user.cookie, '?year=2024&tz=UTC');
    expect(bookmarksOf(utc.rawPayload)).toEqual(['Leap day', 'Already next year']);
    // Noon UTC on 29 February is early that morning in Los Angeles, and already 1 March in Auckland.
    const february = await book(user.cookie, '?year=2024&month=2&tz=America/Los_Angeles');
    expect(bookmarksOf(february.rawPayload)).toEqual(['Leap day']);
  });

  it('writes the book in the language asked, else the profile’s, and keeps a page whose artwork file is gone', async () => {
    const user = await createUser(t);
    await addMemory(t, user.id, { title: 'Gone picture', createdAt: new Date('2025-12-02T10:00:00Z'), imageUrl: `/files/memories/${user.id}/0123456789abcdef.png` });
    const french = await book(user.cookie, '?year=2025&month=12&lang=fr');
    expect(french.statusCode).toBe(200);
    expect(french.rawPayload.toString('latin1')).toContain('/Lang (fr-FR)');
    expect(countPdfPages(french.rawPayload)).toBe(2);
    expect(t.logs.join('')).toContain('book: artwork missing from storage');
  });

  it('holds only the person’s own memories: another person’s year is empty for them', async () => {
    const [alice, bruno] = [await createUser(t), await createUser(t)];
    await memory(alice.id, 'Alice alone', '2026-06-01T12:00:00Z');
    const response = await book(bruno.cookie, '?year=2026');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'BOOK_EMPTY' });
    expect(response.body).not.toContain('Alice alone');
    expect((await book(undefined, '?year=2026')).statusCode).toBe(401);
  });

  it('refuses a period it cannot read with a translated 400, and counts none of them against the limit', async () => {
    const user = await createUser(t);
    const cases: Array<[string, string, string]> = [
      ['', 'year', 'validation.yearInvalid'],
      ['?year=abc', 'year', 'validation.yearInvalid'],
      ['?year=1999', 'year', 'validation.yearInvalid'],
      ['?year=10000', 'year', 'validation.yearInvalid'],
      ['?year=2026.5', 'year', 'validation.yearInvalid'],
      ['?year=-1', 'year', 'validation.yearInvalid'],
      ['?year=2026&month=0', 'month', 'validation.monthInvalid'],
      ['?year=2026&month=13', 'month', 'validation.monthInvalid'],
      ['?year=2026&month=march', 'month', 'validation.monthInvalid'],
      ['?year=2026&month=', 'month', 'validation.monthInvalid'],
      ['?year=2026&tz=Mars/Olympus', 'tz', 'validation.timeZoneInvalid'],
      ['?year=2026&lang=de', 'lang', 'validation.languageRequired'],
    ];
    for (const [query, field, key] of cases) {
      const response = await book(user.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [key] } });
    }
    // Still three books left this hour.
    await memory(user.id, 'Counted', '2026-02-01T12:00:00Z');
    expect((await book(user.cookie, '?year=2026')).statusCode).toBe(200);
  });

  it('lets a person make a few books an hour, then answers 429 without making one', async () => {
    const user = await createUser(t);
    await memory(user.id, 'Once', '2026-05-05T12:00:00Z');
    for (let i = 0; i < 3; i++) expect((await book(user.cookie, '?year=2026')).statusCode).toBe(200);
    const refused = await book(user.cookie, '?year=2026');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    // Another person is not held back by it.
    const other = await createUser(t);
    await memory(other.id, 'Other', '2026-05-05T12:00:00Z');
    expect((await book(other.cookie, '?year=2026')).statusCode).toBe(200);
  });

  it('keeps a crisis day’s memory in its place, as the gallery does', async () => {
    const user = await createUser(t);
    const calm = crisisMemoryTexts('en', null);
    await memory(user.id, 'Before', '2026-08-01T12:00:00Z');
    await memory(user.id, calm.title, '2026-08-02T12:00:00Z', { prompt: CRISIS_IMAGE_PROMPT, poeticSummary: calm.poeticSummary });
    await memory(user.id, 'After', '2026-08-03T12:00:00Z');
    const gallery = await t.app.inject({ method: 'GET', url: '/api/memories?year=2026&month=8', headers: { cookie: user.cookie } });
    const response = await book(user.cookie, '?year=2026&month=8');
    expect(countPdfPages(response.rawPayload)).toBe(gallery.json().total + 1);
    expect(countPdfPages(response.rawPayload)).toBe(4);
  });

  it('asks for a month when a year holds more memories than one book, before making anything', async () => {
    const user = await createUser(t);
    await t.db.execute(sql`
      insert into ${souvenirs} (user_id, title, image_url, prompt, poetic_summary, created_at)
      select ${user.id}, 'Many ' || n, '/files/memories/none.png', 'A painting', 'A reflection.', timestamptz '2026-01-01 12:00+00' + n * interval '8 hours'
        from generate_series(1, 1001) as n`);
    const response = await book(user.cookie, '?year=2026');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'BOOK_TOO_LARGE' });
    // One every eight hours: January holds 91 of them, a book of its own.
    const january = await book(user.cookie, '?year=2026&month=1');
    expect(january.statusCode).toBe(200);
    expect(january.headers[BOOK_PAGES_HEADER]).toBe('92');
  });

  it('fails the download, never a book that looks whole, when the file store cannot be reached', async () => {
    const user = await createUser(unreachable);
    await memory(user.id, 'Before the store fell', '2026-07-01T12:00:00Z');
    await memory(user.id, 'After it', '2026-07-02T12:00:00Z');
    storeDown = true;
    try {
      const response = await unreachable.app.inject({ method: 'GET', url: '/api/memories/book?year=2026&month=7', headers: { cookie: user.cookie } }).catch((error: unknown) => error);
      // Either the connection breaks, or what arrived is cut short: no end of file, fewer pages than announced.
      if (!(response instanceof Error)) {
        const pdf = (response as Awaited<ReturnType<typeof book>>).rawPayload;
        expect(pdf.toString('latin1')).not.toContain('%%EOF');
        expect(countPdfPages(pdf)).toBeLessThan(3);
      }
      expect(unreachable.logs.join('')).toContain('memory book failed part-way');
    } finally {
      storeDown = false;
    }
  });
});
