import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ARTWORK_ORIGINS,
  type ArtworkOrigin,
  type GalleryPage,
  type GalleryQuery,
  type GalleryYears,
  type ImageMigrationResult,
  type ImageSource,
  type ImageMigrationStatus,
  type MemoryDetail,
  type MemoryShare,
  type MemorySummary,
  type MemoryUpdate,
  type RecentMemoriesResponse,
  type SharedMemory,
} from '@shared/contracts/memories';
import { MOODS, type Mood, type MoodYear, type MoodYearQuery } from '@shared/contracts/mood-year';
import type { OnThisDay } from '@shared/contracts/on-this-day';
import { GALLERY_PAGE_SIZE, SHARE_TOKEN_BYTES } from '@shared/limits';
import { isUuid } from '@shared/contracts/id-params';
import { AppError } from '../../app-error';
import { StorageProviderError } from '../../providers/storage/storage-provider-error';
import { FILES_URL_PREFIX, renditionKeyOf, STORAGE_KEY_PATTERN, thumbnailKeyOf, urlOf } from '../../providers/storage/keys';
import type { FilesService } from '../files/service';
import { anniversariesOf, CRISIS_MEMORY, localDateOf } from './on-this-day';
import type { MemoriesRepository, Period } from './repository';
import { isTemporaryImageUrl } from './temporary-image-url';

type SummaryRow = Awaited<ReturnType<MemoriesRepository['listRecent']>>[number];
type DetailRow = NonNullable<Awaited<ReturnType<MemoriesRepository['findDetail']>>>;

const toSummary = ({ imageRenditionWidths, ...row }: SummaryRow): MemorySummary => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  thumbnailUrl: thumbnailUrlOf(row.imageUrl),
  imageSources: imageSourcesOf(row.imageUrl, imageRenditionWidths),
});
const originOf = (value: string | null): ArtworkOrigin | null => (ARTWORK_ORIGINS as readonly string[]).includes(value ?? '') ? (value as ArtworkOrigin) : null;
const toDetail = ({ imageOrigin, ...row }: DetailRow): MemoryDetail => ({
  ...toSummary(row),
  poeticSummary: row.poeticSummary,
  shareToken: row.shareToken,
  imageOrigin: originOf(imageOrigin),
});

/**
 * The grid thumbnail of an image the app stores itself (`/files/<key>` → `/files/<key>.thumb.webp`, made
 * with the image); null for any other address (a temporary one not migrated yet), which has none.
 */
function thumbnailUrlOf(imageUrl: string): string | null {
  if (!imageUrl.startsWith(FILES_URL_PREFIX)) return null;
  const key = imageUrl.slice(FILES_URL_PREFIX.length);
  if (!STORAGE_KEY_PATTERN.test(key) || /\.thumb\.[a-z]+$/i.test(key)) return null;
  return urlOf(thumbnailKeyOf(key));
}

/** The renditions recorded for an image the app stores, named after its key (decision 0075); none otherwise. */
function imageSourcesOf(imageUrl: string, widths: number[] | null): ImageSource[] {
  if (!widths?.length || !imageUrl.startsWith(FILES_URL_PREFIX)) return [];
  const key = imageUrl.slice(FILES_URL_PREFIX.length);
  if (!STORAGE_KEY_PATTERN.test(key)) return [];
  return widths.map((width) => ({ width, url: urlOf(renditionKeyOf(key, width)) }));
}

const SHARE_TOKEN = /^[0-9a-f]{64}$/;
const memoryNotFound = () => new AppError('NOT_FOUND', 'No such memory.');

/** The storage key of an image the app keeps for this person, or null (a temporary address, or anything else). */
function ownStorageKeyOf(imageUrl: string, userId: string): string | null {
  if (!imageUrl.startsWith(FILES_URL_PREFIX)) return null;
  const key = imageUrl.slice(FILES_URL_PREFIX.length);
  return STORAGE_KEY_PATTERN.test(key) && key.startsWith(`memories/${userId}/`) ? key : null;
}

/** A year, or one month of it, as [from, to) in the person's time zone. */
function periodOf(query: Pick<GalleryQuery, 'year' | 'month' | 'tz'>): Period | null {
  if (query.year === undefined) return null;
  if (query.month === undefined) return { timeZone: query.tz, from: { year: query.year, month: 1 }, to: { year: query.year + 1, month: 1 } };
  const next = query.month === 12 ? { year: query.year + 1, month: 1 } : { year: query.year, month: query.month + 1 };
  return { timeZone: query.tz, from: { year: query.year, month: query.month }, to: next };
}

