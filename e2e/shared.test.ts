// The public shared memory page (/shared/{token}): what a visitor sees — signed out or signed in, in English or
// French, on a phone — what a broken, unknown or revoked link shows, and what the server puts in the HTML for
// link previews. It never shows the conversation nor who made the memory.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_IMAGE_MAX_PX } from '@shared/limits';
import { MOBILE, openPage, pathOf } from './support/browser';
import { addMemoriesForEach } from './support/database';
import { sharedUi } from './support/shared-texts';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, signedInUser, type TestUser } from './support/users';

const en = sharedUi('en');
const fr = sharedUi('fr');
const s = setupSuite();

// Midday UTC: the same calendar day in every time zone the browser might run in.
const CREATED_AT = '2026-02-02T12:00:00.000Z';

const newToken = () => randomBytes(32).toString('hex');

interface SharedMemory {
  owner: TestUser;
  id: string;
  token: string;
  title: string;
  poeticSummary: string | null;
}

// One owner (who never signs in here) and one shared memory per test, all seeded in one stop of the app before the
// first test (a stop is a restart, several seconds on a busy machine, which each test used to pay).
const SEEDS = {
  whole: {},
  french: { title: 'Le marché du dimanche', poeticSummary: 'Ta journée avait le goût des framboises.' },
  revoked: {},
  preview: { title: 'Morning tide' },
  phone: {},
} satisfies Record<string, { title?: string; poeticSummary?: string | null }>;
const memories = {} as Record<keyof typeof SEEDS, SharedMemory>;

beforeAll(async () => {
  const seeds = Object.entries(SEEDS) as [keyof typeof SEEDS, { title?: string; poeticSummary?: string | null }][];
  for (const [key, overrides] of seeds) {
    const owner = await registerViaApi(s.app, newUser({ firstName: 'Oriane' }));
    const title = overrides.title ?? `Lanterns on the river ${randomBytes(3).toString('hex')}`;
    const poeticSummary = overrides.poeticSummary === undefined ? 'The evening kept its lights on for you.' : overrides.poeticSummary;
    memories[key] = { owner, id: '', token: newToken(), title, poeticSummary };
  }
  const ids = await addMemoriesForEach(
    s.app,
    Object.values(memories).map(({ owner, title, poeticSummary, token }) => ({ email: owner.email, memories: [{ title, createdAt: CREATED_AT, poeticSummary, shareToken: token }] })),
  );
  Object.values(memories).forEach((memory, i) => (memory.id = ids[i]![0]!));
});

/** The shared memory seeded for this test: what the visitor should see. */
const seedSharedMemory = (key: keyof typeof SEEDS) => memories[key];

const sharedUrl = (token: string) => `${s.app.baseUrl}/shared/${token}`;

/** Waits until the artwork has really loaded, then answers its drawn box. */
async function loadedImage(page: Page, title: string) {
  const image = page.getByRole('img', { name: title });
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await image.boundingBox();
  expect(box, 'the artwork is on screen').not.toBeNull();
  return box!;
}

async function expectNotFound(page: Page, t = en) {
  await page.getByRole('heading', { level: 1, name: t.notFoundTitle }).waitFor();
  await page.getByText(t.notFoundBody).waitFor();
  expect(await page.getByRole('link', { name: t.cta }).getAttribute('href')).toBe('/');
}

