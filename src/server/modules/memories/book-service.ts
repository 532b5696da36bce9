import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { BOOK_MAX_MEMORIES, type BookQuery } from '@shared/contracts/book';
import { MOODS, type Mood } from '@shared/contracts/mood-year';
import type { Language } from '@shared/limits';
import { AppError } from '../../app-error';
import { FILES_URL_PREFIX, STORAGE_KEY_PATTERN } from '../../providers/storage/keys';
import type { FilesService } from '../files/service';
import { toLanguage, type ProfileService } from '../profile/service';
import { bookPeriodOf, memoryDateOf, periodLabelOf } from './book-period';
import type { BookCursor, BookRepository } from './book-repository';
import { BOOK_TEXTS } from './book-texts';
import { openBook } from './book-writer';

/** Rows read from the database at a time: a few pages ahead of the one being drawn, never the whole year. */
const BATCH = 25;
/** An artwork with more pixels than this is not decoded (ours are 1024 × 1024; AI services' at most ~1792 wide). */
const MAX_ARTWORK_PIXELS = 8192 * 8192;

export interface MadeBook {
  /** The cover and one page per memory counted when the book was started (the progress's total). */
  pages: number;
  fileName: string;
  stream: Readable;
}

/**
 * "Download as a book": the person's memories of a year or a month as a PDF, made on request and streamed while
 * it is made, one memory at a time (nothing is stored). Only the person's own memories, and of each only its
 * title, reflection, date, mood and artwork — never anything of the conversation it came from.
 */
export function createBookService(deps: { books: BookRepository; files: Pick<FilesService, 'read'>; profiles: Pick<ProfileService, 'getProfile'> }) {
  /** The artwork as a JPEG the PDF can hold at full size, or null when its file is gone or unreadable. */
  async function artworkOf(memory: { id: string; imageUrl: string }, userId: string, log: FastifyBaseLogger): Promise<Buffer | null> {
    const key = memory.imageUrl.startsWith(FILES_URL_PREFIX) ? memory.imageUrl.slice(FILES_URL_PREFIX.length) : null;
    // An image still at an AI service's temporary address is not fetched from here: the page says it is missing.
    if (!key || !STORAGE_KEY_PATTERN.test(key) || !key.startsWith(`memories/${userId}/`)) return null;
    let file: Buffer;
    try {
      file = (await deps.files.read(key)).body;
    } catch (error) {
      // A file that is gone costs one picture; a store that cannot be reached fails the book (thrown on).
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        log.warn({ memoryId: memory.id }, 'book: artwork missing from storage');
        return null;
      }
      throw error;
    }
    try {
      // PDF holds JPEG as it is; 4:4:4 and quality 92 keep the artwork's colours and edges as the PNG has them.
      return await sharp(file, { limitInputPixels: MAX_ARTWORK_PIXELS }).flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    } catch {
      log.warn({ memoryId: memory.id }, 'book: artwork does not decode');
      return null;
    }
  }

  return {
    /**
     * Starts the book: BOOK_EMPTY when the period has no memory, BOOK_TOO_LARGE past BOOK_MAX_MEMORIES, both
     * before a byte is sent. After that a failure ends the stream with an error (logged), so the download fails
     * instead of looking complete.
     */
    async make(userId: string, query: BookQuery, ctx: { log: FastifyBaseLogger }): Promise<MadeBook> {
      const period = bookPeriodOf({ year: query.year, month: query.month, timeZone: query.tz });
      const total = await deps.books.count(userId, period);
      if (total === 0) throw new AppError('BOOK_EMPTY', 'No memory was made in this period.');
      if (total > BOOK_MAX_MEMORIES) throw new AppError('BOOK_TOO_LARGE', `A book holds at most ${BOOK_MAX_MEMORIES} memories; choose a month.`);

      const profile = await deps.profiles.getProfile(userId);
      const language: Language = query.lang ?? toLanguage(profile.defaultLanguage);
      const texts = BOOK_TEXTS[language];
      const label = periodLabelOf(period, language);
      const book = openBook({
        language,
        title: query.month === undefined ? texts.title.year : texts.title.month,
        period: label,
        firstName: profile.firstName?.trim() || null,
        count: texts.count(total),
        brand: texts.brand,
        missingArtwork: texts.missingArtwork,
      });

      const fill = async () => {
        let after: BookCursor | null = null;
        for (;;) {
          const rows = await deps.books.listAfter(userId, period, after, BATCH);
          for (const row of rows) {
            if (book.closed) return;
            await book.addPage({
              title: row.title,
              reflection: row.poeticSummary?.trim() || null,
              date: memoryDateOf(row.createdAt, language, period.timeZone),
              mood: MOODS.includes(row.mood as Mood) ? texts.moods[row.mood as Mood] : null,
              image: await artworkOf(row, userId, ctx.log),
            });
          }
          if (rows.length < BATCH) break;
          const last = rows[rows.length - 1]!;
          after = { cursor: last.cursor, id: last.id };
        }
        book.finish();
      };
      fill().catch((error: unknown) => {
        ctx.log.error({ err: error, userId }, 'memory book failed part-way');
        book.abort(error instanceof Error ? error : new Error('book failed'));
      });

      const slug = query.month === undefined ? String(query.year) : `${query.year}-${String(query.month).padStart(2, '0')}`;
      return { pages: total + 1, fileName: `souvenir-${slug}.pdf`, stream: book.stream };
    },
  };
}
export type BookService = ReturnType<typeof createBookService>;
