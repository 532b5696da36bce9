import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generationResponseSchema } from '@shared/contracts/generation';
import { DEFAULT_SETTINGS } from '@server/db/seed';
import { generations, journalDays, profiles, souvenirs } from '@server/db/schema/index';
import { createGenerationRepository } from '@server/modules/generation/repository';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import {
  addGeneration,
  buildFrenchGenerationRequest,
  buildGenerationRequest,
  generationCounterOf,
  imageAndThumbnailExist,
  postGeneration,
  setDailyLimit,
  storedFileOf,
} from './factories/generation';
import { addJournalDay } from './factories/journal-day';
import { createUser } from './factories/user';
import { createTestApp, type TestApp } from './support/app';

const t = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000' });

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const memoriesOf = (app: TestApp, userId: string) => app.db.select().from(souvenirs).where(eq(souvenirs.userId, userId));
const journalDaysOf = (app: TestApp, userId: string) => app.db.select().from(journalDays).where(eq(journalDays.userId, userId));
const storedFilesOf = (app: TestApp, userId: string) => {
  const folder = path.join(app.dataDir, 'files', 'memories', userId);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
const grantFreeAccess = (app: TestApp, userId: string) => app.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, userId));
const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

describe('POST /api/generations on the embedded defaults', () => {
  it('says which providers make memories', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.providers).toMatchObject({ text: 'offline-extractor', image: 'generative-art' });
  });

  it('turns the day’s conversation into a memory: texts, artwork, stored file, journal day, counter', async () => {
    const user = await createUser(t);
    const request = buildGenerationRequest();
    const response = await postGeneration(t, user.cookie, request);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = generationResponseSchema.parse(response.json());
    expect(body).toEqual({
      memoryId: expect.any(String),
      outcome: 'created',
      errorDetails: null,
      textFallback: false,
      generation: { remaining: 0, limit: 1, canGenerate: false },
    });

    const [memory, ...others] = await memoriesOf(t, user.id);
    expect(others).toEqual([]);
    expect(memory).toMatchObject({
      id: body.memoryId,
      conversationId: request.conversationId,
      shareToken: null,
      liked: false,
    });
    expect(memory!.title.length).toBeGreaterThan(3);
    expect(memory!.title.split(' ').length).toBeLessThanOrEqual(8);
    expect(memory!.poeticSummary!.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(2);
    // The admin's image prompt, then the day: tired and calm, the sea, work, the night.
    expect(memory!.prompt.startsWith(DEFAULT_SETTINGS.imagePrompt)).toBe(true);
    expect(memory!.prompt).toMatch(/waves|sea/);
    expect(memory!.imageUrl).toMatch(new RegExp(`^/files/memories/${user.id}/[0-9a-f]{32}\\.png$`));

    // The artwork is stored, 1024×1024, with its WebP thumbnail for grids.
    expect(imageAndThumbnailExist(t, memory!.imageUrl)).toBe(true);
    const meta = await sharp(readFileSync(storedFileOf(t, memory!.imageUrl))).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });

    expect(await journalDaysOf(t, user.id)).toEqual([{ userId: user.id, day: today() }]);
    expect(await generationCounterOf(t, user.id)).toEqual({ count: 1, day: today() });

    // The chat screen and the home grid see it.
    const status = await t.app.inject({ method: 'GET', url: '/api/chat/status', headers: { cookie: user.cookie } });
    expect(status.json()).toMatchObject({ journalDays: 1, generation: { remaining: 0, limit: 1, canGenerate: false } });
    const recent = await t.app.inject({ method: 'GET', url: '/api/memories/recent', headers: { cookie: user.cookie } });
    expect(recent.json().items.map((m: { id: string }) => m.id)).toEqual([body.memoryId]);

    // Logs say what happened, never what the memory says.
    const logs = t.logs.join('');
    expect(logs).toContain('memory created');
    expect(logs).not.toContain(memory!.title);
    expect(logs).not.toContain(memory!.poeticSummary!.slice(0, 30));
  });

  it('keeps the mood the memory was written from, and the companion later names that one, never a reading of its words', async () => {
    const user = await createUser(t);
    const messages = [
      { role: 'assistant' as const, content: 'How was your day?' },
      { role: 'user' as const, content: 'my boss humiliated me in front of the whole team, i am fuming' },
      { role: 'assistant' as const, content: 'That sounds unfair.' },
      { role: 'user' as const, content: 'still furious tbh, i slammed the car door so hard' },
    ];
    expect((await postGeneration(t, user.cookie, buildGenerationRequest({ messages }))).statusCode).toBe(201);
    const [memory] = await memoriesOf(t, user.id);
    expect(memory!.mood).toBe('angry');
    // Renamed to words of another mood: what the companion is told stays the mood the day was kept with.
    await t.db.update(souvenirs).set({ title: 'A joyful, happy, wonderful day' }).where(eq(souvenirs.id, memory!.id));
    const view = await t.app.inject({ method: 'GET', url: '/api/continuity?language=en', headers: { cookie: user.cookie } });
    expect(view.json<{ context: string }>().context).toContain('(mood: angry)');
  });

  it('keeps no mood for a crisis day', async () => {
    const user = await createUser(t);
    const messages = [
      { role: 'assistant' as const, content: 'How was your day?' },
      { role: 'user' as const, content: 'I want to end my life tonight.' },
      { role: 'assistant' as const, content: 'I am so glad you told me.' },
      { role: 'user' as const, content: 'yes i am safe now, my sister is here' },
    ];
    expect((await postGeneration(t, user.cookie, buildGenerationRequest({ messages }))).statusCode).toBe(201);
    const [memory] = await memoriesOf(t, user.id);
    expect(memory!.mood).toBeNull();
  });

  it('writes the title and reflection in French for a French conversation', async () => {
    const user = await createUser(t, { defaultLanguage: 'fr' });
    const response = await postGeneration(t, user.cookie, buildFrenchGenerationRequest());
    expect(response.statusCode, response.body).toBe(201);
    const [memory] = await memoriesOf(t, user.id);
    expect(memory!.poeticSummary).toMatch(/\b(tu|ta|tes|toi|ton)\b|\bt’/i);
    expect(memory!.poeticSummary).not.toMatch(/ [:;!?]/);
    expect(memory!.poeticSummary).not.toMatch(/\b(the|your|you)\b/i);
    expect(memory!.prompt.startsWith(DEFAULT_SETTINGS.imagePromptFr)).toBe(true);
  });

  it('gives the same conversation the same artwork, and another day another one', async () => {
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    const day = buildGenerationRequest();
    const other = buildGenerationRequest({
      messages: [
        { role: 'assistant', content: 'How was your day?' },
        { role: 'user', content: 'I was so angry at my boss, the project deadline is unfair.' },
        { role: 'assistant', content: 'That sounds frustrating.' },
        { role: 'user', content: 'Then I played the piano and sang.' },
      ],
    });
    for (const [user, request] of [[a, day], [b, day], [c, other]] as const) {
      expect((await postGeneration(t, user.cookie, request)).statusCode).toBe(201);
    }
    const [ma, mb, mc] = [(await memoriesOf(t, a.id))[0]!, (await memoriesOf(t, b.id))[0]!, (await memoriesOf(t, c.id))[0]!];
    const art = (url: string) => sha256(readFileSync(storedFileOf(t, url)));
    expect(mb.prompt).toBe(ma.prompt);
    expect(art(mb.imageUrl)).toBe(art(ma.imageUrl));
    expect(mc.prompt).not.toBe(ma.prompt);
    expect(art(mc.imageUrl)).not.toBe(art(ma.imageUrl));
  });

  describe('refusals', () => {
    it('refuses anonymous visitors before anything else', async () => {
      const response = await postGeneration(t, undefined, { nonsense: true }, null);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    });

    it('refuses invalid requests and missing or malformed keys with coded fields, and counts nothing', async () => {
      const user = await createUser(t);
      const cases: [string, unknown, string | null, Record<string, string[]>][] = [
        ['no key', buildGenerationRequest(), null, { 'idempotency-key': ['validation.idempotencyKeyInvalid'] }],
        ['key not a uuid', buildGenerationRequest(), 'retry-1', { 'idempotency-key': ['validation.idempotencyKeyInvalid'] }],
        [
          'too few messages',
          buildGenerationRequest({ messages: [{ role: 'assistant', content: 'Hi' }, { role: 'user', content: 'Hello' }] }),
          randomUUID(),
          { messages: ['validation.generationTooFewMessages'] },
        ],
        [
          'nothing from the person',
          buildGenerationRequest({ messages: Array.from({ length: 3 }, () => ({ role: 'assistant' as const, content: 'Hi' })) }),
          randomUUID(),
          { messages: ['validation.generationTooFewMessages'] },
        ],
        ['bad language', { ...buildGenerationRequest(), language: 'de' }, randomUUID(), { language: ['validation.languageRequired'] }],
        ['bad conversation id', { ...buildGenerationRequest(), conversationId: 'today' }, randomUUID(), { conversationId: ['validation.conversationIdInvalid'] }],
        ['unknown time zone', buildGenerationRequest({ timeZone: 'Mars/Olympus' }), randomUUID(), { timeZone: ['validation.timeZoneInvalid'] }],
      ];
      for (const [name, payload, key, fields] of cases) {
        const response = await postGeneration(t, user.cookie, payload, key);
        expect(response.statusCode, name).toBe(400);
        expect(response.json().error, name).toMatchObject({ code: 'VALIDATION_FAILED', fields });
      }
      const unknownField = await postGeneration(t, user.cookie, { ...buildGenerationRequest(), prompt: 'draw a cat' });
      expect(unknownField.statusCode).toBe(400);
      expect(await memoriesOf(t, user.id)).toEqual([]);
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 0, day: null });
    });

    it('applies the chat’s access rule: after the first journaled day, a subscription (402)', async () => {
      const user = await createUser(t);
      await addJournalDay(t, user.id, yesterday());
      const response = await postGeneration(t, user.cookie, buildGenerationRequest());
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ error: { code: 'SUBSCRIPTION_REQUIRED' } });
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 0, day: null });

      await grantFreeAccess(t, user.id);
      expect((await postGeneration(t, user.cookie, buildGenerationRequest())).statusCode).toBe(201);
    });

    it('gives a never-subscribed person one free memory, whether the requests come one by one or all at once', async () => {
      await setDailyLimit(t, 3);
      try {
        const patient = await createUser(t);
        const oneByOne = [];
        for (let i = 0; i < 3; i++) oneByOne.push((await postGeneration(t, patient.cookie, buildGenerationRequest())).statusCode);
        expect(oneByOne).toEqual([201, 402, 402]);
        expect(await memoriesOf(t, patient.id)).toHaveLength(1);

        const hasty = await createUser(t);
        const atOnce = await Promise.all(Array.from({ length: 20 }, () => postGeneration(t, hasty.cookie, buildGenerationRequest())));
        const codes = atOnce.map((r) => r.statusCode);
        expect(codes.filter((code) => code === 201)).toHaveLength(1);
        // The others learn what a later request would: the free session is spent, a subscription is needed.
        expect(codes.filter((code) => code === 402)).toHaveLength(19);
        expect(await memoriesOf(t, hasty.id)).toHaveLength(1);
        expect(await generationCounterOf(t, hasty.id)).toEqual({ count: 1, day: today() });
      } finally {
        await setDailyLimit(t, 1);
      }
    });
  });

  describe('the daily limit', () => {
    it('refuses a second memory the same day (429), and makes nothing', async () => {
      const user = await createUser(t);
      await grantFreeAccess(t, user.id);
      expect((await postGeneration(t, user.cookie, buildGenerationRequest())).statusCode).toBe(201);
      const second = await postGeneration(t, user.cookie, buildGenerationRequest());
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({ error: { code: 'DAILY_LIMIT_REACHED', message: 'Daily limit reached: 1 memory per day.' } });
      expect(await memoriesOf(t, user.id)).toHaveLength(1);
      expect(storedFilesOf(t, user.id)).toHaveLength(5); // one artwork, its thumbnail and its three renditions
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 1, day: today() });
    });

    it('refuses everything when the administrator sets the limit to 0', async () => {
      await setDailyLimit(t, 0);
      try {
        const user = await createUser(t);
        const response = await postGeneration(t, user.cookie, buildGenerationRequest());
        expect(response.statusCode).toBe(429);
        expect(response.json().error.message).toBe('Daily limit reached: 0 memories per day.');
        expect(await generationCounterOf(t, user.id)).toEqual({ count: 0, day: null });
      } finally {
        await setDailyLimit(t, 1);
      }
    });

    it('counts by UTC date: yesterday’s count counts as 0', async () => {
      const user = await createUser(t);
      await t.db.update(profiles).set({ imageGenerationCount: 4, lastImageGenerationDate: yesterday() }).where(eq(profiles.id, user.id));
      const response = await postGeneration(t, user.cookie, buildGenerationRequest());
      expect(response.statusCode).toBe(201);
      expect(response.json().generation).toEqual({ remaining: 0, limit: 1, canGenerate: false });
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 1, day: today() });
    });

    it('gives the last slot to exactly one of two simultaneous requests', async () => {
      for (let round = 0; round < 3; round++) {
        const user = await createUser(t);
        // Free access: a request that arrives after the first memory exists must meet the limit, not the access rule.
        await grantFreeAccess(t, user.id);
        const responses = await Promise.all([1, 2].map(() => postGeneration(t, user.cookie, buildGenerationRequest())));
        expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 429]);
        expect(await memoriesOf(t, user.id)).toHaveLength(1);
        expect(await generationCounterOf(t, user.id)).toEqual({ count: 1, day: today() });
      }
    });

    it('reserves in one statement: of ten simultaneous reservations for the last slot, exactly one wins', async () => {
      const repository = createGenerationRepository(t.db);
      for (const limit of [1, 3]) {
        const user = await createUser(t);
        const won = await Promise.all(Array.from({ length: 10 }, () => repository.reserve(user.id, today(), limit)));
        expect(won.filter(Boolean)).toHaveLength(limit);
        expect(await generationCounterOf(t, user.id)).toEqual({ count: limit, day: today() });
        await Promise.all(Array.from({ length: limit + 2 }, () => repository.release(user.id, today())));
        expect((await generationCounterOf(t, user.id)).count).toBe(0);
      }
    });

    it('lets exactly the limit through when many arrive at once', async () => {
      await setDailyLimit(t, 2);
      try {
        const user = await createUser(t);
        await grantFreeAccess(t, user.id);
        const responses = await Promise.all([1, 2, 3, 4].map(() => postGeneration(t, user.cookie, buildGenerationRequest())));
        expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429]);
        expect(await memoriesOf(t, user.id)).toHaveLength(2);
        expect(await generationCounterOf(t, user.id)).toEqual({ count: 2, day: today() });
      } finally {
        await setDailyLimit(t, 1);
      }
    });
  });

  describe('the idempotency key', () => {
    it('answers a retry with the first result and never makes a second memory', async () => {
      const user = await createUser(t);
      const key = randomUUID();
      const request = buildGenerationRequest();
      const first = await postGeneration(t, user.cookie, request, key);
      expect(first.statusCode).toBe(201);
      // The memory made this a journaled day: the retry is answered all the same, subscription or not.
      const retry = await postGeneration(t, user.cookie, request, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      const upperCase = await postGeneration(t, user.cookie, request, key.toUpperCase());
      expect(upperCase.json()).toEqual(first.json());
      expect(await memoriesOf(t, user.id)).toHaveLength(1);
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 1, day: today() });
    });

    it('answers 409 while the first request still runs', async () => {
      const user = await createUser(t);
      const running = await addGeneration(t, user.id);
      const response = await postGeneration(t, user.cookie, buildGenerationRequest(), running.idempotencyKey);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'GENERATION_IN_PROGRESS' } });
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 0, day: null });
    });

    it('lets one of two simultaneous requests with the same key work, and the other wait', async () => {
      const user = await createUser(t);
      await grantFreeAccess(t, user.id);
      const key = randomUUID();
      const request = buildGenerationRequest();
      const responses = await Promise.all([1, 2].map(() => postGeneration(t, user.cookie, request, key)));
      const statuses = responses.map((r) => r.statusCode).sort();
      // The second arrives while the first works (409), or — on a very fast machine — after it (200).
      expect([[201, 409], [200, 201]]).toContainEqual(statuses);
      expect(await memoriesOf(t, user.id)).toHaveLength(1);
    });

    it('lets a key whose request failed, or whose process died, try again', async () => {
      const user = await createUser(t);
      const failed = await addGeneration(t, user.id, { status: 'failed' });
      expect((await postGeneration(t, user.cookie, buildGenerationRequest(), failed.idempotencyKey)).statusCode).toBe(201);

      const other = await createUser(t);
      const stale = await addGeneration(t, other.id, { createdAt: new Date(Date.now() - 11 * 60_000) });
      expect((await postGeneration(t, other.cookie, buildGenerationRequest(), stale.idempotencyKey)).statusCode).toBe(201);
    });

    it('never lets a person use another person’s key, nor learn what it made', async () => {
      const [owner, intruder] = [await createUser(t), await createUser(t)];
      const key = randomUUID();
      const first = await postGeneration(t, owner.cookie, buildGenerationRequest(), key);
      expect(first.statusCode).toBe(201);
      const response = await postGeneration(t, intruder.cookie, buildGenerationRequest(), key);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'idempotency-key': ['validation.idempotencyKeyInvalid'] } });
      expect(response.body).not.toContain(first.json().memoryId);
      expect(await memoriesOf(t, intruder.id)).toEqual([]);
      expect(await generationCounterOf(t, intruder.id)).toEqual({ count: 0, day: null });
    });
  });

  describe('when the memory cannot be saved', () => {
    it('answers 500 MEMORY_CREATE_FAILED, releases the reservation and removes the stored image', async () => {
      const user = await createUser(t);
      const key = randomUUID();
      // The insert of this person's memory fails (a constraint no row of theirs can meet).
      const constraint = `refuse_${randomBytes(4).toString('hex')}`;
      await t.db.execute(sql.raw(`alter table souvenirs add constraint ${constraint} check (user_id <> '${user.id}') not valid`));
      try {
        const response = await postGeneration(t, user.cookie, buildGenerationRequest(), key);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ error: { code: 'MEMORY_CREATE_FAILED', message: 'Error creating visual memory.' } });
      } finally {
        await t.db.execute(sql.raw(`alter table souvenirs drop constraint ${constraint}`));
      }
      expect(await memoriesOf(t, user.id)).toEqual([]);
      expect(await journalDaysOf(t, user.id)).toEqual([]);
      expect(storedFilesOf(t, user.id)).toEqual([]);
      expect((await generationCounterOf(t, user.id)).count).toBe(0);
      const [row] = await t.db.select().from(generations).where(and(eq(generations.idempotencyKey, key)));
      expect(row).toMatchObject({ status: 'failed', memoryId: null });

      // Nothing was consumed: the same attempt, retried, makes the memory.
      const retry = await postGeneration(t, user.cookie, buildGenerationRequest(), key);
      expect(retry.statusCode).toBe(201);
      expect(await memoriesOf(t, user.id)).toHaveLength(1);
      expect(await generationCounterOf(t, user.id)).toEqual({ count: 1, day: today() });
    });

    it('answers 500 MEMORY_CREATE_FAILED when the image cannot be stored, and releases the reservation', async () => {
      const local = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
      const failing = await createTestApp(
        { DATA_DIR: t.dataDir, RATE_LIMIT_GENERATION_MAX: '1000' },
        { storage: { ...local, putImage: () => Promise.reject(new Error('disk full')) } },
      );
      const user = await createUser(failing);
      const response = await postGeneration(failing, user.cookie, buildGenerationRequest());
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: 'MEMORY_CREATE_FAILED' } });
      expect(await memoriesOf(failing, user.id)).toEqual([]);
      expect((await generationCounterOf(failing, user.id)).count).toBe(0);
      expect(failing.logs.join('')).toContain('the reservation is released');
      // The limit is intact: where storage works, the memory is made.
      expect((await postGeneration(t, user.cookie, buildGenerationRequest())).statusCode).toBe(201);
    });
  });

  it('limits how often a person may ask, apart from the daily limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '2' });
    const user = await createUser(limited);
    const statuses: number[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await postGeneration(limited, user.cookie, buildGenerationRequest());
      statuses.push(response.statusCode);
      codes.push(response.statusCode === 201 ? 'created' : response.json().error.code);
    }
    expect(statuses).toEqual([201, 402, 429]);
    expect(codes).toEqual(['created', 'SUBSCRIPTION_REQUIRED', 'RATE_LIMITED']);
  });
});

