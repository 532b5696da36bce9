import type { FastifyBaseLogger } from 'fastify';
import type { ChatReplyRequest, ChatStatusResponse, GenerationLimit } from '@shared/contracts/chat';
import { LANGUAGES, type Language } from '@shared/limits';
import { isSafetyCountry, type SafetyCountry, type SafetyLevel } from '@shared/safety';
import { AppError } from '../../app-error';
import { ChatProviderError } from '../../providers/chat/chat-provider-error';
import type { ChatProvider } from '../../providers/chat/index';
import { createOfflineCompanion, streamWords } from '../../providers/chat/offline-companion';
import { checkInReply, crisisReply } from '../../safety/replies';
import type { ProviderHealth } from '../ai/service';
import type { SafetyService, TurnSafety } from '../safety/service';
import type { TranscriptionProvider } from '../../providers/transcription/index';
import { TranscriptionProviderError } from '../../providers/transcription/transcription-provider-error';
import type { ContinuityService } from '../continuity/service';
import type { ProfileRow, ProfileService } from '../profile/service';
import type { SettingsService } from '../settings/service';
import { AUDIO_FORMATS, isDeclaredAudio, sniffAudioFormat, type AudioFormat } from './audio-format';
import { generationLimit, utcDate } from './generation-limit';
import { asksWhoAnswers, builtInCompanionAnswer, disclosureDue, HONEST_ANSWER_INSTRUCTIONS, type DisclosureReason } from './disclosure';
import type { ChatRepository } from './repository';

type Profile = Pick<ProfileRow, 'firstName' | 'gender' | 'medicalDiagnosis'>;

const GENDER_WORDS: Record<Language, Record<NonNullable<Profile['gender']>, string>> = {
  en: { male: 'man', female: 'woman', other: 'other / non-binary' },
  fr: { male: 'homme', female: 'femme', other: 'autre / non binaire' },
};

/**
 * The admin's prompt with the agent and the person filled in, then what the agent should know about them,
 * then what they chose to keep of recent days (continuity), then — always last, whatever the prompt or
 * the memories say — the safety layer's locked instructions.
 */
export function buildSystemPrompt(input: {
  template: string;
  agentName: string;
  profile: Profile;
  language: Language;
  continuity?: string | null;
  safety: string;
}): string {
  const { profile, language } = input;
  // Replacer functions: a name is inserted as written, never read as a `$&`-style replacement pattern.
  const lines = [input.template.replaceAll('{agentName}', () => input.agentName).replaceAll('{firstName}', () => profile.firstName)];
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
  if (input.continuity) lines.push(input.continuity);
  lines.push(input.safety);
  return lines.filter((line) => line.trim() !== '').join('\n\n');
}

/** The reply to the person: the safety layer's level for this turn, then the words, piece by piece. */
export interface ChatReply {
  safety: SafetyLevel;
  stream: AsyncIterable<string>;
  /** The chosen AI service failed, and the built-in companion wrote this reply instead. */
  standIn?: boolean;
}

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

// The same for transcription: the kind of failure and the upstream status, never a body or a transcript.
function logTranscriptionFailure(log: FastifyBaseLogger, provider: string, error: unknown) {
  if (error instanceof TranscriptionProviderError && error.reason === 'aborted') {
    log.info({ provider }, 'transcription abandoned by the person');
  } else if (error instanceof TranscriptionProviderError) {
    log.warn({ provider, reason: error.reason, upstreamStatus: error.status }, 'transcription provider failed');
  } else {
    log.error({ provider, errorName: error instanceof Error ? error.name : typeof error }, 'transcription provider failed unexpectedly');
  }
}