describe('shared memory, signed out', () => {
  it('arrives whole in the HTML (no skeleton, no request of its own): the artwork (at most 500 px high), its title, the date and the reflection; the CTA leads to /', async () => {
    const memory = seedSharedMemory('whole');
    const { page } = await openPage(s.browser);

    // The server draws the page with the memory in it (decision 0038): the browser never asks for it.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
    });
    await page.goto(sharedUrl(memory.token));
    await page.getByRole('heading', { level: 1, name: memory.title }).waitFor();
    expect(await page.getByTestId('shared-memory-skeleton').count()).toBe(0);
    expect(asked, 'no API request').toEqual([]);
    const reflection = page.getByRole('region', { name: en.reflection });
    expect(await reflection.getByRole('heading', { name: en.reflection }).count()).toBe(1);
    expect(await reflection.textContent()).toContain(memory.poeticSummary);
    await page.getByText(en.february2, { exact: true }).waitFor();
    expect(await page.title()).toBe(`${memory.title} · Souvenir`);

    const box = await loadedImage(page, memory.title);
    expect(box.height).toBeLessThanOrEqual(SHARED_IMAGE_MAX_PX);
    expect(box.height).toBeGreaterThan(200);

    // Nothing of the conversation, of how it was made, or of who made it.
    const text = (await page.locator('body').innerText()).toLowerCase();
    expect(text).not.toContain(memory.owner.firstName.toLowerCase());
    expect(text).not.toContain(memory.owner.email);
    expect(text).not.toContain('a painting about'); // the seeded prompt
    expect(await page.getByRole('button', { name: /conversation/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /conversation/i }).count()).toBe(0);
    expect(await page.getByRole('banner').count(), 'no app header').toBe(0);

    await page.getByText(en.invitation).waitFor();
    await page.getByRole('link', { name: en.cta }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: ui('en').signInWithEmail }).waitFor();
  });

  it('speaks French: through the language switch, and straight away in a French browser', async () => {
    const memory = seedSharedMemory('french');

    const { page } = await openPage(s.browser);
    await page.goto(sharedUrl(memory.token));
    await page.getByRole('heading', { level: 1, name: memory.title }).waitFor();
    await page.getByText(en.february2, { exact: true }).waitFor();
    // Without scripts the switch is two links: the server draws the page again in French and remembers it.
    await page.getByRole('navigation', { name: en.language }).getByRole('link', { name: 'FR', exact: true }).click();
    await page.getByRole('region', { name: fr.reflection }).getByText(memory.poeticSummary!).waitFor();
    await page.getByText(fr.february2, { exact: true }).waitFor();
    await page.getByText(fr.invitation).waitFor();
    expect(await page.getByRole('link', { name: fr.cta }).getAttribute('href')).toBe('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('link', { name: 'FR', exact: true }).getAttribute('aria-current')).toBe('true');
    await page.goto(sharedUrl(memory.token));
    await page.getByRole('region', { name: fr.reflection }).waitFor();

    const french = await openPage(s.browser, { locale: 'fr-FR' });
    await french.page.goto(sharedUrl(memory.token));
    await french.page.getByRole('heading', { level: 1, name: memory.title }).waitFor();
    await french.page.getByRole('region', { name: fr.reflection }).waitFor();
    await french.page.getByText(fr.february2, { exact: true }).waitFor();
    await french.page.getByRole('link', { name: fr.cta }).waitFor();

    // A wrong link in French too.
    await french.page.goto(sharedUrl(newToken()));
    await expectNotFound(french.page, fr);
  });

  it('says "memory not found" for an unknown token and for a malformed one, without asking the server for the latter', async () => {
    const { page } = await openPage(s.browser);
    await page.goto(sharedUrl(newToken()));
    await expectNotFound(page);
    expect(await page.getByRole('img').count()).toBe(0);

    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/shared/')) asked.push(request.url());
    });
    for (const malformed of ['not-a-token', 'AB'.repeat(32), `${newToken()}0`]) {
      await page.goto(sharedUrl(malformed));
      await expectNotFound(page);
    }
    expect(asked).toEqual([]);
  });
});

describe('shared memory, signed in and revoked', () => {
  it('shows the memory to another signed-in person with no session dialog; once the owner revokes it, the link says not found', async () => {
    const memory = seedSharedMemory('revoked');

    const visitor = await openPage(s.browser);
    await signedInUser(visitor.context, s.app, { firstName: 'Basile' });
    await visitor.page.goto(sharedUrl(memory.token));
    await visitor.page.getByRole('heading', { level: 1, name: memory.title }).waitFor();
    await visitor.page.getByRole('region', { name: en.reflection }).waitFor();
    await loadedImage(visitor.page, memory.title);
    expect(pathOf(visitor.page), 'not sent anywhere else').toBe(`/shared/${memory.token}`);
    expect(await visitor.page.getByRole('dialog').count(), 'no session-expired dialog').toBe(0);

    // The owner revokes the link from their own signed-in page.
    const owner = await openPage(s.browser);
    await signInViaApi(owner.context, s.app, memory.owner);
    await owner.page.goto(`${s.app.baseUrl}/home`);
    const status = await owner.page.evaluate(async (id) => (await fetch(`/api/memories/${id}/share`, { method: 'DELETE' })).status, memory.id);
    expect(status).toBe(204);

    await visitor.page.reload();
    await expectNotFound(visitor.page);
    expect(await visitor.page.getByRole('dialog').count()).toBe(0);
  });
});

describe('shared memory, link previews and phones', () => {
  it('serves HTML with the memory in its Open Graph title and a noindex', async () => {
    const memory = seedSharedMemory('preview');
    const res = await fetch(sharedUrl(memory.token));
    expect(res.status).toBe(200);
    const html = await res.text();
    const ogTitle = /<meta[^>]*og:title[^>]*>/i.exec(html)?.[0];
    expect(ogTitle, 'an og:title meta tag').toBeDefined();
    expect(ogTitle).toContain('Morning tide');
    expect(html).toMatch(/<meta[^>]*noindex[^>]*>/i);
  });

  it('at 375 px: nothing overflows sideways and the artwork fits the width', async () => {
    const memory = seedSharedMemory('phone');
    const { page } = await openPage(s.browser, { mobile: true });
    await page.goto(sharedUrl(memory.token));
    await page.getByRole('heading', { level: 1, name: memory.title }).waitFor();
    const box = await loadedImage(page, memory.title);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(box.height).toBeLessThanOrEqual(SHARED_IMAGE_MAX_PX);
    // Large enough to be the hero on a phone.
    expect(box.width).toBeGreaterThan(MOBILE.width * 0.75);

    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(MOBILE.width);
    await page.getByRole('link', { name: en.cta }).waitFor();
  });
});
