import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema/index';

// The community links live in app_settings (discord_link and the calendars beside it).
export function createCommunityRepository(db: Database) {
  return {
    async find() {
      const [row] = await db
        .select({ chatServerUrl: appSettings.discordLink, calendarUrlEn: appSettings.communityCalendarUrlEn, calendarUrlFr: appSettings.communityCalendarUrlFr })
        .from(appSettings)
        .where(eq(appSettings.id, 1));
      return row ?? { chatServerUrl: null, calendarUrlEn: null, calendarUrlFr: null };
    },

    async save(links: { chatServerUrl: string | null; calendarUrlEn: string | null; calendarUrlFr: string | null }) {
      await db
        .update(appSettings)
        .set({ discordLink: links.chatServerUrl, communityCalendarUrlEn: links.calendarUrlEn, communityCalendarUrlFr: links.calendarUrlFr, updatedAt: new Date() })
        .where(eq(appSettings.id, 1));
    },
  };
}
export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