export function createMemoriesService(deps: { memories: MemoriesRepository; files: FilesService; publicUrl: string }) {
  const { memories, files } = deps;

  // Browsers accept a few old zone names PostgreSQL no longer knows (`US/Pacific-New`), and the database
  // fails on them: a zone must also be in the database's own list (read once; names match in any case).
  let knownZones: Promise<Set<string>> | undefined;
  async function requireKnownZone(timeZone: string): Promise<void> {
    knownZones ??= memories.listTimeZoneNames().then((names) => new Set(names.map((name) => name.toLowerCase())));
    const zones = await knownZones.catch((error: unknown) => {
      knownZones = undefined;
      throw error;
    });
    if (!zones.has(timeZone.toLowerCase())) {
      throw new AppError('VALIDATION_FAILED', 'The time zone is not known.', { tz: ['validation.timeZoneInvalid'] });
    }
  }
  /** The app's own files, when written as absolute addresses: never temporary. */
  const ownFilesUrlPrefix = `${deps.publicUrl}/files/`;

  /** The public page's fields, or null for any token that is not a current link. */
  async function findShared(token: string): Promise<SharedMemory | null> {
    if (!SHARE_TOKEN.test(token)) return null;
    const row = await memories.findShared(token);
    if (!row) return null;
    const { imageRenditionWidths, ...shared } = row;
    return { ...shared, imageSources: imageSourcesOf(row.imageUrl, imageRenditionWidths), createdAt: row.createdAt.toISOString(), imageOrigin: originOf(row.imageOrigin) };
  }

  /**
   * Makes and records one memory's renditions. An image that is missing, broken or not ours is recorded as
   * having none (never tried again); a storage failure leaves it for the next pass. Never throws.
   */
  async function renditionsFor(memory: { id: string; imageUrl: string; key: string | null }, log: FastifyBaseLogger): Promise<boolean> {
    let widths: number[] = [];
    if (memory.key) {
      try {
        widths = await files.storeRenditions(memory.key);
      } catch (error) {
        if (error instanceof StorageProviderError || typeof (error as NodeJS.ErrnoException).code === 'string') {
          log.warn({ memoryId: memory.id, errorName: (error as Error).name }, 'artwork renditions: the storage failed, left for the next start');
          return false;
        }
        log.warn({ memoryId: memory.id }, 'artwork renditions: the image is missing or does not decode');
      }
    }
    try {
      await memories.setRenditionWidths(memory.id, memory.imageUrl, widths);
    } catch (error) {
      log.warn({ memoryId: memory.id, errorName: (error as Error).name }, 'artwork renditions could not be recorded');
      return false;
    }
    return widths.length > 0;
  }

  return {
    /**
     * The start-up pass: every memory whose renditions were never made gets them, one at a time (decision
     * 0075). Each memory is visited once per pass; running it again finds only what is still to do.
     */
    async makeMissingRenditions(log: FastifyBaseLogger): Promise<{ visited: number; made: number }> {
      let afterId: string | null = null;
      let visited = 0;
      let made = 0;
      for (;;) {
        const batch = await memories.listWithoutRenditions(afterId, 50);
        for (const row of batch) {
          visited += 1;
          if (await renditionsFor({ id: row.id, imageUrl: row.imageUrl, key: ownStorageKeyOf(row.imageUrl, row.userId) }, log)) made += 1;
        }
        if (batch.length < 50) break;
        afterId = batch[batch.length - 1]!.id;
      }
      if (visited > 0) log.info({ visited, made }, 'artwork renditions made for existing memories');
      return { visited, made };
    },

    /** The home grid: only the person's own memories, newest first. */
    async recent(userId: string, limit: number): Promise<RecentMemoriesResponse> {
      return { items: (await memories.listRecent(userId, limit)).map(toSummary) };
    },

    /** One gallery page of the person's own memories (nine a page, by favourites and period), with the total for page numbers. */
    async gallery(userId: string, query: GalleryQuery): Promise<GalleryPage> {
      await requireKnownZone(query.tz);
      const { items, total } = await memories.listPage(userId, {
        favoritesOnly: query.filter === 'favorites',
        period: periodOf(query),
        limit: GALLERY_PAGE_SIZE,
        offset: (query.page - 1) * GALLERY_PAGE_SIZE,
      });
      return { items: items.map(toSummary), total, page: query.page, pageSize: GALLERY_PAGE_SIZE, pageCount: Math.ceil(total / GALLERY_PAGE_SIZE) };
    },

    /** The year selector: the years the person made memories in, in their time zone, newest first. */
    async years(userId: string, timeZone: string): Promise<GalleryYears> {
      await requireKnownZone(timeZone);
      return { years: await memories.listYears(userId, timeZone) };
    },

    /** The year view: the day, title and mood of each day's memory; a mood it does not know reads as none. */
    async moodYear(userId: string, query: MoodYearQuery): Promise<MoodYear> {
      await requireKnownZone(query.tz);
      const rows = await memories.listYearDays(userId, query.year, query.tz);
      return { year: query.year, days: rows.map((row) => ({ ...row, mood: MOODS.includes(row.mood as Mood) ? (row.mood as Mood) : null })) };
    },

    /**
     * The memory of this date a year or more, or a month ago, in the person's time zone (see on-this-day.ts
     * for which days count). Nothing on a day whose own memory is a crisis day's, and never a crisis
     * day's memory: those stay in the gallery until the person opens them.
     */
    async onThisDay(userId: string, timeZone: string, now: Date): Promise<OnThisDay['memory']> {
      await requireKnownZone(timeZone);
      const today = localDateOf(now, timeZone);
      if (await memories.hasCrisisMemoryOn(userId, timeZone, today, CRISIS_MEMORY)) return null;
      const anniversaries = anniversariesOf(today);
      const found = await memories.findFirstInDayRuns(userId, timeZone, anniversaries, CRISIS_MEMORY);
      if (!found) return null;
      const { unit, count } = anniversaries[found.index]!;
      return { ...toSummary(found.row), ago: { unit, count } };
    },

    /** Refuses (400) a zone the database does not know, as every calendar question does. */
    requireKnownZone,

    /**
     * The person's memories of one month in their zone, oldest first, as a month's exhibition uses them: never a
     * crisis day's (it is not hung on a wall nor written about), each with its title, reflection and mood.
     */
    async ofMonth(userId: string, month: { year: number; month: number }, timeZone: string) {
      const to = month.month === 12 ? { year: month.year + 1, month: 1 } : { year: month.year, month: month.month + 1 };
      const rows = await memories.listMonth(userId, { timeZone, from: month, to }, CRISIS_MEMORY);
      return rows.map(({ poeticSummary, mood, ...row }) => ({
        ...toSummary(row),
        poeticSummary,
        mood: MOODS.includes(mood as Mood) ? (mood as Mood) : null,
        imageKey: ownStorageKeyOf(row.imageUrl, userId),
      }));
    },

    /** The memory's page: only the person's own memory; anything else is "not found" (never "not yours"). */
    async detail(userId: string, id: string): Promise<MemoryDetail> {
      if (!isUuid(id)) throw memoryNotFound();
      const row = await memories.findDetail(id, userId);
      if (!row) throw memoryNotFound();
      return toDetail(row);
    },

    /** What the companion may be told of the person's recent days (continuity), newest first. */
    async forContinuity(userId: string, limit: number) {
      return memories.listForContinuity(userId, limit);
    },

    /** The person removes a memory from the companion's context; someone else's memory is "not found". */
    async hideFromContinuity(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await memories.hideFromContinuity(id, userId))) throw memoryNotFound();
    },

    /** Like, unlike or rename (the only changes a memory allows); someone else's memory is "not found". */
    async update(userId: string, id: string, update: MemoryUpdate): Promise<MemoryDetail> {
      if (!isUuid(id)) throw memoryNotFound();
      const changes: { liked?: boolean; title?: string } = {};
      if (update.liked !== undefined) changes.liked = update.liked;
      if (update.title !== undefined) changes.title = update.title;
      const row = await memories.update(id, userId, changes);
      if (!row) throw memoryNotFound();
      return toDetail(row);
    },

    /**
     * Deletes the memory, then its image and thumbnail. The row goes first: a file left behind by a
     * storage failure is only an orphan (logged by key), while a memory without its file would be broken.
     */
    async remove(userId: string, id: string, ctx: { log: FastifyBaseLogger }): Promise<void> {
      if (!isUuid(id)) throw memoryNotFound();
      const imageUrl = await memories.delete(id, userId);
      if (imageUrl === null) throw memoryNotFound();
      const key = ownStorageKeyOf(imageUrl, userId);
      if (!key) return;
      try {
        await files.discard(key);
      } catch (error) {
        ctx.log.warn({ memoryId: id, key, err: error }, 'deleted memory: its image file could not be removed');
      }
    },

    /** A new public link every time (32 random bytes): the previous link, if any, stops working. */
    async share(userId: string, id: string): Promise<MemoryShare> {
      if (!isUuid(id)) throw memoryNotFound();
      const shareToken = randomBytes(SHARE_TOKEN_BYTES).toString('hex');
      if (!(await memories.setShareToken(id, userId, shareToken))) throw memoryNotFound();
      return { shareToken };
    },

    /** Makes the memory private again: its link answers "not found" from now on. */
    async unshare(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw memoryNotFound();
      if (!(await memories.setShareToken(id, userId, null))) throw memoryNotFound();
    },

    findShared,

    /**
     * The person's memories as their data export lists them, oldest first, a batch at a time (a large
     * gallery never sits in memory whole). `imageKey`: the stored file to put beside them, when the app keeps it.
     */
    async *exportBatches(userId: string, batchSize = 200) {
      let after: { cursor: string; id: string } | null = null;
      for (;;) {
        const rows = await memories.listBatchAfter(userId, after, batchSize);
        if (rows.length === 0) return;
        yield rows.map((row) => ({
          id: row.id,
          title: row.title,
          reflection: row.poeticSummary,
          imagePrompt: row.prompt,
          createdAt: row.createdAt.toISOString(),
          favourite: row.liked,
          shared: row.shareToken !== null,
          shareToken: row.shareToken,
          imageUrl: row.imageUrl,
          imageOrigin: originOf(row.imageOrigin),
          imageKey: ownStorageKeyOf(row.imageUrl, userId),
        }));
        const last = rows[rows.length - 1]!;
        after = { cursor: last.cursor, id: last.id };
        if (rows.length < batchSize) return;
      }
    },

    /** The stored files of all the person's memories (images; their thumbnails go with them). */
    async storageKeysOf(userId: string): Promise<string[]> {
      return (await memories.listImageUrls(userId)).map((url) => ownStorageKeyOf(url, userId)).filter((key): key is string => key !== null);
    },

    /** GET /api/shared/{token}: as findShared, "not found" otherwise. */
    async shared(token: string): Promise<SharedMemory> {
      const memory = await findShared(token);
      if (!memory) throw memoryNotFound();
      return memory;
    },

    /** The Home banner: the person's own memories still at a temporary image address. */
    async migrationStatus(userId: string): Promise<ImageMigrationStatus> {
      const ids = await memories.listTemporaryImageIds(userId, ownFilesUrlPrefix);
      return { pending: ids.length, ids };
    },

    /**
     * The image migration: copies one memory's temporary image into storage
     * and points the memory at the copy. On any failure the memory keeps its address.
     */
    async migrateImage(userId: string, id: string, ctx: { log: FastifyBaseLogger }): Promise<ImageMigrationResult> {
      if (!isUuid(id)) throw memoryNotFound();
      const imageUrl = await memories.findImageUrl(id, userId);
      if (imageUrl === null) throw memoryNotFound();
      // Already kept (a retry after a lost answer, or two tabs): nothing to do, and that is a success.
      if (!isTemporaryImageUrl(imageUrl, ownFilesUrlPrefix)) return { imageUrl };

      const result = await files.storePermanentImage({ imageUrl, userId });
      if (!result.ok) {
        // The host only: a temporary URL's query is a signature.
        ctx.log.warn({ memoryId: id, reason: result.reason, status: result.status, host: hostOf(imageUrl) }, 'image migration failed');
        throw new AppError('IMAGE_MIGRATION_FAILED', `The image could not be kept (${result.reason}).`);
      }
      if (await memories.replaceImageUrl(id, userId, imageUrl, result.image.url)) {
        await renditionsFor({ id, imageUrl: result.image.url, key: result.image.key }, ctx.log);
        return { imageUrl: result.image.url };
      }

      // Changed or deleted meanwhile (another migration won): keep theirs, drop this copy.
      await files.discard(result.image.key);
      const current = await memories.findImageUrl(id, userId);
      if (current === null) throw memoryNotFound();
      return { imageUrl: current };
    },
  };
}
export type MemoriesService = ReturnType<typeof createMemoriesService>;

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
