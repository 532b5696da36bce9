// The memory gallery (/home/memories): favourites, years and months, pages, all kept in the address; the heart on
// a card; the home grid's latest six; and the read-only conversation of a memory, which lives only on the device
// that wrote it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFocused, openPage, waitForHydration } from './support/browser';
import { addMemoriesForEach, type SeededMemory } from './support/database';
import { galleryUi } from './support/gallery-texts';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signedInUser, signInViaApi, type TestUser } from './support/users';

const t = ui('en');
const g = galleryUi('en');
const gFr = galleryUi('fr');
const s = setupSuite();

const POLL = { timeout: 10_000, interval: 100 };

// Noon UTC, well inside each month: the same day, month and year in whatever time zone the browser runs.
// Eleven memories over two years, three of them favourites: two gallery pages (9 + 2).
const ELEVEN: SeededMemory[] = [
  { title: 'Spring market', createdAt: '2025-03-15T12:00:00.000Z', liked: true },
  { title: 'Summer swim', createdAt: '2025-07-15T12:00:00.000Z' },
  { title: 'Autumn leaves', createdAt: '2025-11-15T12:00:00.000Z', liked: true },
  { title: 'First snow', createdAt: '2026-01-08T12:00:00.000Z' },
  { title: 'Quiet Sunday', createdAt: '2026-01-15T12:00:00.000Z' },
  { title: 'Letter from Anna', createdAt: '2026-01-22T12:00:00.000Z' },
  { title: 'Bread and tea', createdAt: '2026-02-10T12:00:00.000Z' },
  { title: 'The long walk', createdAt: '2026-02-17T12:00:00.000Z', liked: true },
  { title: 'Rain on the roof', createdAt: '2026-03-10T12:00:00.000Z' },
  { title: 'Cherry blossoms', createdAt: '2026-03-17T12:00:00.000Z' },
  { title: 'Evening light', createdAt: '2026-04-14T12:00:00.000Z' },
];
const NEWEST_FIRST = [...ELEVEN].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).map((m) => m.title);

/** The titles on screen once the gallery has settled (null while it loads). */
async function shownTitles(page: Page): Promise<string[] | null> {
  const results = page.getByTestId('gallery-results');
  if ((await results.getAttribute('data-state')) !== 'ready' || (await results.getAttribute('aria-busy')) !== null) return null;
  return results.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
}

const search = (page: Page) => new URL(page.url()).search;

const conversationId = '5b0c2d7e-8f41-4a93-9c1e-2d4f6a8b0c13';

// Each test has a person of its own, so that no test sees another's hearts; all of them are seeded in one stop of
// the app before the first test (a stop is a restart, several seconds on a busy machine, which each test paid).
const SEEDS = {
  paging: { memories: ELEVEN },
  badAddress: { memories: ELEVEN.slice(0, 3) },
  hearts: { memories: ELEVEN.slice(0, 3) },
  homeGrid: { memories: ELEVEN.slice(0, 8) },
  notOnThisDevice: {
    memories: [
      { title: 'Harbour at dusk', createdAt: '2026-02-15T12:00:00.000Z', conversationId },
      { title: 'No words today', createdAt: '2026-02-16T12:00:00.000Z' },
    ],
  },
  keptHere: { memories: [{ title: 'Harbour at dusk', createdAt: '2026-02-15T12:00:00.000Z', conversationId }] },
  french: { memories: ELEVEN.slice(0, 4), language: 'fr' },
  phone: { memories: [...ELEVEN.slice(0, 10), { ...ELEVEN[10]!, conversationId: '5b0c2d7e-8f41-4a93-9c1e-2d4f6a8b0c14' }] },
} satisfies Record<string, { memories: SeededMemory[]; language?: 'en' | 'fr' }>;
type Seed = keyof typeof SEEDS;
const people = {} as Record<Seed, TestUser>;

beforeAll(async () => {
  const seeds = Object.entries(SEEDS) as [Seed, { memories: SeededMemory[]; language?: 'en' | 'fr' }][];
  for (const [key, seed] of seeds) people[key] = await registerViaApi(s.app, newUser({ language: seed.language ?? 'en' }));
  await addMemoriesForEach(
    s.app,
    seeds.map(([key, seed]) => ({ email: people[key].email, memories: seed.memories })),
  );
});

/** Signs the page in as the person seeded for this test. */
const personWithMemories = (page: Page, seed: Seed) => signInViaApi(page.context(), s.app, people[seed]);

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(375);
}

