// A memory's own page: the heart, renaming, downloading, sharing by link (and taking it back), deleting, and
// what another person sees at its address.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, pathOf } from './support/browser';
import { addMemoriesForEach, type SeededMemory } from './support/database';
import { memoryUi } from './support/memory-texts';
import { setupSuite } from './support/suite';
import { newUser, registerViaApi, signedInUser, signInViaApi, type TestUser } from './support/users';

const s = setupSuite();

type Lang = 'en' | 'fr';

interface MemoryJson {
  title: string;
  liked: boolean;
  imageUrl: string;
  thumbnailUrl: string | null;
  shareToken: string | null;
}

const memory = (title: string, extra: Partial<SeededMemory> = {}): SeededMemory => ({ title, createdAt: '2026-03-14T18:00:00.000Z', ...extra });
const sharedMemory = memory('Harbour lights', { poeticSummary: 'The boats came home slowly.' });

// Each test has a person of its own; all of them are seeded in one stop of the app before the first test (a stop
// is a restart, several seconds on a busy machine, which each test used to pay).
const SEEDS = {
  heart: { memories: [memory('Morning tea')] },
  'rename-en': { memories: [memory('Rain on the window')] },
  'rename-fr': { memories: [memory('Rain on the window')], lang: 'fr' },
  download: { memories: [memory('Sunlit Laughter!'), memory('Été doré')] },
  'share-en': { memories: [sharedMemory] },
  'share-fr': { memories: [sharedMemory], lang: 'fr' },
  delete: { memories: [memory('Old letters'), memory('Keep me')] },
  phone: { memories: [memory('Pocket sized')] },
  owner: { memories: [memory('Only mine')] },
} satisfies Record<string, { memories: SeededMemory[]; lang?: Lang }>;
type Seed = keyof typeof SEEDS;
const people = {} as Record<Seed, { user: TestUser; ids: string[] }>;

beforeAll(async () => {
  const seeds = Object.entries(SEEDS) as [Seed, { memories: SeededMemory[]; lang?: Lang }][];
  const users: TestUser[] = [];
  for (const [, seed] of seeds) users.push(await registerViaApi(s.app, newUser({ language: seed.lang ?? 'en' })));
  const ids = await addMemoriesForEach(
    s.app,
    seeds.map(([, seed], i) => ({ email: users[i]!.email, memories: seed.memories })),
  );
  seeds.forEach(([key], i) => (people[key] = { user: users[i]!, ids: ids[i]! }));
});

/** The person seeded for this test, signed in on a page of their own. */
async function personWithMemories(seed: Seed, opts: { mobile?: boolean } = {}) {
  const { user, ids } = people[seed];
  const { page, context } = await openPage(s.browser, { locale: user.language === 'fr' ? 'fr-FR' : 'en-US', mobile: opts.mobile });
  await signInViaApi(context, s.app, user);
  return { page, context, user, ids };
}

/** GET from the page, with its own cookies: the status, and the body when there is one. */
const get = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body };
  }, path);

const memoryJson = async (page: Page, id: string) => {
  const res = await get(page, `/api/memories/${id}`);
  expect(res.status).toBe(200);
  return res.body as MemoryJson;
};

async function openMemory(page: Page, id: string, title: string) {
  await page.goto(`${s.app.baseUrl}/home/memories/${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('the heart on a memory page', () => {
  it('likes and unlikes, and both stay after a reload', async () => {
    const m = memoryUi('en');
    const { page, ids } = await personWithMemories('heart');
    const id = ids[0]!;
    await openMemory(page, id, 'Morning tea');

    await page.getByRole('button', { name: m.like, exact: true }).click();
    const liked = page.getByRole('button', { name: m.unlike, exact: true });
    expect(await liked.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await memoryJson(page, id)).liked).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Morning tea' }).waitFor();
    expect(await page.getByRole('button', { name: m.unlike, exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: m.unlike, exact: true }).click();
    await expect.poll(async () => (await memoryJson(page, id)).liked).toBe(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Morning tea' }).waitFor();
    expect(await page.getByRole('button', { name: m.like, exact: true }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe.each<Lang>(['en', 'fr'])('renaming a memory (%s)', (lang) => {
  it('refuses an empty title, saves a trimmed one and returns to the memory with it', async () => {
    const m = memoryUi(lang);
    const { page, ids } = await personWithMemories(`rename-${lang}`);
    const id = ids[0]!;
    await openMemory(page, id, 'Rain on the window');

    await page.getByRole('group', { name: m.detailActions }).getByRole('link', { name: m.rename, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/home/memories/edit/${id}`);
    await page.getByRole('heading', { level: 1, name: m.editTitle }).waitFor();
    const field = page.getByRole('textbox', { name: m.titleField });
    expect(await field.inputValue()).toBe('Rain on the window');

    await field.fill('   ');
    await page.getByRole('button', { name: m.save, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: m.titleRequired }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe(`/home/memories/edit/${id}`);

    await field.fill('  Bread and light  ');
    await page.getByRole('button', { name: m.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/home/memories/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Bread and light' }).waitFor();
    await page.getByText(m.saved).waitFor();
    expect((await memoryJson(page, id)).title).toBe('Bread and light');
  });
});

