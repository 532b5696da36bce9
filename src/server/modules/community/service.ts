import type { Community, CommunityUpdate } from '@shared/contracts/community';
import type { CommunityRepository } from './repository';

export function createCommunityService(deps: { community: CommunityRepository }) {
  async function get(): Promise<Community> {
    const row = await deps.community.find();
    return { chatServerUrl: row.chatServerUrl, calendarUrl: { en: row.calendarUrlEn, fr: row.calendarUrlFr } };
  }
  return {
    get,
    async save(links: CommunityUpdate): Promise<Community> {
      await deps.community.save(links);
      return get();
    },
  };
}
export type CommunityService = ReturnType<typeof createCommunityService>;