describe('gallery', () => {
  it('pages through, filters by favourites, year and month, and keeps it all in the address across a reload', async () => {
    const { page } = await openPage(s.browser);
    await personWithMemories(page, 'paging');
    await page.goto(s.app.baseUrl + '/home/memories');

    await page.getByRole('heading', { level: 1, name: g.title }).waitFor();
    await expect.poll(() => shownTitles(page), POLL).toEqual(NEWEST_FIRST.slice(0, 9));
    expect(await page.getByTestId('gallery-count').textContent()).toBe(g.count(11));
    const pages = page.getByRole('navigation', { name: g.pages });
    expect(await pages.getByRole('link', { name: g.page(1) }).getAttribute('aria-current')).toBe('page');

    // Next page: the address says so, the focus goes to the top of the new page, and a reload keeps it.
    await pages.getByRole('link', { name: g.next }).click();
    await expect.poll(() => shownTitles(page), POLL).toEqual(NEWEST_FIRST.slice(9));
    expect(search(page)).toBe('?page=2');
    expect(await pages.getByRole('link', { name: g.page(2) }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), POLL).toBe(g.gridLabel(2, 2));
    await page.reload();
    await expect.poll(() => shownTitles(page), POLL).toEqual(NEWEST_FIRST.slice(9));

    // Favourites start again at page 1.
    await page.getByRole('tab', { name: g.favorites }).click();
    await expect.poll(() => shownTitles(page), POLL).toEqual(['The long walk', 'Autumn leaves', 'Spring market']);
    expect(search(page)).toBe('?filter=favorites');
    expect(await page.getByTestId('gallery-count').textContent()).toBe(g.countFavorites(3));
    expect(await page.getByRole('navigation', { name: g.pages }).count(), 'one page: no page numbers').toBe(0);

    // The month waits for a year; the years are those of the memories, newest first.
    const year = page.getByRole('combobox', { name: g.year });
    const month = page.getByRole('combobox', { name: g.month });
    expect(await month.isDisabled()).toBe(true);
    await expect.poll(() => year.locator('option').allTextContents(), POLL).toEqual([g.allYears, '2026', '2025']);
    await year.selectOption('2025');
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Autumn leaves', 'Spring market']);
    expect(await month.isDisabled()).toBe(false);
    await month.selectOption({ label: g.march });
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Spring market']);
    expect(search(page)).toBe('?filter=favorites&year=2025&month=3');

    await page.reload();
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Spring market']);
    expect(await page.getByRole('tab', { name: g.favorites }).getAttribute('aria-selected')).toBe('true');
    expect(await year.inputValue()).toBe('2025');
    expect(await month.inputValue()).toBe('3');

    // Clearing the year clears the month too.
    await year.selectOption({ label: g.allYears });
    await expect.poll(() => shownTitles(page), POLL).toEqual(['The long walk', 'Autumn leaves', 'Spring market']);
    expect(search(page)).toBe('?filter=favorites');
    expect(await month.isDisabled()).toBe(true);
    expect(await month.inputValue()).toBe('');

    // Back to every memory, by year: 2026 holds eight.
    await page.getByRole('tab', { name: g.all }).click();
    await year.selectOption('2026');
    await expect.poll(() => shownTitles(page), POLL).toEqual(NEWEST_FIRST.slice(0, 8));
    expect(search(page)).toBe('?year=2026');
  });

  it('shrugs off an address it cannot read, and brings a page past the last back to page 1', async () => {
    const { page } = await openPage(s.browser);
    await personWithMemories(page, 'badAddress');

    await page.goto(s.app.baseUrl + '/home/memories?filter=everything&year=soon&month=13');
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Autumn leaves', 'Summer swim', 'Spring market']);
    expect(await page.getByRole('tab', { name: g.all }).getAttribute('aria-selected')).toBe('true');

    await page.goto(s.app.baseUrl + '/home/memories?page=7');
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Autumn leaves', 'Summer swim', 'Spring market']);
    expect(search(page)).toBe('');
  });

  it('likes and unlikes from a card, and the heart stays as left after a reload', async () => {
    const { page } = await openPage(s.browser);
    await personWithMemories(page, 'hearts');
    await page.goto(s.app.baseUrl + '/home/memories');
    await expect.poll(() => shownTitles(page), POLL).not.toBeNull();

    const card = page.getByRole('article', { name: 'Summer swim' });
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/memories/'));
    await card.getByRole('button', { name: g.like }).click();
    expect((await saved).status()).toBe(200);
    expect(await card.getByRole('button', { name: g.unlike }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('region', { name: t.toasts }).getByText(g.liked).waitFor();

    // Drawn by the server now that the browser has told its zone: the app takes the page over at the first key, and
    // only the last press before then is given again, so the tab and the heart below are pressed after it has.
    await page.reload();
    await waitForHydration(page);
    await card.getByRole('button', { name: g.unlike }).waitFor();
    expect(await card.getByRole('button', { name: g.unlike }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: g.favorites }).click();
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Autumn leaves', 'Summer swim', 'Spring market']);

    const unsaved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/memories/'));
    await card.getByRole('button', { name: g.unlike }).click();
    expect((await unsaved).status()).toBe(200);
    await page.getByRole('region', { name: t.toasts }).getByText(g.unliked).waitFor();
    // The favourites follow: the memory leaves the tab.
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Autumn leaves', 'Spring market']);

    await page.goto(s.app.baseUrl + '/home/memories');
    await card.getByRole('button', { name: g.like }).waitFor();
    expect(await card.getByRole('button', { name: g.like }).getAttribute('aria-pressed')).toBe('false');
  });

  it('invites a first conversation when there is no memory yet', async () => {
    const { page, context } = await openPage(s.browser);
    await signedInUser(context, s.app);
    await page.goto(s.app.baseUrl + '/home/memories');
    await page.getByText(g.emptyNoneTitle).waitFor();
    await page.getByRole('link', { name: g.emptyNoneAction }).click();
    await page.waitForURL((url) => url.pathname === '/home/chat');
  });
});

describe('home grid', () => {
  it('shows the latest six, newest first, each with its heart, and leads to the gallery', async () => {
    const { page } = await openPage(s.browser);
    await personWithMemories(page, 'homeGrid');
    await page.goto(s.app.baseUrl + '/home');

    const grid = page.getByRole('region', { name: g.homeTitle });
    await page.locator('[data-testid="home-memories"][data-state="ready"]').waitFor();
    const expected = [...ELEVEN.slice(0, 8)].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).map((m) => m.title);
    expect(await grid.getByRole('article').getByRole('heading', { level: 3 }).allTextContents()).toEqual(expected.slice(0, 6));
    expect(await grid.getByRole('button', { name: g.unlike }).count(), 'the two favourites among the six').toBe(2);
    expect(await grid.getByRole('button', { name: g.like }).count()).toBe(4);

    // The home heart works like the gallery's.
    await grid.getByRole('article', { name: 'First snow' }).getByRole('button', { name: g.like }).click();
    await page.getByRole('region', { name: t.toasts }).getByText(g.liked).waitFor();

    await grid.getByRole('link', { name: g.homeViewAll }).click();
    await page.waitForURL((url) => url.pathname === '/home/memories');
    await page.getByRole('heading', { level: 1, name: g.title }).waitFor();
  });
});

describe('the conversation behind a memory', () => {
  it('says kindly when the conversation was not written on this device', async () => {
    const { page } = await openPage(s.browser);
    await personWithMemories(page, 'notOnThisDevice');
    await page.goto(s.app.baseUrl + '/home');

    const grid = page.getByRole('region', { name: g.homeTitle });
    await grid.getByRole('article', { name: 'Harbour at dusk' }).waitFor();
    expect(await grid.getByRole('article', { name: 'No words today' }).getByRole('button', { name: g.viewConversation }).count()).toBe(0);
    await grid.getByRole('article', { name: 'Harbour at dusk' }).getByRole('button', { name: g.viewConversation }).click();

    const dialog = page.getByRole('dialog', { name: g.conversationTitle('Harbour at dusk') });
    await dialog.getByText(g.conversationNotHere).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('lastConversationId'))).toBe(conversationId);
    await dialog.getByRole('button', { name: g.close }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(grid.getByRole('article', { name: 'Harbour at dusk' }).getByRole('button', { name: g.viewConversation }), 'the focus is back on "View conversation"');
  });

  it('shows it read only when this device kept it', async () => {
    const { page } = await openPage(s.browser);
    await personWithMemories(page, 'keptHere');
    await page.goto(s.app.baseUrl + '/home/memories');
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Harbour at dusk']);

    // What the chat would have kept in this browser's IndexedDB (src/web/lib/conversation-store.ts).
    await page.evaluate(async (id) => {
      const me = (await (await fetch('/api/me')).json()) as { user: { id: string } };
      const open = indexedDB.open('souvenir-conversations', 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('conversations', { keyPath: 'conversationId' }).createIndex('userId', 'userId');
        open.result.createObjectStore('sessions', { keyPath: 'userId' });
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const tx = db.transaction('conversations', 'readwrite');
      tx.objectStore('conversations').put({
        conversationId: id,
        userId: me.user.id,
        language: 'en',
        sessionDate: '2026-02-15',
        createdAt: 1,
        lastActivity: 2,
        messages: [
          { id: 'm1', content: 'How was your day?', isUser: false, timestamp: '20:01', createdAt: 1 },
          { id: 'm2', content: 'We watched the boats come in.', isUser: true, timestamp: '20:02', createdAt: 2 },
        ],
      });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      });
      db.close();
    }, conversationId);

    await page.getByRole('article', { name: 'Harbour at dusk' }).getByRole('button', { name: g.viewConversation }).click();
    const dialog = page.getByRole('dialog', { name: g.conversationTitle('Harbour at dusk') });
    const transcript = dialog.getByRole('region', { name: 'Conversation' });
    await transcript.getByText('We watched the boats come in.').waitFor();
    await transcript.getByText('How was your day?').waitFor();
    expect(await transcript.getByText('You', { exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('textbox').count(), 'read only').toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('in French', () => {
  it('filters by year and month with French month names, likes, and shows the favourites', async () => {
    const { page } = await openPage(s.browser, { locale: 'fr-FR' });
    await personWithMemories(page, 'french');
    await page.goto(s.app.baseUrl + '/home/memories');

    await page.getByRole('heading', { level: 1, name: gFr.title }).waitFor();
    await expect.poll(() => shownTitles(page), POLL).toEqual(['First snow', 'Autumn leaves', 'Summer swim', 'Spring market']);
    expect(await page.getByTestId('gallery-count').textContent()).toBe(gFr.count(4));

    await page.getByRole('combobox', { name: gFr.year }).selectOption('2025');
    await page.getByRole('combobox', { name: gFr.month }).selectOption({ label: gFr.march });
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Spring market']);
    expect(search(page)).toBe('?year=2025&month=3');

    await page.getByRole('tab', { name: gFr.all }).waitFor();
    await page.getByRole('tab', { name: gFr.favorites }).click();
    await expect.poll(() => shownTitles(page), POLL).toEqual(['Spring market']);
    const card = page.getByRole('article', { name: 'Spring market' });
    await card.getByRole('button', { name: gFr.unlike }).click();
    await page.getByRole('region', { name: t.toasts }).getByText(gFr.unliked).waitFor();

    await page.goto(s.app.baseUrl + '/home');
    const grid = page.getByRole('region', { name: gFr.homeTitle });
    await grid.getByRole('article', { name: 'First snow' }).getByRole('button', { name: gFr.like }).click();
    await page.getByRole('region', { name: t.toasts }).getByText(gFr.liked).waitFor();
    expect(await grid.getByRole('link', { name: gFr.homeViewAll }).getAttribute('href')).toBe('/home/memories');
  });
});

describe('mobile (375 px)', () => {
  it('keeps the gallery, its filters, its pages and the conversation dialog within the screen', async () => {
    const { page } = await openPage(s.browser, { mobile: true });
    await personWithMemories(page, 'phone');

    await page.goto(s.app.baseUrl + '/home/memories');
    await expect.poll(() => shownTitles(page), POLL).toEqual(NEWEST_FIRST.slice(0, 9));
    await page.getByRole('navigation', { name: g.pages }).waitFor();
    await expectNoHorizontalOverflow(page);
    expect(await page.getByRole('navigation', { name: g.pages }).getByRole('link', { name: g.next }).isVisible()).toBe(true);

    await page.goto(s.app.baseUrl + '/home/memories?filter=favorites&year=2025&month=4');
    await page.locator('[data-testid="gallery-results"][data-state="empty"]').waitFor();
    await expectNoHorizontalOverflow(page);

    await page.goto(s.app.baseUrl + '/home/memories');
    await page.getByRole('article', { name: 'Evening light' }).getByRole('button', { name: g.viewConversation }).click();
    await page.getByRole('dialog').getByText(g.conversationNotHere).waitFor();
    await expectNoHorizontalOverflow(page);
  });
});
