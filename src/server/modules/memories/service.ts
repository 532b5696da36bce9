import type { FastifyBaseLogger } from 'fastify';
import type { ImageMigrationResult, ImageMigrationStatus, MemoryDetail, MemorySummary, RecentMemoriesResponse } from '@shared/contracts/memories';
import { AppError } from '../../app-error';
import { FILES_URL_PREFIX, STORAGE_KEY_PATTERN, thumbnailKeyOf, urlOf } from '../../providers/storage/keys';
import type { FilesService } from '../files/service';
import type { MemoriesRepository } from './repository';
import { isTemporaryImageUrl } from './temporary-image-url';

type SummaryRow = Awaited<ReturnType<MemoriesRepository['listRecent']>>[number];

const toSummary = (row: SummaryRow): MemorySummary => ({ ...row, createdAt: row.createdAt.toISOString() });

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const memoryNotFound = () => new AppError('NOT_FOUND', 'No such memory.');

export function createMemoriesService(deps: { memories: MemoriesRepository; files: FilesService; publicUrl: string }) {
  const { memories, files } = deps;
  /** The app's own files, when written as absolute addresses: never temporary. */
  const ownFilesUrlPrefix = `${deps.publicUrl}/files/`;
  return {
    /** The home grid: only the person's own memories, newest first. */
    async recent(userId: string, limit: number): Promise<RecentMemoriesResponse> {
      return { items: (await memories.listRecent(userId, limit)).map(toSummary) };
    },

    /** The memory's page: only the person's own memory; anything else is "not found" (never "not yours"). */
    async detail(userId: string, id: string): Promise<MemoryDetail> {
      if (!UUID.test(id)) throw memoryNotFound();
      const row = await memories.findDetail(id, userId);
      if (!row) throw memoryNotFound();
      return { ...row, createdAt: row.createdAt.toISOString(), thumbnailUrl: thumbnailUrlOf(row.imageUrl) };
    },

    /** The Home banner: the person's own memories still at a temporary image address. */
    async migrationStatus(userId: string): Promise<ImageMigrationStatus> {
      const ids = await memories.listTemporaryImageIds(userId, ownFilesUrlPrefix);
      return { pending: ids.length, ids };
    },

    /**
     * Spec §7 store-permanent-image with isMigration: copies one memory's temporary image into storage
     * and points the memory at the copy. On any failure the memory keeps its address.
     */
    async migrateImage(userId: string, id: string, ctx: { log: FastifyBaseLogger }): Promise<ImageMigrationResult> {
      if (!UUID.test(id)) throw memoryNotFound();
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
      if (await memories.replaceImageUrl(id, userId, imageUrl, result.image.url)) return { imageUrl: result.image.url };

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
