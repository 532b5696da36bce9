import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CurrentExhibition,
  CurrentExhibitionRequest,
  ExhibitionArtwork,
  ExhibitionDetail,
  ExhibitionList,
  ExhibitionShare,
  ExhibitionSummary,
  ExhibitionUpdate,
  LetterAuthor,
  SharedExhibition,
} from '@shared/contracts/exhibitions';
import { isUuid } from '@shared/contracts/id-params';
import type { SharedMemory } from '@shared/contracts/memories';
import { SHARE_TOKEN_BYTES, type Language } from '@shared/limits';
import { AppError } from '../../app-error';
import { assessMessage } from '../../safety/assess';
import { thumbnailKeyOf } from '../../providers/storage/keys';
import type { TextProvider } from '../../providers/text/index';
import type { LetterDay, LetterInput } from '../../providers/text/letter-input';
import { TextProviderError } from '../../providers/text/text-provider-error';
import type { ProviderHealth } from '../ai/service';
import type { FilesService } from '../files/service';
import type { MemoriesService } from '../memories/service';
import type { SettingsService } from '../settings/service';
import { exhibitionMonthAt, monthKeyOf, monthOfKey, type CalendarMonth } from './month-rules';
import type { ExhibitionRow, ExhibitionsRepository } from './repository';
import { composeWall } from './wall-image';

