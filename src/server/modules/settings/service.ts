import type { FastifyBaseLogger } from 'fastify';
import type { AdminSettings, AdminSettingsUpdate } from '@shared/contracts/admin';
import type { ProviderNames } from '@shared/contracts/system';
import { AVATAR_SIZE_PX, type Language } from '@shared/limits';
import { DEFAULT_SETTINGS } from '../../db/seed';
import { FILES_URL_PREFIX } from '../../providers/storage/keys';
import type { FilesService } from '../files/service';
import type { SettingsRepository, SettingsRow } from './repository';

/** What a database emptied by hand reads as: the seed's defaults, nothing chosen by an administrator. */
const UNSEEDED: SettingsRow = {
  id: 1,
  ...DEFAULT_SETTINGS,
  agentAvatarUrl: null,
  discordLink: null,
  communityCalendarUrlEn: null,
  communityCalendarUrlFr: null,
  reminderScheduleEnabled: false,
  reminderScheduleDays: 7,
  reminderLastRunOn: null,
  priceIdEn: null,
  priceIdFr: null,
  promoCodeEn: null,
  promoCodeFr: null,
  promoCodesEn: {},
  promoCodesFr: {},
  passwordSignIn: true,
  updatedAt: new Date(0),
};

/** A stored coupon map as a `Map`: a key such as `__proto__` stays a key, never an object's prototype. */
const couponsIn = (row: SettingsRow, language: Language) => new Map(Object.entries(language === 'fr' ? row.promoCodesFr : row.promoCodesEn));

const AGENT_AVATAR_FOLDER = 'agent';

/**
 * The administrators' settings: what the panel reads and saves, and the parts the chat, generation,
 * billing and community modules read (on every request, so a change applies at once).
 */
