import type { FastifyBaseLogger } from 'fastify';
import type { AdminSettings, AdminSettingsUpdate } from '@shared/contracts/admin';
import type { ProviderNames } from '@shared/contracts/system';
import { AVATAR_SIZE_PX } from '@shared/limits';
import { FILES_URL_PREFIX } from '../../providers/storage/keys';
import type { FilesService } from '../files/service';
import type { SettingsRepository } from './repository';

type SettingsRow = Awaited<ReturnType<SettingsRepository['get']>>;

const AGENT_AVATAR_FOLDER = 'agent';

/** What the administrator panel reads and saves; the chat and generation read the same row on every request. */
export function createSettingsService(deps: { settings: SettingsRepository; files: FilesService; providers: () => Promise<ProviderNames> }) {
  const { settings, files } = deps;

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
      const [row, providers] = await Promise.all([settings.get(), deps.providers()]);
      return toAdmin(row, providers);
    },

    async update(changes: AdminSettingsUpdate): Promise<AdminSettings> {
      const [row, providers] = await Promise.all([settings.update(changes), deps.providers()]);
      return toAdmin(row, providers);
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
    async reminderTemplate(language: 'en' | 'fr') {
      const row = await settings.get();
      return language === 'fr' ? { subject: row.reminderSubjectFr, body: row.reminderBodyFr } : { subject: row.reminderSubjectEn, body: row.reminderBodyEn };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
