import type { Community, CommunityUpdate } from '@shared/contracts/community';
import type { SettingsService } from '../settings/service';

/** The community page's links, kept with the administrators' settings. */
export function createCommunityService(deps: { settings: Pick<SettingsService, 'communityLinks' | 'saveCommunityLinks'> }) {
  async function get(): Promise<Community> {
    const row = await deps.settings.communityLinks();
    return { chatServerUrl: row.chatServerUrl, calendarUrl: { en: row.calendarUrlEn, fr: row.calendarUrlFr } };
  }
  return {
    get,
    async save(links: CommunityUpdate): Promise<Community> {
      await deps.settings.saveCommunityLinks(links);
      return get();
    },
  };
}
export type CommunityService = ReturnType<typeof createCommunityService>;