export function createChatService(deps: {
  chat: ChatRepository;
  profiles: ProfileService;
  /** The prompts, the agent and the daily limit, as the administrators last saved them. */
  settings: Pick<SettingsService, 'agent'>;
  /** The one answer to "is this person subscribed?" (free access counts). */
  billing: { statusOf(userId: string): Promise<{ hasActiveSubscription: boolean; isFreeAccess: boolean }> };
  /** The providers answering now, read per request (the AI tab may change them while the app runs). */
  providers: { chat(): Promise<ChatProvider>; transcription(): Promise<TranscriptionProvider>; health?: Pick<ProviderHealth, 'failed' | 'succeeded'> };
  safety: SafetyService;
  /** What the person chose to keep of recent days, for the companion (never a conversation). */
  continuity: Pick<ContinuityService, 'forChat'>;
  /** The pace of the safety layer's own replies, word by word (the offline companion's pace). */
  wordDelayMs: number;
}) {
  const { chat, profiles, providers, safety } = deps;
  // Answers a turn the chosen AI service could not: the person still gets a reply, in the companion's own voice.
  const standIn = createOfflineCompanion({ delayMs: deps.wordDelayMs });

  /** The subscription status, from billing: a paid subscription or free access is active. */
  const subscriptionOf = async (userId: string) => {
    const status = await deps.billing.statusOf(userId);
    return { active: status.hasActiveSubscription, freeAccess: status.isFreeAccess };
  };

  /**
   * The access rule (docs/decisions/0016-access-before-daily-limit.md), decided here only: the first session is free (no journaled day
   * yet), and after that an active subscription is needed — free access counts as one.
   */
  const accessOf = async (userId: string) => {
    const [profile, journalDays, subscription] = await Promise.all([profiles.getProfile(userId), chat.countJournalDays(userId), subscriptionOf(userId)]);
    return { profile, journalDays, subscription, hasAccess: journalDays === 0 || subscription.active };
  };

  /**
   * Refuses (402) a person without access; otherwise says what the access rests on. 'first-session' is
   * only true until a memory is made, so whoever reserves a generation on it must re-check it in the same
   * step as the reservation (the generation repository's start), or simultaneous requests all pass.
   */
  const requireChatAccess = async (userId: string): Promise<'subscription' | 'first-session'> => {
    const { hasAccess, subscription } = await accessOf(userId);
    if (!hasAccess) {
      throw new AppError('SUBSCRIPTION_REQUIRED', 'A subscription is needed to talk with the agent after the first session.');
    }
    return subscription.active ? 'subscription' : 'first-session';
  };

  /** Images left today (UTC date), from the profile's counter and the admin's limit. */
  const generationOf = (profile: Pick<ProfileRow, 'imageGenerationCount' | 'lastImageGenerationDate'>, limit: number) =>
    generationLimit({ limit, count: profile.imageGenerationCount, lastDate: profile.lastImageGenerationDate, today: utcDate() });

  return {
    async hasChatAccess(userId: string): Promise<boolean> {
      return (await accessOf(userId)).hasAccess;
    },

    requireChatAccess,

    /**
     * Whether the reply now starting comes with the quiet note that says again who answers (after seven days
     * away, or three hours into a conversation), recording the dates it is timed by. A failure only skips it.
     */
    async disclosureNote(userId: string, log: FastifyBaseLogger, now = new Date()): Promise<DisclosureReason | null> {
      try {
        const { due, next } = disclosureDue(await chat.disclosureState(userId), now);
        await chat.saveDisclosureState(userId, next);
        return due;
      } catch (error) {
        log.warn({ errorName: error instanceof Error ? error.name : typeof error }, 'the disclosure could not be timed');
        return null;
      }
    },

    /**
     * For the data export: when the companion last answered the person and when it last said again that it is a
     * machine. Dates only; nothing of what was said.
     */
    async disclosureExport(userId: string): Promise<{ lastReplyAt: string; lastToldAt: string } | null> {
      const state = await chat.disclosureState(userId);
      return state ? { lastReplyAt: state.lastReplyAt.toISOString(), lastToldAt: state.disclosedAt.toISOString() } : null;
    },

    async status(userId: string, language?: Language): Promise<ChatStatusResponse> {
      const [{ profile, journalDays, subscription, hasAccess }, settings, provider, transcription] = await Promise.all([
        accessOf(userId),
        deps.settings.agent(),
        providers.chat(),
        providers.transcription(),
      ]);
      const lang = language ?? (LANGUAGES.includes(profile.defaultLanguage) ? profile.defaultLanguage : 'en');
      return {
        journalDays,
        hasAccess,
        subscription,
        generation: generationOf(profile, settings.dailyGenerationLimit),
        agent: { name: lang === 'fr' ? settings.agentNameFr : settings.agentName, avatarUrl: settings.agentAvatarUrl, gender: settings.agentGenderFr },
        firstName: profile.firstName,
        voice: transcription.name !== 'none',
        companion: provider.name === 'offline-companion' ? 'offline' : provider.name === 'local-model' ? 'local' : 'ai',
      };
    },

    /** The helpline country the person chose, if any (the memory of a crisis day says where help is). */
    async helplineCountryOf(userId: string): Promise<SafetyCountry | null> {
      const profile = await profiles.getProfile(userId);
      return isSafetyCountry(profile.country) ? profile.country : null;
    },

    /** Today's generation limit info alone (the generation module answers it after making a memory). */
    async generationLimit(userId: string): Promise<GenerationLimit> {
      const [profile, settings] = await Promise.all([profiles.getProfile(userId), deps.settings.agent()]);
      return generationOf(profile, settings.dailyGenerationLimit);
    },

    /** Voice needs the chat itself (402) and a transcription provider (503), checked before any audio is read. */
    async requireVoice(userId: string): Promise<void> {
      await requireChatAccess(userId);
      if ((await providers.transcription()).name === 'none') {
        throw new AppError('TRANSCRIPTION_UNAVAILABLE', 'Voice needs a transcription provider (the admin panel’s AI tab, or AI_TRANSCRIBE_MODEL).');
      }
    },

    /**
     * A recording is accepted when its declared type says audio and its first bytes are one of the
     * accepted containers: checked by content, not by name. Returns the sniffed format.
     */
    acceptRecording(recording: { mimeType: string; audio: Buffer }): AudioFormat {
      if (recording.audio.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'The recording is empty.', { audio: ['validation.audioRequired'] });
      }
      const format = sniffAudioFormat(recording.audio);
      if (!format || !isDeclaredAudio(recording.mimeType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only audio recordings (WebM, Ogg, WAV, MP3, MP4/M4A, FLAC) can be transcribed.');
      }
      return format;
    },

    /**
     * The recording's words, trimmed. The audio and the text pass through and are kept nowhere;
     * a failure, a timeout or an empty result is TRANSCRIPTION_FAILED.
     */
    async transcribe(
      input: { audio: Buffer; format: AudioFormat; language: Language },
      context: { signal: AbortSignal; log: FastifyBaseLogger },
    ): Promise<string> {
      const transcription = await providers.transcription();
      let text: string;
      try {
        text = await transcription.transcribe({
          audio: input.audio,
          filename: `recording.${AUDIO_FORMATS[input.format].extension}`,
          mimeType: AUDIO_FORMATS[input.format].mimeType,
          language: input.language,
          signal: context.signal,
        });
      } catch (error) {
        logTranscriptionFailure(context.log, transcription.name, error);
        throw new AppError('TRANSCRIPTION_FAILED', 'The recording could not be transcribed. Please try again.');
      }
      const trimmed = text.trim();
      if (!trimmed) {
        logTranscriptionFailure(context.log, transcription.name, new TranscriptionProviderError('empty'));
        throw new AppError('TRANSCRIPTION_FAILED', 'No words were heard in the recording.');
      }
      return trimmed;
    },

    /**
     * The agent's reply to the person's last message. The safety layer assesses the whole conversation
     * first: in a crisis the reply is its own reviewed text (the provider writes nothing), otherwise the
     * provider writes with the locked safety instructions after the admin's prompt. With an AI provider,
     * the model's judgement is asked alongside the reply and may still turn it into a crisis reply.
     * Waits for the first piece, so that a provider failing at once answers a plain coded error; later
     * failures surface as AppError('CHAT_PROVIDER_FAILED') from the stream. The conversation is handed to
     * the provider and kept nowhere.
     */
    async startReply(
      userId: string,
      input: ChatReplyRequest,
      context: { signal: AbortSignal; log: FastifyBaseLogger },
    ): Promise<ChatReply> {
      // The provider answering this turn, whichever the AI tab or the configuration chose: the safety layer
      // below stands in front of it all the same.
      const [profile, settings, provider] = await Promise.all([profiles.getProfile(userId), deps.settings.agent(), providers.chat()]);
      const { language, messages } = input;
      const country: SafetyCountry = isSafetyCountry(profile.country) ? profile.country : (input.country ?? 'OTHER');
      const { offline, turn: offlineTurn } = safety.assess(messages);
      // Continuity is read beside the day's count, and never for a crisis: the layer's own reply uses none of it.
      const [, remembered] = await Promise.all([
        profiles.recordChatDay(userId, utcDate()),
        offlineTurn.level === 'crisis' ? Promise.resolve(null) : deps.continuity.forChat(userId, input.language, profile),
      ]);

      const answerOurselves = async (turn: TurnSafety): Promise<ChatReply> => {
        if (turn.firstReferral) await safety.countReferral({ language, country }, context.log);
        const text = crisisReply({
          language,
          firstName: profile.firstName,
          country,
          kind: turn.crisisKind ?? 'continued',
          said: new Set(messages.filter((m) => m.role === 'assistant').map((m) => m.content.trim())),
          turn: messages.filter((m) => m.role === 'user').length,
        });
        return { safety: 'crisis', stream: streamWords(text, { delayMs: deps.wordDelayMs, signal: context.signal }) };
      };
      if (offlineTurn.level === 'crisis') return answerOurselves(offlineTurn);

      const judge = provider.assessRisk ? (input: Parameters<NonNullable<ChatProvider['assessRisk']>>[0]) => provider.assessRisk!(input) : null;
      const judgement = safety.canJudge(offline, judge) ? safety.judge(messages, offline, judge, context) : Promise.resolve(offlineTurn);
      if (offlineTurn.ask) {
        // Too close to a crisis to guess: no provider writes this turn. The model's judgement may still make it
        // a crisis; otherwise the companion asks directly, and the person's answer decides the next turn.
        const turn = await judgement;
        if (turn.level === 'crisis') return answerOurselves(turn);
        const text = checkInReply({
          language,
          firstName: profile.firstName,
          country,
          said: new Set(messages.filter((m) => m.role === 'assistant').map((m) => m.content.trim())),
          turn: messages.filter((m) => m.role === 'user').length,
        });
        return { safety: 'concern', stream: streamWords(text, { delayMs: deps.wordDelayMs, signal: context.signal }) };
      }
      const agentName = language === 'fr' ? settings.agentNameFr : settings.agentName;
      // Asked whether a person answers: the built-in companion says what it is in its own words; an AI is told to.
      if (provider.name === 'offline-companion' && asksWhoAnswers(messages.at(-1)?.content ?? '')) {
        const text = builtInCompanionAnswer(language, agentName, language === 'fr' ? settings.agentGenderFr : 'neutral');
        return { safety: offlineTurn.level === 'concern' ? 'concern' : 'none', stream: streamWords(text, { delayMs: deps.wordDelayMs, signal: context.signal }) };
      }
      const system = buildSystemPrompt({
        template: language === 'fr' ? settings.chatPromptFr : settings.chatPrompt,
        agentName,
        profile,
        language,
        continuity: remembered?.context ?? null,
        // The honest answer is locked too; the crisis instructions stay the very last words.
        safety: `${HONEST_ANSWER_INSTRUCTIONS[language]}\n\n${safety.instructions(language, offlineTurn)}`,
      });
      // Its own signal: a crisis found by the judgement stops the provider's call, not the reply.
      const upstream = new AbortController();
      const stopUpstream = () => upstream.abort();
      context.signal.addEventListener('abort', stopUpstream, { once: true });
      const replyInput = {
        system,
        messages,
        language,
        signal: upstream.signal,
        agentName,
        agentGender: language === 'fr' ? settings.agentGenderFr : 'neutral',
        firstName: profile.firstName,
        safety: { level: offlineTurn.level === 'concern' ? 'concern' : 'none', earlierCrisis: offlineTurn.earlierCrisis },
        // A memory is mentioned only on an untroubled turn, never after a worry or a crisis.
        recentMemoryTitle: offlineTurn.level === 'none' && !offlineTurn.earlierCrisis ? (remembered?.recentTitle ?? null) : null,
        // What the person chose to let the companion remember, for its answer to "do you remember…?".
        remembered: remembered?.remembered,
      } satisfies Parameters<ChatProvider['streamReply']>[0];
      const reply = provider.streamReply(replyInput);
      const iterator = reply[Symbol.asyncIterator]();
      const release = async () => {
        context.signal.removeEventListener('abort', stopUpstream);
        await iterator.return?.();
      };

      const noteFailure = (error: unknown) => {
        logFailure(context.log, provider.name, error);
        // The reader leaving is not the service failing.
        if (!context.signal.aborted) providers.health?.failed('chat', provider.name, error);
      };
      const fail = (error: unknown): never => {
        noteFailure(error);
        throw new AppError('CHAT_PROVIDER_FAILED', 'The agent could not answer. Please try again.');
      };
      /**
       * The chosen AI service gave nothing for this turn (an error, a timeout, a refusal, an empty answer): the
       * built-in companion answers instead, and the app says so under the reply. Only a failing built-in
       * companion, or a reader who left, ends the turn with an error.
       */
      const answerInstead = (error: unknown): ChatReply => {
        if (provider.name === standIn.name || context.signal.aborted) return fail(error);
        noteFailure(error);
        return { safety: turn.level, stream: standIn.streamReply({ ...replyInput, signal: context.signal }), standIn: true };
      };
      const firstPiece = (async () => {
        let first: IteratorResult<string>;
        do {
          first = await iterator.next();
        } while (!first.done && first.value === '');
        return first;
      })().then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );

      const turn = await judgement;
      if (turn.level === 'crisis') {
        upstream.abort();
        await firstPiece;
        await release().catch(() => undefined);
        return answerOurselves(turn);
      }
      const first = await firstPiece;
      if (!first.ok) {
        context.signal.removeEventListener('abort', stopUpstream);
        return answerInstead(first.error);
      }
      if (first.value.done) {
        context.signal.removeEventListener('abort', stopUpstream);
        return answerInstead(new ChatProviderError('empty'));
      }
      if (provider.name !== standIn.name) providers.health?.succeeded('chat');

      const firstText = first.value.value;
      const stream = (async function* () {
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
          await release();
        }
      })();
      return { safety: turn.level, stream };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
