import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { exhibitions } from '@server/db/schema/index';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { CRISIS_IMAGE_PROMPT, crisisMemoryTexts } from '@server/safety/replies';
import { currentExhibitionSchema, exhibitionDetailSchema, sharedExhibitionSchema } from '@shared/contracts/exhibitions';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { testDatabase } from './support/database';
import { startOpenAiStandIn } from './support/openai-stand-in';

const t = await createTestApp();

/**
 * The server's clock, set before the people are made so their sessions are valid under it: 2 December 2026, inside
 * the first days, so November is the month offered.
 */
const today = (iso = '2026-12-02T10:00:00Z') => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
afterEach(() => {
  vi.useRealTimers();
});

const call = (app: TestApp, method: HTTPMethods, url: string, cookie?: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const current = (cookie: string, body: unknown = { tz: 'Europe/Paris', language: 'en' }, app = t) => call(app, 'POST', '/api/exhibitions/current', cookie, body);
const rowsOf = async (app: TestApp, userId: string) => app.db.select().from(exhibitions).where(eq(exhibitions.userId, userId));

/** A memory of November 2026 whose artwork is really stored, as the generation makes them. */
async function addNovemberMemory(app: TestApp, userId: string, day: number, overrides: Parameters<typeof addMemory>[2] = {}) {
  const storage = createLocalFolderStorage({ dir: path.join(app.dataDir, 'files') });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6a8caf' } }).png().toBuffer();
  const image = await storage.putImage(`memories/${userId}`, png);
  return addMemory(app, userId, { imageUrl: image.url, createdAt: new Date(Date.UTC(2026, 10, day, 12)), mood: 'calm', ...overrides });
}

/** A person with three memories in November, one in October and one in December; their November exhibition made. */
async function personWithExhibition(language: 'en' | 'fr' = 'en') {
  today();
  const user = await createUser(t, { firstName: 'Maëlle' });
  await addNovemberMemory(t, user.id, 3, { title: 'Rain on the market square' });
  await addNovemberMemory(t, user.id, 14, { title: 'Lanterns on the river', mood: 'tender' });
  await addNovemberMemory(t, user.id, 29, { title: 'Bread with Nina' });
  await addMemory(t, user.id, { title: 'An October walk', createdAt: new Date('2026-10-20T12:00:00Z') });
  await addMemory(t, user.id, { title: 'A December morning', createdAt: new Date('2026-12-01T08:00:00Z') });
  const response = await current(user.cookie, { tz: 'Europe/Paris', language });
  expect(response.statusCode, response.body).toBe(200);
  const { exhibition } = currentExhibitionSchema.parse(response.json());
  return { user, exhibition: exhibition! };
}

describe('POST /api/exhibitions/current', () => {
  it('makes last month’s exhibition in the first days: its artworks oldest first and a letter from their titles and moods', async () => {
    const { user, exhibition } = await personWithExhibition();
    expect(exhibition).toMatchObject({ month: '2026-11', title: 'November 2026', kept: false, artworkCount: 3 });
    const detail = exhibitionDetailSchema.parse((await call(t, 'GET', `/api/exhibitions/${exhibition.id}`, user.cookie)).json());
    expect(detail.artworks.map((a) => a.title)).toEqual(['Rain on the market square', 'Lanterns on the river', 'Bread with Nina']);
    expect(detail.letterBy).toBe('offline');
    expect(detail.letter).not.toContain('Maëlle');
    expect(detail.letter).toContain('“Rain on the market square”');
    expect(detail.letter).toContain('“Bread with Nina”');
    expect(detail.letter).toContain('mostly calm days, and some tender days too');
    expect(detail.letter).not.toContain('October');
    expect(detail.shareToken).toBeNull();
    // Asked again: the same exhibition.
    expect(currentExhibitionSchema.parse((await current(user.cookie)).json()).exhibition?.id).toBe(exhibition.id);
  });

  it('writes the letter and the title in French, the companion speaking of herself in the feminine', async () => {
    const { user, exhibition } = await personWithExhibition('fr');
    expect(exhibition.title).toBe('Novembre 2026');
    const detail = exhibitionDetailSchema.parse((await call(t, 'GET', `/api/exhibitions/${exhibition.id}`, user.cookie)).json());
    expect(detail.letter).toContain('En novembre 2026, tu as gardé 3 souvenirs ici.');
    expect(detail.letter).toContain('J’ai été heureuse');
    expect(detail.letter.trim().endsWith('— Mira')).toBe(true);
  });

  it('is made once however many ask at the same moment, in one process or two sharing the database', async () => {
    today();
    const user = await createUser(t);
    for (const day of [2, 9, 16]) await addNovemberMemory(t, user.id, day);
    const answers = await Promise.all(Array.from({ length: 8 }, () => current(user.cookie)));
    const ids = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return currentExhibitionSchema.parse(answer.json()).exhibition?.id;
    });
    expect(new Set(ids).size).toBe(1);
    expect(await rowsOf(t, user.id)).toHaveLength(1);

    // A second app on the same database is another process: only the unique key can decide between them.
    const other = await createTestApp();
    const second = await createUser(t);
    for (const day of [5, 6]) await addNovemberMemory(t, second.id, day);
    const raced = await Promise.all([current(second.cookie, undefined, t), current(second.cookie, undefined, other), current(second.cookie, undefined, other), current(second.cookie, undefined, t)]);
    const racedIds = raced.map((answer) => currentExhibitionSchema.parse(answer.json()).exhibition?.id);
    expect(new Set(racedIds).size).toBe(1);
    expect(racedIds[0]).toBeTruthy();
    expect(await rowsOf(t, second.id)).toHaveLength(1);
  });

  it('offers nothing after the first days, for a month without memories, or with only a crisis day’s', async () => {
    today('2026-12-08T10:00:00Z');
    const late = await createUser(t);
    await addNovemberMemory(t, late.id, 10);
    expect((await current(late.cookie)).json()).toEqual({ exhibition: null });

    today();
    const quiet = await createUser(t);
    await addMemory(t, quiet.id, { createdAt: new Date('2026-10-10T12:00:00Z') });
    await addMemory(t, quiet.id, { createdAt: new Date('2026-12-01T12:00:00Z') });
    expect((await current(quiet.cookie)).json()).toEqual({ exhibition: null });

    const hard = await createUser(t);
    const calm = crisisMemoryTexts('en', null);
    await addNovemberMemory(t, hard.id, 12, { title: calm.title, poeticSummary: calm.poeticSummary, prompt: CRISIS_IMAGE_PROMPT, mood: null });
    expect((await current(hard.cookie)).json()).toEqual({ exhibition: null });
    expect(await rowsOf(t, hard.id)).toHaveLength(0);
  });

  it('hangs no crisis day’s memory and never writes about one', async () => {
    today();
    const user = await createUser(t);
    await addNovemberMemory(t, user.id, 4, { title: 'Morning swim' });
    const calm = crisisMemoryTexts('en', null);
    await addNovemberMemory(t, user.id, 12, { title: calm.title, poeticSummary: calm.poeticSummary, prompt: CRISIS_IMAGE_PROMPT, mood: null });
    const { exhibition } = currentExhibitionSchema.parse((await current(user.cookie)).json());
    const detail = exhibitionDetailSchema.parse((await call(t, 'GET', `/api/exhibitions/${exhibition!.id}`, user.cookie)).json());
    expect(detail.artworks.map((a) => a.title)).toEqual(['Morning swim']);
    expect(detail.letter).not.toContain(calm.title);
  });

  it('reads the month on the person’s calendar', async () => {
    // 1 December 00:30 in Paris is still 30 November in UTC: Paris is offered November, UTC nothing yet.
    today('2026-11-30T23:30:00Z');
    const user = await createUser(t);
    await addNovemberMemory(t, user.id, 20);
    expect((await current(user.cookie, { tz: 'UTC', language: 'en' })).json()).toEqual({ exhibition: null });
    expect(currentExhibitionSchema.parse((await current(user.cookie, { tz: 'Europe/Paris', language: 'en' })).json()).exhibition?.month).toBe('2026-11');
  });

  it('refuses a zone or language it cannot read with a translated 400, and signed-out callers with 401', async () => {
    today();
    const user = await createUser(t);
    await addNovemberMemory(t, user.id, 20);
    for (const [body, field] of [
      [{ tz: 'Mars/Olympus', language: 'en' }, 'tz'],
      [{ tz: 'US/Pacific-New', language: 'en' }, 'tz'],
      [{ tz: 'Europe/Paris', language: 'de' }, 'language'],
      [{ tz: 'Europe/Paris' }, 'language'],
      [{ tz: 'Europe/Paris', language: 'en', extra: 1 }, null],
    ] as const) {
      const response = await current(user.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    }
    expect(await rowsOf(t, user.id)).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/exhibitions/current', headers: { origin: TEST_ORIGIN }, payload: { tz: 'UTC', language: 'en' } })).statusCode).toBe(401);
  });
});

