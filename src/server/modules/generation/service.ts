import type { FastifyBaseLogger } from 'fastify';
import type { GenerationOutcome, GenerationRequest, GenerationResponse } from '@shared/contracts/generation';
import type { ArtworkOrigin } from '@shared/contracts/memories';
import type { Language } from '@shared/limits';
import { AppError } from '../../app-error';
import { mainMotifOf, motifsDrawnTooOften, RECENT_MOTIFS_SEEN } from '../../providers/image/generative-art';
import { ImageProviderError } from '../../providers/image/image-provider-error';
import { understandDay } from '../../providers/mood/analyse';
import type { ImageProvider } from '../../providers/image/index';
import { markArtwork } from '../../providers/storage/artwork-origin';
import type { StorageProvider, StoredImage } from '../../providers/storage/index';
import { storeRenditions } from '../../providers/storage/renditions';
import { partOfDayAt, type MemoryTexts, type TextProvider } from '../../providers/text/index';
import { TextProviderError } from '../../providers/text/text-provider-error';
import { crisisMemoryTexts } from '../../safety/replies';
import type { ChatService } from '../chat/service';
import type { SafetyService } from '../safety/service';
import type { SettingsService } from '../settings/service';
import { reservedDayOf, type GenerationRepository, type GenerationRow, type StartOutcome } from './repository';
import type { ProviderHealth } from '../ai/service';

/**
 * When the texts cannot be made, the memory is titled "Conversation with the agent" (the agent's
 * name in the language), has no key comment, and this reflection.
 */
