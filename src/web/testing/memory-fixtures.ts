import type { MemoryDetail } from '@shared/contracts/memories';

/** The stored artwork the default memory shows (a private file of user-1). */
export const MEMORY_IMAGE_PATH = `/files/memories/user-1/${'b'.repeat(32)}.png`;

/** One memory as GET /api/memories/:id answers it for its owner: titled, reflected on, not shared. */
export function buildMemoryDetail(overrides: Partial<MemoryDetail> = {}): MemoryDetail {
  return {
    id: '3a9d7c51-2b64-4e8f-a1d0-6c5b4e3f2a19',
    title: 'Cardamom morning',
    imageUrl: MEMORY_IMAGE_PATH,
    imageSources: [],
    thumbnailUrl: MEMORY_IMAGE_PATH.replace(/\.png$/, '.thumb.webp'),
    poeticSummary: 'The day smelled of warm bread. Keep it close.',
    liked: false,
    createdAt: '2026-02-02T12:30:00.000Z',
    conversationId: null,
    shareToken: null,
    imageOrigin: 'renderer',
    ...overrides,
  };
}
