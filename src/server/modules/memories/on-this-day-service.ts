import type { OnThisDay } from '@shared/contracts/on-this-day';
import type { ProfileService } from '../profile/service';
import type { MemoriesService } from './service';

/** "On This Day" on the home: the person's switch (kept on their profile) and the memory it shows. */
export function createOnThisDayService(deps: { memories: Pick<MemoriesService, 'onThisDay'>; profiles: Pick<ProfileService, 'getProfile' | 'setOnThisDay'> }) {
  return {
    /** Turned off, it looks for nothing: the answer says so, and holds no memory. */
    async view(userId: string, timeZone: string): Promise<OnThisDay> {
      const { onThisDayEnabled } = await deps.profiles.getProfile(userId);
      if (!onThisDayEnabled) return { enabled: false, memory: null };
      return { enabled: true, memory: await deps.memories.onThisDay(userId, timeZone, new Date()) };
    },

    setEnabled: (userId: string, enabled: boolean) => deps.profiles.setOnThisDay(userId, enabled),
  };
}
export type OnThisDayService = ReturnType<typeof createOnThisDayService>;