describe('the words of the memory', () => {
  /** A time zone whose clock shows `hour` now (the Etc/GMT names have their sign reversed). */
  const zoneAt = (hour: number) => {
    const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
    return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  };
  const calmDay = (i: number) =>
    buildGenerationRequest({
      messages: [
        { role: 'assistant', content: 'Welcome back. How was your day?' },
        { role: 'user', content: 'I felt calm, peaceful and still.' },
        { role: 'assistant', content: 'What stayed with you?' },
        { role: 'user', content: `Entry ${i}. That was all.` },
      ],
    });

  it('follow the hour on the person’s clock, and each calm morning gets a title of its own', async () => {
    const user = await createUser(t);
    await setDailyLimit(t, 10);
    await grantFreeAccess(t, user.id);
    const timeZone = zoneAt(8);
    for (let i = 0; i < 4; i++) {
      const response = await postGeneration(t, user.cookie, { ...calmDay(i), timeZone });
      expect(response.statusCode, response.body).toBe(201);
    }
    const memories = await memoriesOf(t, user.id);
    const titles = memories.map((m) => m.title);
    expect(new Set(titles).size, titles.join(' | ')).toBe(4);
    for (const memory of memories) expect(`${memory.title} ${memory.poeticSummary}`).not.toMatch(/evening|dusk|tonight|night/i);
  });
});