const SHARE_TOKEN = /^[0-9a-f]{64}$/;
const notFound = () => new AppError('NOT_FOUND', 'No such exhibition.');
const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** "November 2026", « novembre 2026 »: how the month is named in the letter and the subtitle. */
export function monthNameOf({ year, month }: CalendarMonth, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}
/** The first title of an exhibition: its month, as a title ("November 2026", « Novembre 2026 »). */
const titleOf = (month: CalendarMonth, language: Language) => {
  const name = monthNameOf(month, language);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

type MonthMemory = Awaited<ReturnType<MemoriesService['ofMonth']>>[number];

/**
 * The monthly exhibition (docs/exhibitions.md): in the first days of a month, the month before becomes a wall of the
 * person's artworks with a letter from the companion. The letter is written from the month's titles, reflections and
 * moods only (the server never has a conversation to read), by the chosen memory-writing provider, with Souvenir's
 * safety rules in its instructions; what it writes is read by the crisis layer before it is kept, and Souvenir's own
 * offline letter stands in whenever the provider fails or writes anything the layer will not pass.
 */
export function createExhibitionsService(deps: {
  exhibitions: ExhibitionsRepository;
  memories: Pick<MemoriesService, 'ofMonth' | 'requireKnownZone'>;
  files: Pick<FilesService, 'read'>;
  settings: Pick<SettingsService, 'agent'>;
  providers: { text(): Promise<TextProvider>; health?: Pick<ProviderHealth, 'failed' | 'succeeded'> };
  /** The offline writer: its letter stands in when the chosen provider cannot write one. */
  fallbackText: TextProvider;
  /** Stops a provider's call when the server shuts down. */
  signal?: AbortSignal;
}) {
  const { exhibitions, memories, fallbackText } = deps;

  /** Requests of this process making the same person's month wait for the one already writing it. */
  const making = new Map<string, Promise<ExhibitionRow | null>>();

  const monthOf = (row: ExhibitionRow) => memories.ofMonth(row.userId, monthOfKey(row.month), row.timeZone);

  const artworkOf = (memory: MonthMemory): ExhibitionArtwork => ({
    id: memory.id,
    title: memory.title,
    imageUrl: memory.imageUrl,
    thumbnailUrl: memory.thumbnailUrl,
    imageSources: memory.imageSources,
    createdAt: memory.createdAt,
  });

  const summaryOf = (row: ExhibitionRow, hung: MonthMemory[]): ExhibitionSummary => ({
    id: row.id,
    month: row.month,
    title: row.title,
    kept: row.keptAt !== null,
    createdAt: row.createdAt.toISOString(),
    coverUrl: hung[0] ? (hung[0].thumbnailUrl ?? hung[0].imageUrl) : null,
    artworkCount: hung.length,
  });

  const detailOf = async (row: ExhibitionRow): Promise<ExhibitionDetail> => {
    const hung = await monthOf(row);
    return {
      ...summaryOf(row, hung),
      letter: row.letter,
      letterBy: row.letterBy === 'ai' ? 'ai' : 'offline',
      shareToken: row.shareToken,
      artworks: hung.map(artworkOf),
    };
  };

  /**
   * The letter: the chosen provider's when it answers with words the crisis layer passes, the offline writer's
   * otherwise. A day whose own words the layer reads as a crisis (a memory renamed so) is left out of what any
   * writer reads; when every day is, the offline letter speaks of the month without its titles.
   */
  async function letterFor(input: Omit<LetterInput, 'signal'>, log: FastifyBaseLogger): Promise<{ letter: string; letterBy: LetterAuthor }> {
    const days = input.days.filter((day) => assessMessage([day.title, day.reflection ?? ''].join('\n')).level !== 'crisis');
    const safeInput = { ...input, days: days.length > 0 ? days : input.days.map((day) => ({ ...day, title: '', reflection: null })) };
    const offline = async () => ({ letter: await fallbackText.exhibitionLetter({ ...safeInput, signal: new AbortController().signal }), letterBy: 'offline' as const });
    const text = await deps.providers.text().catch(() => fallbackText);
    if (text.name === fallbackText.name || days.length === 0) return offline();
    try {
      const letter = await text.exhibitionLetter({ ...safeInput, signal: deps.signal ?? new AbortController().signal });
      deps.providers.health?.succeeded('text');
      // Stricter than for what a person writes: a letter in the companion's voice that gives the layer any
      // concern at all is not ours to send.
      if (assessMessage(letter).level !== 'none') {
        log.warn({ provider: text.name }, 'exhibition letter: the crisis layer did not pass the provider’s letter, the offline letter stands in');
        return offline();
      }
      return { letter, letterBy: 'ai' };
    } catch (error) {
      deps.providers.health?.failed('text', text.name, error);
      log.warn(
        error instanceof TextProviderError ? { provider: text.name, reason: error.reason, upstreamStatus: error.status } : { provider: text.name, errorName: errorName(error) },
        'exhibition letter: the provider failed, the offline letter stands in',
      );
      return offline();
    }
  }

  /** Writes and records the month's exhibition, or null when the month has no memory to hang. */
  async function make(userId: string, month: CalendarMonth, request: CurrentExhibitionRequest, log: FastifyBaseLogger): Promise<ExhibitionRow | null> {
    const hung = await memories.ofMonth(userId, month, request.tz);
    if (hung.length === 0) return null;
    const agent = await deps.settings.agent();
    const fr = request.language === 'fr';
    const days: LetterDay[] = hung.map((memory) => ({ title: memory.title, reflection: memory.poeticSummary, mood: memory.mood }));
    const { letter, letterBy } = await letterFor(
      {
        language: request.language,
        agentName: fr ? agent.agentNameFr : agent.agentName,
        agentGender: agent.agentGenderFr,
        monthName: monthNameOf(month, request.language),
        days,
      },
      log,
    );
    const row = await exhibitions.insertOnce({
      userId,
      month: monthKeyOf(month),
      timeZone: request.tz,
      title: titleOf(month, request.language),
      letter,
      letterBy,
      language: request.language,
    });
    // Only kinds and counts: never a title or a word of the letter.
    log.info({ exhibitionId: row.id, artworks: hung.length, letterBy: row.letterBy }, 'exhibition made');
    return row;
  }

  const own = async (userId: string, id: string) => {
    if (!isUuid(id)) throw notFound();
    const row = await exhibitions.find(id, userId);
    if (!row) throw notFound();
    return row;
  };

  /** Reads each artwork's small picture (its 512 px thumbnail, else the image itself); null where none can be read. */
  const picturesOf = (hung: MonthMemory[]) =>
    Promise.all(
      hung.map(async (memory) => {
        if (!memory.imageKey) return null;
        for (const key of [thumbnailKeyOf(memory.imageKey), memory.imageKey]) {
          const file = await deps.files.read(key).catch(() => null);
          if (file) return file.body;
        }
        return null;
      }),
    );

  return {
    /**
     * The month's exhibition on the person's calendar: null outside the first days or when last month has no memory;
     * otherwise the one already made, or one made now — once, however many requests ask at the same time.
     */
    async current(userId: string, request: CurrentExhibitionRequest, ctx: { log: FastifyBaseLogger; now?: Date }): Promise<CurrentExhibition> {
      await memories.requireKnownZone(request.tz);
      const month = exhibitionMonthAt(ctx.now ?? new Date(), request.tz);
      if (!month) return { exhibition: null };
      const key = monthKeyOf(month);
      let row = await exhibitions.findByMonth(userId, key);
      if (!row) {
        const flight = `${userId} ${key}`;
        let pending = making.get(flight);
        if (!pending) {
          pending = make(userId, month, request, ctx.log).finally(() => making.delete(flight));
          making.set(flight, pending);
        }
        row = await pending;
      }
      if (!row) return { exhibition: null };
      return { exhibition: summaryOf(row, await monthOf(row)) };
    },

    /** The exhibitions kept in the gallery, newest month first. */
    async listKept(userId: string): Promise<ExhibitionList> {
      const rows = await exhibitions.listKept(userId);
      return { items: await Promise.all(rows.map(async (row) => summaryOf(row, await monthOf(row)))) };
    },

    /** The wall page: only the person's own exhibition; anything else is "not found" (never "not yours"). */
    async detail(userId: string, id: string): Promise<ExhibitionDetail> {
      return detailOf(await own(userId, id));
    },

    /** Rename, keep or let go; someone else's exhibition is "not found". */
    async update(userId: string, id: string, update: ExhibitionUpdate): Promise<ExhibitionDetail> {
      const current = await own(userId, id);
      const changes: { title?: string; keptAt?: Date | null } = {};
      if (update.title !== undefined) changes.title = update.title;
      // Keeping again keeps the first date it was kept.
      if (update.kept !== undefined) changes.keptAt = update.kept ? (current.keptAt ?? new Date()) : null;
      const row = await exhibitions.update(id, userId, changes);
      if (!row) throw notFound();
      return detailOf(row);
    },

    /** A new public link every time (32 random bytes): the previous one, if any, stops working. */
    async share(userId: string, id: string): Promise<ExhibitionShare> {
      if (!isUuid(id)) throw notFound();
      const shareToken = randomBytes(SHARE_TOKEN_BYTES).toString('hex');
      if (!(await exhibitions.setShareToken(id, userId, shareToken))) throw notFound();
      return { shareToken };
    },

    /** Makes the exhibition private again: its link answers "not found" from now on. */
    async unshare(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await exhibitions.setShareToken(id, userId, null))) throw notFound();
    },

    /** GET /api/shared/exhibition/{token}: the public fields, "not found" for any token that is not a current link. */
    async shared(token: string): Promise<SharedExhibition> {
      if (!SHARE_TOKEN.test(token)) throw notFound();
      const row = await exhibitions.findShared(token);
      if (!row) throw notFound();
      const hung = await monthOf(row);
      const artworks = hung.map((memory) => {
        const { id: _id, ...artwork } = artworkOf(memory);
        return artwork;
      });
      return { title: row.title, month: row.month, letter: row.letter, artworks };
    },

    /**
     * What a shared exhibition's link previews show, in the shape of a shared memory's (its title, first artwork and
     * the start of its letter), or null for any token that is not a current link (the page is then only "never indexed").
     */
    async previewOf(token: string): Promise<SharedMemory | null> {
      if (!SHARE_TOKEN.test(token)) return null;
      const row = await exhibitions.findShared(token);
      if (!row) return null;
      const [first] = await monthOf(row);
      if (!first) return null;
      return { title: row.title, imageUrl: first.imageUrl, imageSources: first.imageSources, poeticSummary: row.letter, createdAt: first.createdAt, imageOrigin: null };
    },

    /** The wall as one JPEG, with its title and month, for the person to download. */
    async image(userId: string, id: string): Promise<{ body: Buffer; fileName: string }> {
      const row = await own(userId, id);
      const hung = await monthOf(row);
      const language: Language = row.language === 'fr' ? 'fr' : 'en';
      const body = await composeWall({ title: row.title, subtitle: titleOf(monthOfKey(row.month), language), artworks: await picturesOf(hung) });
      return { body, fileName: `souvenir-${row.month}.jpg` };
    },

    /** Every exhibition of the person, as their data export lists them (no pictures of their own: the memories' are there). */
    async exportOf(userId: string) {
      const rows = await exhibitions.listAll(userId);
      return rows.map((row) => ({
        id: row.id,
        month: row.month,
        timeZone: row.timeZone,
        title: row.title,
        letter: row.letter,
        letterBy: row.letterBy,
        language: row.language,
        createdAt: row.createdAt.toISOString(),
        keptAt: row.keptAt?.toISOString() ?? null,
        shared: row.shareToken !== null,
        shareToken: row.shareToken,
      }));
    },
  };
}
export type ExhibitionsService = ReturnType<typeof createExhibitionsService>;
