import type { MemorySummary, RecentMemoriesResponse } from '@shared/contracts/memories';
import type { MemoriesRepository } from './repository';

type SummaryRow = Awaited<ReturnType<MemoriesRepository['listRecent']>>[number];

const toSummary = (row: SummaryRow): MemorySummary => ({ ...row, createdAt: row.createdAt.toISOString() });

export function createMemoriesService(deps: { memories: MemoriesRepository }) {
  const { memories } = deps;
  return {
    /** The home grid: only the person's own memories, newest first. */
    async recent(userId: string, limit: number): Promise<RecentMemoriesResponse> {
      return { items: (await memories.listRecent(userId, limit)).map(toSummary) };
    },
  };
}
export type MemoriesService = ReturnType<typeof createMemoriesService>;