describe('one exhibition: keep, rename, share, download', () => {
  it('answers 404 to anyone but its owner, and for ids that name nothing', async () => {
    const { exhibition } = await personWithExhibition();
    const stranger = await createUser(t);
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PATCH', '', { title: 'Mine now' }],
      ['POST', '/share', undefined],
      ['DELETE', '/share', undefined],
      ['GET', '/image', undefined],
    ] as const) {
      for (const id of [exhibition.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await call(t, method, `/api/exhibitions/${id}${suffix}`, stranger.cookie, payload);
        expect(response.statusCode, `${method} ${suffix} ${id}`).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
    expect((await call(t, 'GET', '/api/exhibitions', stranger.cookie)).json()).toEqual({ items: [] });
    expect((await t.db.select().from(exhibitions).where(eq(exhibitions.id, exhibition.id)))[0]).toMatchObject({ title: 'November 2026', shareToken: null, keptAt: null });
  });

  it('keeps it in the gallery and renames it; a title it cannot take is a translated 400 that changes nothing', async () => {
    const { user, exhibition } = await personWithExhibition();
    expect((await call(t, 'GET', '/api/exhibitions', user.cookie)).json()).toEqual({ items: [] });
    const kept = await call(t, 'PATCH', `/api/exhibitions/${exhibition.id}`, user.cookie, { kept: true, title: '  A soft November  ' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ kept: true, title: 'A soft November' });
    const list = (await call(t, 'GET', '/api/exhibitions', user.cookie)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: exhibition.id, title: 'A soft November', kept: true, artworkCount: 3 });
    expect(list.items[0].coverUrl).toMatch(/\.thumb\.webp$/);

    for (const [body, key] of [
      [{ title: '   ' }, 'validation.memoryTitleRequired'],
      [{ title: 'x'.repeat(121) }, 'validation.memoryTitleTooLong'],
      [{ title: 42 }, 'validation.memoryTitleRequired'],
      [{ kept: 'yes' }, 'validation.likedInvalid'],
      [{}, 'validation.memoryUpdateEmpty'],
      [{ title: 'Fine', letter: 'Mine' }, null],
    ] as const) {
      const response = await call(t, 'PATCH', `/api/exhibitions/${exhibition.id}`, user.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      if (key) expect(JSON.stringify(response.json().error)).toContain(key);
    }
    const [row] = await rowsOf(t, user.id);
    expect(row).toMatchObject({ title: 'A soft November' });
    expect(row!.keptAt).not.toBeNull();

    expect((await call(t, 'PATCH', `/api/exhibitions/${exhibition.id}`, user.cookie, { kept: false })).json()).toMatchObject({ kept: false });
    expect((await call(t, 'GET', '/api/exhibitions', user.cookie)).json()).toEqual({ items: [] });
  });

  it('shares it by a link that shows only the wall and the letter; a new link ends the old one, and revoking ends both', async () => {
    const { user, exhibition } = await personWithExhibition();
    const first = (await call(t, 'POST', `/api/exhibitions/${exhibition.id}/share`, user.cookie)).json().shareToken as string;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const open = await t.app.inject({ method: 'GET', url: `/api/shared/exhibition/${first}` });
    expect(open.statusCode).toBe(200);
    const shared = sharedExhibitionSchema.strict().parse(open.json());
    expect(shared).toMatchObject({ title: 'November 2026', month: '2026-11' });
    expect(shared.artworks.map((a) => a.title)).toEqual(['Rain on the market square', 'Lanterns on the river', 'Bread with Nina']);
    // Never the reflections, the owner's name or any id.
    expect(open.body).not.toContain('The day settled like dust');
    expect(open.body).not.toContain('Maëlle');
    expect(open.body).not.toContain(exhibition.id);

    const second = (await call(t, 'POST', `/api/exhibitions/${exhibition.id}/share`, user.cookie)).json().shareToken as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/exhibition/${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/exhibition/${second}` })).statusCode).toBe(200);

    expect((await call(t, 'DELETE', `/api/exhibitions/${exhibition.id}/share`, user.cookie)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/exhibition/${second}` })).statusCode).toBe(404);
    for (const token of ['', 'x', 'A'.repeat(64), `${second}0`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/shared/exhibition/${token}` })).statusCode).toBe(404);
    }
  });

  it('downloads the wall as one picture with its title', async () => {
    const { user, exhibition } = await personWithExhibition();
    const response = await call(t, 'GET', `/api/exhibitions/${exhibition.id}/image`, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe('attachment; filename="souvenir-2026-11.jpg"');
    const picture = sharp(response.rawPayload);
    expect(await picture.metadata()).toMatchObject({ format: 'jpeg', width: 1200 });
    // The artworks are hung: the stored pictures' blue is on the wall, not only the paper.
    const { channels } = await picture.stats();
    expect(channels[2]!.min).toBeLessThan(200);
    // The title is drawn above them in ink, whatever fonts the machine has.
    const header = await sharp(response.rawPayload).extract({ left: 0, top: 0, width: 1200, height: 180 }).stats();
    expect(header.channels[0]!.min).toBeLessThan(100);
  });
});

describe('the shared page’s head', () => {
  // The app serving a built page, as in production: the head of /shared/exhibition/{token} is the server's.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'souvenir-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Souvenir</title></head><body><div id="root"></div></body></html>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('previews a current link with its title and first artwork, and is never indexed, whatever the token', async () => {
    const config = { ...loadConfig({ PUBLIC_URL: 'https://souvenir.example', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }), webDistDir: dist };
    const web = await buildApp({ config, database: await testDatabase(), authSecret: 'x'.repeat(40) });
    try {
      const { user, exhibition } = await personWithExhibition();
      const token = (await call(t, 'POST', `/api/exhibitions/${exhibition.id}/share`, user.cookie)).json().shareToken as string;
      const html = (await web.inject({ url: `/shared/exhibition/${token}` })).body;
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(html).toContain('<meta name="referrer" content="no-referrer" />');
      expect(html).toContain('<meta property="og:title" content="November 2026" />');
      expect(html).toMatch(/<meta property="og:image" content="https:\/\/souvenir\.example\/files\/memories\/[^"]+\.png" \/>/);
      for (const other of ['0'.repeat(64), 'abc', `${token}/x`]) {
        const body = (await web.inject({ url: `/shared/exhibition/${other}` })).body;
        expect(body, other).not.toContain('og:title');
        if (!other.includes('/x')) expect(body, other).toContain('noindex');
      }
    } finally {
      await web.close();
    }
  });
});

describe('the person’s data', () => {
  it('lists exhibitions in the data export, and erasing the account removes them', async () => {
    const { user, exhibition } = await personWithExhibition();
    await call(t, 'PATCH', `/api/exhibitions/${exhibition.id}`, user.cookie, { kept: true });
    await call(t, 'POST', `/api/exhibitions/${exhibition.id}/share`, user.cookie);
    const zip = new AdmZip((await call(t, 'GET', '/api/me/export', user.cookie)).rawPayload);
    const data = JSON.parse(zip.readAsText('souvenir-export.json'));
    expect(data.exhibitions).toHaveLength(1);
    expect(data.exhibitions[0]).toMatchObject({ id: exhibition.id, month: '2026-11', title: 'November 2026', letterBy: 'offline', shared: true, timeZone: 'Europe/Paris' });
    expect(data.exhibitions[0].letter).toContain('Rain on the market square');
    expect(data.exhibitions[0].keptAt).not.toBeNull();

    expect((await call(t, 'DELETE', '/api/me', user.cookie, { confirm: true })).statusCode).toBe(204);
    expect(await rowsOf(t, user.id)).toHaveLength(0);
  });
});

const letter = 'Dear friend,\n\nNovember began with rain on the market square and ended with bread shared with Nina.\n\n— Mira';
const standIn = await startOpenAiStandIn({ imagePrompt: letter });
const unsafeStandIn = await startOpenAiStandIn({ imagePrompt: 'This month I think you should kill yourself, nobody would miss you.' });
afterAll(async () => {
  await standIn.close();
  await unsafeStandIn.close();
});
const ai = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_TEXT_MODEL: 'stand-in-text', AI_TIMEOUT_SECONDS: '1' });
const unsafeAi = await createTestApp({ AI_BASE_URL: unsafeStandIn.baseUrl, AI_TIMEOUT_SECONDS: '1' });

describe('a letter written by the chosen memory writer', () => {

  const exhibitionOf = async (user: { id: string; cookie: string }) => {
    for (const day of [3, 14]) await addNovemberMemory(ai, user.id, day, { title: `Day ${day}`, poeticSummary: `Reflection of day ${day}.` });
    const { exhibition } = currentExhibitionSchema.parse((await current(user.cookie, undefined, ai)).json());
    return exhibitionDetailSchema.parse((await call(ai, 'GET', `/api/exhibitions/${exhibition!.id}`, user.cookie)).json());
  };

  it('is asked from the month’s titles, reflections and moods, with Souvenir’s safety rules, and kept as written', async () => {
    today();
    standIn.behaveText('json');
    const before = standIn.received.length;
    const detail = await exhibitionOf(await createUser(ai, { firstName: 'Maëlle' }));
    expect(detail).toMatchObject({ letterBy: 'ai', letter });
    const asked = standIn.received.slice(before).at(-1)!;
    expect(asked.body.model).toBe('stand-in-text');
    expect(asked.body.messages[0]!.content).toContain('Safety rules');
    expect(asked.body.messages[1]!.content).toContain('Title: Day 3');
    expect(asked.body.messages[1]!.content).toContain('Reflection: Reflection of day 14.');
    expect(asked.body.messages[1]!.content).toContain('Mood: calm');
    expect(JSON.stringify(asked.body.messages)).not.toContain('Maëlle');
  });

  it('gives way to the offline letter when the writer fails', async () => {
    today();
    standIn.behaveText('error');
    const detail = await exhibitionOf(await createUser(ai));
    standIn.behaveText('json');
    expect(detail.letterBy).toBe('offline');
    expect(detail.letter).toContain('“Day 3”');
  });
});

describe('a letter the crisis layer will not pass', () => {
  it('is never kept: the offline letter stands in', async () => {
    today();
    const user = await createUser(unsafeAi);
    await addNovemberMemory(unsafeAi, user.id, 8, { title: 'Quiet Sunday' });
    const { exhibition } = currentExhibitionSchema.parse((await current(user.cookie, undefined, unsafeAi)).json());
    const detail = exhibitionDetailSchema.parse((await call(unsafeAi, 'GET', `/api/exhibitions/${exhibition!.id}`, user.cookie)).json());
    expect(detail.letterBy).toBe('offline');
    expect(detail.letter).not.toContain('kill');
    expect(unsafeAi.logs.join('')).toContain('the crisis layer did not pass');
  });
});