describe('downloading a memory', () => {
  it('saves a PNG named after the title in lowercase letters, digits and underscores', async () => {
    const m = memoryUi('en');
    const { page, ids } = await personWithMemories('download');

    for (const [id, title, name] of [
      [ids[0]!, 'Sunlit Laughter!', 'sunlit_laughter.png'],
      [ids[1]!, 'Été doré', 'ete_dore.png'],
    ] as const) {
      await openMemory(page, id, title);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: m.download, exact: true }).click()]);
      expect(download.suggestedFilename()).toBe(name);
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 8)], 'a real PNG, whatever the stored format').toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await page.getByText(m.downloaded).waitFor();
    }
  });
});

describe.each<Lang>(['en', 'fr'])('sharing a memory by link (%s)', (lang) => {
  it('makes a link anyone can open signed out, and taking it back makes the link answer "not found"', async () => {
    const m = memoryUi(lang);
    const { page, context, ids } = await personWithMemories(`share-${lang}`);
    const id = ids[0]!;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.app.baseUrl });
    await openMemory(page, id, 'Harbour lights');

    await page.getByRole('group', { name: m.detailActions }).getByRole('button', { name: m.share, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: m.shareTitle });
    await dialog.getByRole('button', { name: m.createLink, exact: true }).click();
    const field = dialog.getByRole('textbox', { name: m.linkLabel });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${s.app.baseUrl}/shared/[0-9a-f]{64}$`));
    await page.getByText(m.linkGenerated).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const token = link.split('/').pop()!;
    expect((await memoryJson(page, id)).shareToken).toBe(token);

    // Someone else, signed out, in a browser of their own.
    const visitor = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { level: 1, name: 'Harbour lights' }).waitFor();
    await visitor.page.getByText('The boats came home slowly.').waitFor();
    expect((await get(visitor.page, `/api/shared/${token}`)).status).toBe(200);

    await dialog.getByRole('button', { name: m.stopSharing, exact: true }).click();
    await dialog.getByRole('button', { name: m.stopConfirm, exact: true }).click();
    await page.getByText(m.revoked).waitFor();
    await dialog.getByRole('button', { name: m.createLink, exact: true }).waitFor();
    expect((await memoryJson(page, id)).shareToken).toBeNull();

    expect((await get(visitor.page, `/api/shared/${token}`)).status).toBe(404);
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 1, name: m.sharedNotFound }).waitFor();
  });
});

describe('deleting a memory', () => {
  it('asks first, then lands on the gallery; the memory and its image files are gone', async () => {
    const m = memoryUi('en');
    const { page, ids } = await personWithMemories('delete');
    const id = ids[0]!;
    await openMemory(page, id, 'Old letters');
    const { imageUrl, thumbnailUrl } = await memoryJson(page, id);
    expect((await get(page, imageUrl)).status).toBe(200);

    await page.getByRole('group', { name: m.detailActions }).getByRole('button', { name: m.delete, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: m.deleteTitle });
    await dialog.getByRole('button', { name: m.deleteConfirm, exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/home/memories');
    await page.getByRole('heading', { level: 1, name: m.galleryTitle }).waitFor();
    await page.getByText(m.deleted).waitFor();
    expect((await get(page, `/api/memories/${id}`)).status).toBe(404);
    expect((await get(page, imageUrl)).status).toBe(404);
    if (thumbnailUrl) expect((await get(page, thumbnailUrl)).status).toBe(404);
    expect((await get(page, `/api/memories/${ids[1]!}`)).status, 'the other memory stays').toBe(200);

    // Its old address says it is not here, with the way back.
    await page.goto(`${s.app.baseUrl}/home/memories/${id}`);
    await page.getByRole('heading', { level: 1, name: m.notFoundTitle }).waitFor();
  });

  it('is not offered on a phone (375 px)', async () => {
    const m = memoryUi('en');
    const { page, ids } = await personWithMemories('phone', { mobile: true });
    await openMemory(page, ids[0]!, 'Pocket sized');
    const actions = page.getByRole('group', { name: m.detailActions });
    await actions.getByRole('link', { name: m.rename, exact: true }).waitFor();
    await actions.getByRole('button', { name: m.share, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: m.delete, exact: true }).count()).toBe(0);
    // The actions wrap inside the screen: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe("another person's memory", () => {
  it('shows the not-found state, with the way to their own memories', async () => {
    const m = memoryUi('en');
    const owner = await personWithMemories('owner');
    const { page } = await openPage(s.browser);
    await signedInUser(page.context(), s.app, { firstName: 'Other' });

    await page.goto(`${s.app.baseUrl}/home/memories/${owner.ids[0]!}`);
    await page.getByRole('heading', { level: 1, name: m.notFoundTitle }).waitFor();
    expect(await page.getByText('Only mine').count()).toBe(0);
    await page.getByRole('link', { name: m.notFoundAction }).click();
    await page.waitForURL((url) => url.pathname === '/home/memories');
    await page.getByRole('heading', { level: 1, name: m.galleryTitle }).waitFor();
  });
});
