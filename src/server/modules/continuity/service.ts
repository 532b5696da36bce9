import type { Continuity, ContinuityFact, ContinuitySettings } from '@shared/contracts/continuity';
import { isUuid } from '@shared/contracts/id-params';
import { CONTINUITY_FACTS_MAX, CONTINUITY_MEMORIES, LANGUAGES, type Language } from '@shared/limits';
import { AppError } from '../../app-error';
import type { MemoriesService } from '../memories/service';
import type { ProfileService } from '../profile/service';
import { buildContinuityContext, toContinuityMemory, type ContinuityMemory } from './context';
import type { ContinuityRepository } from './repository';

/** What the chat needs: the text for an AI's instructions, and the title the offline companion may mention. */
export interface ContinuityForChat {
  context: string | null;
  /** The latest memory's title, unless continuity is off or that memory is a hard day's. */
  recentTitle: string | null;
  /**
   * For the built-in companion's "do you remember…?": recent memories' titles (hard days left out) and the
   * facts the person shared, when they allowed it. Empty when continuity is off.
   */
  remembered: { titles: string[]; facts: string[] };
}

/**
 * The companion's continuity across days (docs/keeping.md): built only from what the server keeps —
 * recent memories' titles, reflections, dates and moods, and, with consent, facts the person wrote.
 * Never from an earlier conversation: the server does not have one. A fixed number of rows is read,
 * so the cost of a reply does not grow with the gallery.
 */
export function createContinuityService(deps: { continuity: ContinuityRepository; memories: MemoriesService; profiles: ProfileService }) {
  const { continuity, memories, profiles } = deps;

  async function gather(userId: string, language: Language, settings: { enabled: boolean; factsEnabled: boolean }) {
    const [rows, facts] = await Promise.all([
      settings.enabled ? memories.forContinuity(userId, CONTINUITY_MEMORIES) : Promise.resolve([]),
      continuity.listFacts(userId, CONTINUITY_FACTS_MAX),
    ]);
    return { items: rows.map((row) => toContinuityMemory(row, language)), facts };
  }

  const contextOf = (input: { language: Language; firstName: string; items: ContinuityMemory[]; facts: ContinuityFact[]; enabled: boolean; factsEnabled: boolean }) =>
    input.enabled
      ? buildContinuityContext({
          language: input.language,
          firstName: input.firstName,
          memories: input.items,
          facts: input.factsEnabled ? input.facts.map((f) => f.text) : [],
        })
      : null;

  return {
    /** For a reply: nothing when the person switched continuity off. */
    async forChat(userId: string, language: Language, profile: { firstName: string; continuityEnabled: boolean; continuityFactsEnabled: boolean }): Promise<ContinuityForChat> {
      if (!profile.continuityEnabled) return { context: null, recentTitle: null, remembered: { titles: [], facts: [] } };
      const settings = { enabled: true, factsEnabled: profile.continuityFactsEnabled };
      const { items, facts } = await gather(userId, language, settings);
      const latest = items[0];
      return {
        context: contextOf({ language, firstName: profile.firstName, items, facts, ...settings }),
        recentTitle: latest && !latest.hardDay ? latest.title : null,
        remembered: { titles: items.filter((item) => !item.hardDay).map((item) => item.title), facts: settings.factsEnabled ? facts.map((fact) => fact.text) : [] },
      };
    },

    /** "What the companion remembers": the settings, every item, and the exact text sent. */
    async view(userId: string, language?: Language): Promise<Continuity> {
      const profile = await profiles.getProfile(userId);
      const lang = language ?? (LANGUAGES.includes(profile.defaultLanguage) ? profile.defaultLanguage : 'en');
      const settings = { enabled: profile.continuityEnabled, factsEnabled: profile.continuityFactsEnabled };
      // The memories are listed even while continuity is off, so the person sees what turning it on would send.
      const { items, facts } = await gather(userId, lang, { ...settings, enabled: true });
      return {
        ...settings,
        memories: items,
        facts,
        context: contextOf({ language: lang, firstName: profile.firstName, items, facts, ...settings }),
      };
    },

    async setSettings(userId: string, settings: ContinuitySettings): Promise<void> {
      await profiles.setContinuity(userId, settings);
    },

    async addFact(userId: string, text: string): Promise<ContinuityFact> {
      await profiles.getProfile(userId);
      const fact = await continuity.addFact(userId, text.trim(), CONTINUITY_FACTS_MAX);
      if (!fact) throw new AppError('CONFLICT', `At most ${CONTINUITY_FACTS_MAX} facts are kept; remove one first.`);
      return fact;
    },

    async removeFact(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await continuity.removeFact(userId, id))) throw new AppError('NOT_FOUND', 'No such fact.');
    },

    /** Removes a memory from the context (the memory itself stays in the gallery). */
    async hideMemory(userId: string, id: string): Promise<void> {
      await memories.hideFromContinuity(userId, id);
    },
  };
}
export type ContinuityService = ReturnType<typeof createContinuityService>;