export function fallbackTexts(language: Language, agentName: string): MemoryTexts {
  return language === 'fr'
    ? {
        title: `Conversation avec ${agentName}`,
        keyComment: '',
        poeticSummary:
          'Aujourd’hui, tu as pris le temps de te poser et de mettre des mots sur ta journée. Ce moment t’appartient\u00a0: garde-le comme une petite lumière, à retrouver quand tu en auras besoin.',
      }
    : {
        title: `Conversation with ${agentName}`,
        keyComment: '',
        poeticSummary:
          'Today you took a moment to pause and put your day into words. That moment is yours: keep it like a small light, to come back to whenever you need it.',
      };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** How many of the person's latest titles a new memory's title should differ from. */
export const RECENT_TITLES_AVOIDED = 30;

/** The hour (0–23) on the person's clock at `at`, from the time zone their browser sent; none sent, unknown. */
export function hourIn(timeZone: string | undefined, at: Date): number | undefined {
  if (timeZone === undefined) return undefined;
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
}

export interface GenerationResult {
  /** False when a retry of the same key answers the first request's result. */
  created: boolean;
  response: GenerationResponse;
}

export interface GenerationContext {
  log: FastifyBaseLogger;
  /** Aborted when the server shuts down: providers stop, and the fallbacks apply. */
  signal: AbortSignal;
}

/** The day's mood and second mood from the person's own messages (the learned mood head). */
const moodOf = (messages: readonly { role: string; content: string }[]) => {
  const reading = understandDay(messages.filter((m) => m.role === 'user').map((m) => m.content));
  return { primary: reading.primary, secondary: reading.secondary };
};

/**
 * Turns the day's conversation into a memory, in one request: limits, texts, image, storage,
 * the memory row and the journaled day (docs/decisions/0012-generation-in-one-request-with-idempotency-key.md).
 * The conversation is handed to the text provider and kept nowhere: only the title, the reflection, the
 * image prompt (made of curated words or the model's own) and the image are stored. Logs carry only kinds
 * of failures, never the conversation, the title or the reflection.
 */
export function createGenerationService(deps: {
  generations: GenerationRepository;
  chat: ChatService;
  /** The prompts, the image size and quality, and the daily limit, as the administrators last saved them. */
  settings: Pick<SettingsService, 'generation' | 'dailyGenerationLimit'>;
  /** A conversation the crisis layer assessed as crisis becomes a calm memory written by us (docs/decisions/0033-crisis-day-memory.md). */
  safety: Pick<SafetyService, 'hadCrisis'>;
  /** The providers answering now, read once per memory (the AI tab may change them while the app runs). */
  providers: {
    text(): Promise<TextProvider>;
    image(): Promise<ImageProvider>;
    /** Where a failing memory writer shows (the AI tab, /api/health) until its next successful call. */
    health?: Pick<ProviderHealth, 'failed' | 'succeeded'>;
  };
  /** Writes the image prompt when the text provider cannot (the offline extractor). */
  fallbackText: TextProvider;
  /** Draws the default artwork when the image provider fails (the generative-art renderer). */
  fallbackImage: ImageProvider;
  storage: StorageProvider;
  /** A generation running longer than this is taken as dead (its process stopped); longer than the providers' timeouts let one run. */
  staleAfterMs: number;
}) {
  const { generations, chat, fallbackText, fallbackImage, storage } = deps;

  // Only the chosen writer's calls say whether it works; the built-in one standing in says nothing about it.
  const noteSuccess = (text: TextProvider) => {
    if (text.name !== fallbackText.name) deps.providers.health?.succeeded('text');
  };
  const noteFailure = (text: TextProvider, error: unknown) => {
    if (text.name !== fallbackText.name) deps.providers.health?.failed('text', text.name, error);
  };

  const textsOf = async (text: TextProvider, input: Parameters<TextProvider['extractMemory']>[0], log: FastifyBaseLogger) => {
    try {
      const texts = await text.extractMemory(input);
      noteSuccess(text);
      return { texts, textFallback: false };
    } catch (error) {
      noteFailure(text, error);
      log.warn(
        error instanceof TextProviderError
          ? { provider: text.name, reason: error.reason, upstreamStatus: error.status }
          : { provider: text.name, errorName: errorName(error) },
        'memory texts failed: using the fallback texts',
      );
      return { texts: fallbackTexts(input.language, input.agentName), textFallback: true };
    }
  };

  const imagePromptOf = async (text: TextProvider, input: Parameters<TextProvider['imagePrompt']>[0], log: FastifyBaseLogger) => {
    try {
      const prompt = await text.imagePrompt(input);
      noteSuccess(text);
      return prompt;
    } catch (error) {
      noteFailure(text, error);
      log.warn(
        error instanceof TextProviderError
          ? { provider: text.name, reason: error.reason, upstreamStatus: error.status }
          : { provider: text.name, errorName: errorName(error) },
        'image prompt failed: using the offline one',
      );
      return fallbackText.imagePrompt(input);
    }
  };

  /** An AI image service draws from a model trained on pictures; the built-in renderer composes without one. */
  const originOf = (provider: ImageProvider): ArtworkOrigin => (provider.name === 'openai-compatible' ? 'ai-service' : 'renderer');

  /** The artwork, or the default one (the offline renderer, from the same prompt) with the outcome that picks the person's message. */
  const artworkOf = async (
    image: ImageProvider,
    request: Parameters<ImageProvider['generate']>[0],
    log: FastifyBaseLogger,
  ): Promise<{ image: Buffer; origin: ArtworkOrigin; outcome: GenerationOutcome; errorDetails: string | null }> => {
    try {
      return { image: await image.generate(request), origin: originOf(image), outcome: 'created', errorDetails: null };
    } catch (error) {
      const failure = error instanceof ImageProviderError ? error : null;
      log.warn(
        failure
          ? { provider: image.name, reason: failure.reason, upstreamStatus: failure.status }
          : { provider: image.name, errorName: errorName(error) },
        'image failed: using the default artwork',
      );
      const outcome: GenerationOutcome =
        failure?.reason === 'size' ? 'fallback-size' : failure?.reason === 'policy' ? 'fallback-policy' : 'fallback';
      const errorDetails = outcome === 'fallback' ? (failure?.detail ?? 'the image could not be made') : null;
      return { image: await fallbackImage.generate(request), origin: originOf(fallbackImage), outcome, errorDetails };
    }
  };

  /** A retried key: the first request's answer, "still running", or — another person's key — a refusal. */
  const answerExisting = async (userId: string, row: GenerationRow | undefined): Promise<GenerationResult> => {
    if (!row || row.userId !== userId) {
      // Never say whose key it is or what it made: for this person it is just a key they cannot use.
      throw new AppError('VALIDATION_FAILED', 'This Idempotency-Key cannot be used; send a new one.', {
        'idempotency-key': ['validation.idempotencyKeyInvalid'],
      });
    }
    if (row.status !== 'done') {
      throw new AppError('GENERATION_IN_PROGRESS', 'This memory is still being made; wait for the first request to finish.');
    }
    if (!row.memoryId || !row.outcome) throw new AppError('NOT_FOUND', 'The memory made by this request no longer exists.');
    return {
      created: false,
      response: {
        memoryId: row.memoryId,
        outcome: row.outcome,
        errorDetails: row.errorDetails,
        textFallback: row.textFallback,
        generation: await chat.generationLimit(userId),
      },
    };
  };

  /**
   * Takes the key and reserves one of today's slots, in one transaction (the repository's start). A person
   * let in by the free first session has it re-checked in the reservation's statement itself.
   */
  const start = async (userId: string, key: string, startedAt: Date, firstSession: boolean): Promise<StartOutcome> =>
    generations.start({
      key,
      userId,
      startedAt,
      staleBefore: new Date(startedAt.getTime() - deps.staleAfterMs),
      limit: await deps.settings.dailyGenerationLimit(),
      firstSession,
    });

  const dailyLimitReached = async (userId: string) => {
    const { limit } = await chat.generationLimit(userId);
    return new AppError('DAILY_LIMIT_REACHED', `Daily limit reached: ${limit} ${limit === 1 ? 'memory' : 'memories'} per day.`);
  };

  /** The flow once the key is ours and a slot reserved: write, draw, store, save — or give everything back. */
  const createReserved = async (
    userId: string,
    input: GenerationRequest,
    key: string,
    startedAt: Date,
    { log, signal }: GenerationContext,
  ): Promise<GenerationResult> => {
    // The same UTC date as the chat's limit info (the daily limit counts UTC dates), and the day the slot was reserved for.
    const day = reservedDayOf(startedAt);
    let stored: StoredImage | null = null;
    let memoryId: string;
    let result: Omit<GenerationResponse, 'memoryId' | 'generation'>;
    let text: TextProvider = fallbackText;
    let image: ImageProvider = fallbackImage;
    try {
      const settings = await deps.settings.generation();
      [text, image] = await Promise.all([deps.providers.text(), deps.providers.image()]);
      const fr = input.language === 'fr';
      const textInput = {
        messages: input.messages,
        language: input.language,
        agentName: fr ? settings.agentNameFr : settings.agentName,
        // Words for the hour the person wrote at, and a title they do not have yet.
        partOfDay: partOfDayAt(hourIn(input.timeZone, startedAt)),
        avoidTitles: await generations.recentTitles(userId, RECENT_TITLES_AVOIDED),
        signal,
        // The day's mood, read once: the texts are written from it and it is kept with the memory.
        mood: moodOf(input.messages),
      };
      let texts: Pick<MemoryTexts, 'title' | 'poeticSummary'>;
      let textFallback = false;
      let prompt: string;
      let art: Awaited<ReturnType<typeof artworkOf>>;
      let motif: string | null = null;
      const crisisDay = deps.safety.hadCrisis(input.messages);
      if (crisisDay) {
        // No provider writes or draws from a crisis conversation: our calm texts, the offline renderer's calm picture.
        const calm = crisisMemoryTexts(input.language, await chat.helplineCountryOf(userId));
        texts = calm;
        prompt = calm.imagePrompt;
        art = {
          image: await fallbackImage.generate({ prompt, size: settings.imageSize, quality: settings.imageQuality, signal }),
          origin: originOf(fallbackImage),
          outcome: 'created',
          errorDetails: null,
        };
      } else {
        ({ texts, textFallback } = await textsOf(text, textInput, log));
        prompt = await imagePromptOf(
          text,
          { ...textInput, summaryPrompt: fr ? settings.summaryPromptFr : settings.summaryPrompt, imagePrompt: fr ? settings.imagePromptFr : settings.imagePrompt },
          log,
        );
        // The day's things, drawn so that ten artworks in a row never show the same main motif more than twice.
        const main = mainMotifOf(prompt, motifsDrawnTooOften(await generations.recentMotifs(userId, RECENT_MOTIFS_SEEN)));
        art = await artworkOf(image, { prompt, size: settings.imageSize, quality: settings.imageQuality, signal, motif: main }, log);
        if (art.origin === 'renderer') motif = main;
      }
      // The file says how it was made (AI image service or built-in renderer); its thumbnail and renditions keep it.
      const marked = await markArtwork(art.image, art.origin);
      stored = await storage.putImage(`memories/${userId}`, marked);
      // Without its renditions a memory still shows its PNG; the start-up pass makes them later (decision 0075).
      const imageRenditionWidths = await storeRenditions(storage, stored.key, marked).catch((error: unknown) => {
        log.warn({ errorName: errorName(error) }, 'artwork renditions could not be made');
        return null;
      });
      result = { outcome: art.outcome, errorDetails: art.errorDetails, textFallback };
      memoryId = await generations.saveMemory({
        key,
        userId,
        day,
        memory: {
          title: texts.title,
          imageUrl: stored.url,
          imageRenditionWidths,
          imageOrigin: art.origin,
          prompt,
          poeticSummary: texts.poeticSummary,
          conversationId: input.conversationId,
          // A crisis day's memory is written by us, from no mood: it keeps none.
          mood: crisisDay ? null : textInput.mood.primary,
          motif,
        },
        result,
      });
    } catch (error) {
      // "Error creating visual memory": nothing was made, so nothing is counted or kept.
      log.error({ errorName: errorName(error), stored: stored !== null }, 'memory could not be created: the reservation is released');
      const undo: Promise<unknown>[] = [generations.fail(key)];
      if (stored) undo.push(storage.remove(stored.key));
      for (const outcome of await Promise.allSettled(undo)) {
        if (outcome.status === 'rejected') log.error({ errorName: errorName(outcome.reason) }, 'undoing a failed generation failed');
      }
      throw new AppError('MEMORY_CREATE_FAILED', 'Error creating visual memory.');
    }
    log.info({ memoryId, outcome: result.outcome, textFallback: result.textFallback, text: text.name, image: image.name, storage: storage.name }, 'memory created');
    return { created: true, response: { memoryId, ...result, generation: await chat.generationLimit(userId) } };
  };

  return {
    /**
     * POST /api/generations once signed in and valid. A retried key answers the first request's result
     * (created false) or 409 while it runs; otherwise the access rule (402, as for the chat: the first
     * session is free, then a subscription), the daily limit (429 when none is left), and the memory is
     * made (created true) — or everything is given back (500 MEMORY_CREATE_FAILED).
     */
    async create(userId: string, input: GenerationRequest, key: string, context: GenerationContext): Promise<GenerationResult> {
      // A finished request answered again, even though its memory made this day a journaled one (and so
      // may now need a subscription): the person is only asking what happened.
      const earlier = await generations.find(key);
      if (earlier?.status === 'done' && earlier.userId === userId) return answerExisting(userId, earlier);
      const firstSession = (await chat.requireChatAccess(userId)) === 'first-session';
      const startedAt = new Date();
      let outcome = await start(userId, key, startedAt, firstSession);
      let row: GenerationRow | undefined;
      if (outcome === 'taken') {
        row = await generations.find(key);
        // It failed between our attempt and the read: one more try, then "in progress".
        if (row?.status === 'failed' && row.userId === userId) outcome = await start(userId, key, startedAt, firstSession);
      }
      // The answer a request arriving just after the free memory would get from the access check.
      if (outcome === 'first-session-used') throw new AppError('SUBSCRIPTION_REQUIRED', 'A subscription is needed to talk with the agent after the first session.');
      if (outcome === 'limit') throw await dailyLimitReached(userId);
      if (outcome === 'taken') return answerExisting(userId, row);
      return createReserved(userId, input, key, startedAt, context);
    },

    /**
     * Gives back what generations cut short by a stopped process still hold (docs/decisions/0028): each
     * becomes failed and returns its reserved slot. `everyRunning` when this process alone uses the
     * database and has just started (PGlite: its folder is locked), so any running one belongs to a dead
     * process; otherwise only those running longer than a generation can take.
     */
    async recoverInterrupted(log: FastifyBaseLogger, options: { everyRunning: boolean }): Promise<number> {
      const now = Date.now();
      const recovered = await generations.recoverInterrupted(new Date(options.everyRunning ? now : now - deps.staleAfterMs));
      if (recovered > 0) log.warn({ recovered }, 'generations interrupted by a stopped process: their daily slots are given back');
      return recovered;
    },
  };
}
export type GenerationService = ReturnType<typeof createGenerationService>;