export function createSettingsService(deps: { settings: SettingsRepository; files: FilesService; providers: () => Promise<ProviderNames> }) {
  const { settings, files } = deps;
  const row = async (): Promise<SettingsRow> => (await settings.find()) ?? UNSEEDED;

  const toAdmin = (row: SettingsRow, providers: ProviderNames): AdminSettings => ({
    chatPrompt: row.chatPrompt,
    chatPromptFr: row.chatPromptFr,
    agentName: row.agentName,
    agentNameFr: row.agentNameFr,
    agentGenderFr: row.agentGenderFr,
    agentAvatarUrl: row.agentAvatarUrl,
    imagePrompt: row.imagePrompt,
    imagePromptFr: row.imagePromptFr,
    summaryPrompt: row.summaryPrompt,
    summaryPromptFr: row.summaryPromptFr,
    imageSize: row.imageSize,
    imageQuality: row.imageQuality,
    dailyGenerationLimit: row.dailyGenerationLimit,
    priceIdEn: row.priceIdEn,
    priceIdFr: row.priceIdFr,
    promoCodeEn: row.promoCodeEn,
    promoCodeFr: row.promoCodeFr,
    reminderSubjectEn: row.reminderSubjectEn,
    reminderBodyEn: row.reminderBodyEn,
    reminderSubjectFr: row.reminderSubjectFr,
    reminderBodyFr: row.reminderBodyFr,
    reminderScheduleEnabled: row.reminderScheduleEnabled,
    reminderScheduleDays: row.reminderScheduleDays,
    reminderLastRunOn: row.reminderLastRunOn,
    updatedAt: row.updatedAt.toISOString(),
    providers,
  });

  /** Only the agent's own uploaded pictures are ever removed. */
  const ownAgentKey = (url: string | null) => {
    const prefix = `${FILES_URL_PREFIX}avatars/${AGENT_AVATAR_FOLDER}/`;
    return url?.startsWith(prefix) ? url.slice(FILES_URL_PREFIX.length) : null;
  };
  const discardPrevious = async (url: string | null, log: FastifyBaseLogger) => {
    const key = ownAgentKey(url);
    if (!key) return;
    await files.discard(key).catch((error: unknown) => log.warn({ err: error, key }, 'previous agent picture could not be removed'));
  };

  return {
    async get(): Promise<AdminSettings> {
      const [current, providers] = await Promise.all([row(), deps.providers()]);
      return toAdmin(current, providers);
    },

    async update(changes: AdminSettingsUpdate): Promise<AdminSettings> {
      const [updated, providers] = await Promise.all([settings.update(changes), deps.providers()]);
      return toAdmin(updated, providers);
    },

    /** The agent's picture, with the same checks and re-encoding as a profile picture. */
    async replaceAgentAvatar(upload: Buffer, ctx: { log: FastifyBaseLogger }): Promise<{ agentAvatarUrl: string }> {
      const stored = await files.storeAvatar(AGENT_AVATAR_FOLDER, upload, AVATAR_SIZE_PX);
      await discardPrevious(await settings.replaceAgentAvatarUrl(stored.url), ctx.log);
      return { agentAvatarUrl: stored.url };
    },

    async removeAgentAvatar(ctx: { log: FastifyBaseLogger }): Promise<void> {
      await discardPrevious(await settings.replaceAgentAvatarUrl(null), ctx.log);
    },

    /** Today's scheduled reminder run, if it is on and no process has claimed it yet: its threshold in days. */
    claimScheduledRun: (today: string) => settings.claimScheduledRun(today),

    /** The reminder templates of one language (subject and HTML body). */
    async reminderTemplate(language: Language) {
      const current = await row();
      return language === 'fr' ? { subject: current.reminderSubjectFr, body: current.reminderBodyFr } : { subject: current.reminderSubjectEn, body: current.reminderBodyEn };
    },

    /** Whether password sign-in is on, as the administrators last set it (decision 0070). */
    async passwordSignIn(): Promise<boolean> {
      return (await row()).passwordSignIn;
    },

    async setPasswordSignIn(on: boolean): Promise<void> {
      await settings.setPasswordSignIn(on);
    },

    /** What the chat needs: the prompts, the agent's names and picture, and the daily image limit. */
    async agent() {
      const { chatPrompt, chatPromptFr, agentName, agentNameFr, agentGenderFr, agentAvatarUrl, dailyGenerationLimit } = await row();
      return { chatPrompt, chatPromptFr, agentName, agentNameFr, agentGenderFr, agentAvatarUrl, dailyGenerationLimit };
    },

    /** What a generation needs: the agent's names, the image and summary prompts, the image size and quality. */
    async generation() {
      const { agentName, agentNameFr, imagePrompt, imagePromptFr, summaryPrompt, summaryPromptFr, imageSize, imageQuality } = await row();
      return { agentName, agentNameFr, imagePrompt, imagePromptFr, summaryPrompt, summaryPromptFr, imageSize, imageQuality };
    },

    /** How many memories each person may make a day. */
    dailyGenerationLimit: async (): Promise<number> => (await row()).dailyGenerationLimit,

    /** The community page's links: the chat server and the calendar per language (null: none set). */
    async communityLinks() {
      const current = await row();
      return { chatServerUrl: current.discordLink, calendarUrlEn: current.communityCalendarUrlEn, calendarUrlFr: current.communityCalendarUrlFr };
    },
    saveCommunityLinks: (links: { chatServerUrl: string | null; calendarUrlEn: string | null; calendarUrlFr: string | null }) => settings.saveCommunityLinks(links),

    /** The language's price and default promotion (null: the built-in defaults apply), and its coupons. */
    async pricing(language: Language) {
      const current = await row();
      const fr = language === 'fr';
      return {
        priceId: (fr ? current.priceIdFr : current.priceIdEn) ?? null,
        defaultPromotion: (fr ? current.promoCodeFr : current.promoCodeEn) ?? null,
        coupons: couponsIn(current, language),
      };
    },

    /** The language's coupons: a human-readable code → the payment provider's promotion id. */
    coupons: async (language: Language): Promise<Map<string, string>> => couponsIn(await row(), language),
    addCoupon: (language: Language, code: string, promotionId: string) => settings.addCoupon(language, code, promotionId),
    /** False when the language has no such code. */
    removeCoupon: (language: Language, code: string) => settings.removeCoupon(language, code),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
