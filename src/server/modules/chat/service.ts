import type { FastifyBaseLogger } from 'fastify';
import type { ChatReplyRequest, ChatStatusResponse } from '@shared/contracts/chat';
import { LANGUAGES, type Language } from '@shared/limits';
import { AppError } from '../../app-error';
import { ChatProviderError, type ChatProvider } from '../../providers/chat/index';
import type { ChatRepository } from './repository';

type Profile = NonNullable<Awaited<ReturnType<ChatRepository['findProfile']>>>;

const GENDER_WORDS: Record<Language, Record<NonNullable<Profile['gender']>, string>> = {
  en: { male: 'man', female: 'woman', other: 'other / non-binary' },
  fr: { male: 'homme', female: 'femme', other: 'autre / non binaire' },
};

/** The admin's prompt with the agent and the person filled in, then what the agent should know about them. */
export function buildSystemPrompt(input: { template: string; agentName: string; profile: Profile; language: Language }): string {
  const { profile, language } = input;
  const lines = [input.template.replaceAll('{agentName}', input.agentName).replaceAll('{firstName}', profile.firstName)];
  if (language === 'fr') {
    lines.push('Réponds en français.');
    if (profile.gender) lines.push(`À propos de ${profile.firstName} : genre ${GENDER_WORDS.fr[profile.gender]}.`);
    if (profile.medicalDiagnosis) {
      lines.push(
        `Note privée et confidentielle, pour toi seul : ne la cite jamais, n’en parle pas, laisse-la seulement guider la douceur de ton approche. ${profile.medicalDiagnosis}`,
      );
    }
  } else {
    lines.push('Reply in English.');
    if (profile.gender) lines.push(`About ${profile.firstName}: gender ${GENDER_WORDS.en[profile.gender]}.`);
    if (profile.medicalDiagnosis) {
      lines.push(
        `Private, confidential note for you alone: never quote or mention it; let it only inform how gently you approach them. ${profile.medicalDiagnosis}`,
      );
    }
  }
  return lines.join('\n\n');
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

// Only the kind of failure is logged, never the provider's message: it may quote the conversation.
function logFailure(log: FastifyBaseLogger, provider: string, error: unknown) {
  if (error instanceof ChatProviderError && error.reason === 'aborted') {
    log.info({ provider }, 'chat reply abandoned by the reader');
  } else if (error instanceof ChatProviderError) {
    log.warn({ provider, reason: error.reason, upstreamStatus: error.status }, 'chat provider failed');
  } else {
    log.error({ provider, errorName: error instanceof Error ? error.name : typeof error }, 'chat provider failed unexpectedly');
  }
}

export function createChatService(deps: { chat: ChatRepository; provider: ChatProvider }) {
  const { chat, provider } = deps;

  const requireProfile = async (userId: string) => {
    const profile = await chat.findProfile(userId);
    if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
    return profile;
  };

  /**
   * The access rule (spec §1, §6), decided here only: the first session is free (no journaled day
   * yet), and after that an active subscription is needed — free access counts as one.
   * There is no subscription table yet: the billing feature extends this function with it.
   */
  const accessOf = async (userId: string) => {
    const [profile, journalDays] = await Promise.all([requireProfile(userId), chat.countJournalDays(userId)]);
    return { profile, journalDays, hasAccess: journalDays === 0 || profile.freeAccess };
  };

  return {
    async hasChatAccess(userId: string): Promise<boolean> {
      return (await accessOf(userId)).hasAccess;
    },

    async requireChatAccess(userId: string): Promise<void> {
      if (!(await accessOf(userId)).hasAccess) {
        throw new AppError('SUBSCRIPTION_REQUIRED', 'A subscription is needed to talk with the agent after the first session.');
      }
    },

    async status(userId: string, language?: Language): Promise<ChatStatusResponse> {
      const [{ profile, journalDays, hasAccess }, settings] = await Promise.all([accessOf(userId), chat.findAgentSettings()]);
      const lang = language ?? (LANGUAGES.includes(profile.defaultLanguage) ? profile.defaultLanguage : 'en');
      return {
        journalDays,
        hasAccess,
        agent: { name: lang === 'fr' ? settings.agentNameFr : settings.agentName, avatarUrl: settings.agentAvatarUrl },
        firstName: profile.firstName,
      };
    },

    /**
     * Starts the agent's reply and waits for its first piece, so that a provider failing at once
     * answers a plain coded error. Later failures surface as AppError('CHAT_PROVIDER_FAILED') from the stream.
     * The conversation is handed to the provider and kept nowhere.
     */
    async startReply(
      userId: string,
      input: ChatReplyRequest,
      context: { signal: AbortSignal; log: FastifyBaseLogger },
    ): Promise<AsyncIterable<string>> {
      const [profile, settings] = await Promise.all([requireProfile(userId), chat.findAgentSettings()]);
      await chat.setLastChatDate(userId, todayUtc());
      const agentName = input.language === 'fr' ? settings.agentNameFr : settings.agentName;
      const system = buildSystemPrompt({
        template: input.language === 'fr' ? settings.chatPromptFr : settings.chatPrompt,
        agentName,
        profile,
        language: input.language,
      });
      const reply = provider.streamReply({
        system,
        messages: input.messages,
        language: input.language,
        signal: context.signal,
        agentName,
        firstName: profile.firstName,
      });
      const iterator = reply[Symbol.asyncIterator]();

      const fail = (error: unknown): never => {
        logFailure(context.log, provider.name, error);
        throw new AppError('CHAT_PROVIDER_FAILED', 'The agent could not answer. Please try again.');
      };
      let first: IteratorResult<string>;
      try {
        do {
          first = await iterator.next();
        } while (!first.done && first.value === '');
      } catch (error) {
        return fail(error);
      }
      if (first.done) return fail(new ChatProviderError('empty'));

      const firstText = first.value;
      return (async function* () {
        yield firstText;
        try {
          for (;;) {
            const next = await iterator.next();
            if (next.done) return;
            if (next.value) yield next.value;
          }
        } catch (error) {
          fail(error);
        } finally {
          // The reader stopped early (disconnect or write failure): let the provider release its call.
          await iterator.return?.();
        }
      })();
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
