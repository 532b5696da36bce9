// The privacy policy (/privacy-policy) and the community page (/community), as visitors, people and the
// administrator meet them: reading the policy in either language, the administrator's edits surviving a reload
// and a restart, the server refusing anyone else's save, HTML in the policy staying harmless, and the community
// links — the calendar embed loading only when asked for. A text whose Markdown takes seconds to draw is refused, or,
// stored before, drawn as plain text, and the server keeps answering. Tests run in order: the first account is the
// administrator.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLICY_EDITOR_MIN_PX } from '@shared/limits';
import { privacyPolicies } from '@server/db/schema/index';
import { POLICY_DRAW_MS } from '@server/modules/privacy/policy-drawer';
import { openPage, pathOf, waitForHydration } from './support/browser';
import { withStoppedApp } from './support/database';
import { privacyUi } from './support/privacy-texts';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, signedInUser, type TestUser } from './support/users';

const en = privacyUi('en');
const fr = privacyUi('fr');
const s = setupSuite();

// The e2e app's PRIVACY_EMAIL is unset: the configuration's default address.
const CONTACT = 'privacy@souvenir.local';
const EMBED = 'https://calendar.google.com/calendar/embed?src=abc';
const SUBSCRIBE = 'https://calendar.google.com/calendar/render?cid=abc';
const CHAT = 'https://discord.gg/souvenir';

let admin: TestUser;
beforeAll(async () => {
  // The first account of a fresh app is its administrator: registered before anyone else.
  admin = await registerViaApi(s.app, newUser({ firstName: 'Maëlle' }));
});

async function adminPage(opts: { mobile?: boolean } = {}) {
  const opened = await openPage(s.browser, opts);
  await signInViaApi(opened.context, s.app, admin);
  return opened;
}

const policyUrl = (query = '') => `${s.app.baseUrl}/privacy-policy${query}`;

/** The policy as shown, once its text is there. */
async function shownPolicy(page: Page, heading: string) {
  const article = page.getByRole('article');
  await article.getByRole('heading', { level: 2, name: heading }).waitFor();
  return article;
}

/** The session has answered (signed in: the account menu is there), so an Edit button would be there too. */
async function sessionSettled(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: ui('en').accountMenu }).waitFor();
}

/** Saves a policy text through the editor, as the administrator does. */
async function saveThroughEditor(page: Page, language: 'English' | 'Français', content: string) {
  await page.getByRole('button', { name: en.edit }).click();
  await page.getByRole('textbox', { name: en.editorLabel(language) }).fill(content);
  await page.getByRole('button', { name: en.save }).click();
  await page.getByText(en.updateSuccess).waitFor();
}

/**
 * Asks /api/health again and again until stopped, and answers how long the slowest answer took: a server whose event
 * loop is held answers nothing, health included, until it is free.
 */
function probeHealth() {
  let running = true;
  let slowestMs = 0;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      expect((await fetch(`${s.app.baseUrl}/api/health`)).status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return async () => {
    running = false;
    await probing;
    return slowestMs;
  };
}

/** A machine running browsers and servers side by side answers late at times; a held server, seconds late. */
const HEALTH_BOUND_MS = 1_000;

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(375);
}

/** Answers the calendar's host locally (tests reach no other host) and records every request made to it. */
async function standInCalendar(page: Page) {
  const requests: string[] = [];
  await page.route('https://calendar.google.com/**', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Calendar</title><p>Calendar stand-in</p>' });
  });
  return requests;
}

describe('privacy policy', () => {
  it('a signed-out visitor reads it in English, with the contact address and the date, then switches it to French', async () => {
    const { page } = await openPage(s.browser);
    await page.goto(policyUrl());
    await page.getByRole('heading', { level: 1, name: en.policyTitle }).waitFor();
    await waitForHydration(page);
    let article = await shownPolicy(page, en.builtInHeading);
    expect(await article.getAttribute('lang')).toBe('en');
    expect(await article.textContent()).toContain(en.effectiveDate);
    expect(await article.textContent()).not.toContain('{email}');
    expect(await article.getByRole('link', { name: CONTACT }).first().getAttribute('href')).toBe(`mailto:${CONTACT}`);
    expect(await page.getByRole('button', { name: en.edit }).count(), 'no Edit for a visitor').toBe(0);

    const group = page.getByRole('group', { name: en.policyLanguage });
    await group.getByRole('link', { name: 'Français', exact: true }).click();
    article = await shownPolicy(page, fr.builtInHeading);
    expect(await article.getAttribute('lang')).toBe('fr');
    expect(await article.textContent()).toContain(fr.effectiveDate);
    expect(await article.getByRole('link', { name: CONTACT }).first().getAttribute('href')).toBe(`mailto:${CONTACT}`);
    expect(await group.getByRole('link', { name: 'Français', exact: true }).getAttribute('aria-current')).toBe('true');
    expect(new URL(page.url()).searchParams.get('language')).toBe('fr');
    // Only the policy changed language, not the interface.
    await page.getByRole('heading', { level: 1, name: en.policyTitle }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('the administrator edits the French policy: Cancel discards, Save persists across a reload and a restart', async () => {
    const { page } = await adminPage();
    await page.goto(policyUrl());
    await shownPolicy(page, en.builtInHeading);
    await waitForHydration(page);
    await page.getByRole('group', { name: en.policyLanguage }).getByRole('link', { name: 'Français', exact: true }).click();
    await shownPolicy(page, fr.builtInHeading);

    // The editor: the raw Markdown of the language shown, at least 500 px high.
    await page.getByRole('button', { name: en.edit }).click();
    const editor = page.getByRole('textbox', { name: en.editorLabel('Français') });
    expect(await editor.inputValue()).toContain(`## ${fr.builtInHeading}`);
    expect(await editor.inputValue()).toContain('{email}');
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(POLICY_EDITOR_MIN_PX);
    await editor.fill('Un brouillon à oublier');
    await page.getByRole('button', { name: en.cancel }).click();
    await page.getByText(en.editCancelled).waitFor();
    expect(await (await shownPolicy(page, fr.builtInHeading)).textContent()).not.toContain('Un brouillon à oublier');

    const heading = `Notre engagement ${randomBytes(3).toString('hex')}`;
    await saveThroughEditor(page, 'Français', `## ${heading}\n\nTes mots restent les tiens. Écris-nous à {email}.`);
    let article = await shownPolicy(page, heading);
    expect(await article.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);

    await page.reload();
    article = await shownPolicy(page, heading);
    expect(await article.textContent()).toContain('Tes mots restent les tiens.');

    await s.app.restart();
    await page.reload();
    await shownPolicy(page, heading);
    // The English text was not touched.
    await page.goto(policyUrl('?language=en'));
    await shownPolicy(page, en.builtInHeading);
  });

  it('a person who is not an administrator sees no Edit, and the server refuses their save (403)', async () => {
    const { page, context } = await openPage(s.browser);
    await signedInUser(context, s.app);
    await page.goto(policyUrl('?language=fr'));
    await page.getByRole('article').waitFor();
    await sessionSettled(page);
    expect(await page.getByRole('button', { name: en.edit }).count()).toBe(0);

    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/admin/privacy-policy/fr', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: '## Taken over' }),
      });
      return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe('FORBIDDEN');

    await page.reload();
    await page.getByRole('article').waitFor();
    expect(await page.getByRole('article').textContent()).not.toContain('Taken over');
  });

  it('a policy holding a <script> and an onerror image renders as harmless text', async () => {
    const { page } = await adminPage();
    await page.goto(policyUrl('?language=en'));
    await shownPolicy(page, en.builtInHeading);
    const payload = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
    await saveThroughEditor(page, 'English', `## Still safe\n\n${payload}\n\nThe end.`);
    await shownPolicy(page, 'Still safe');

    const visitor = await openPage(s.browser);
    await visitor.page.goto(policyUrl('?language=en'));
    const article = await shownPolicy(visitor.page, 'Still safe');
    await visitor.page.waitForLoadState('networkidle');
    for (const p of [page, visitor.page]) {
      expect(await p.getByRole('article').locator('script, img, [onerror]').count()).toBe(0);
      expect(await p.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    }
    expect(await article.textContent()).toContain('<script>window.__pwned=1</script>');
    await article.getByText('The end.').waitFor();
  });

  it('the administrator is told under the field when the server cannot draw a text in time, and the server keeps answering', async () => {
    const { page } = await adminPage();
    await page.goto(policyUrl('?language=en'));
    await shownPolicy(page, 'Still safe');
    await page.getByRole('button', { name: en.edit }).click();
    const editor = page.getByRole('textbox', { name: en.editorLabel('English') });
    // 15 000 "*a": Markdown parsing takes seconds over it; drawn on every visit, it held the whole server 10 s.
    const slow = '*a'.repeat(15_000);
    await editor.fill(slow);
    const slowestHealth = probeHealth();
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(en.tooComplex).waitFor();
    expect(await slowestHealth(), '/api/health waited').toBeLessThan(HEALTH_BOUND_MS);
    expect((await editor.inputValue()).length, 'the text stays in the editor').toBe(slow.length);

    const visitor = await openPage(s.browser);
    await visitor.page.goto(policyUrl('?language=en'));
    await shownPolicy(visitor.page, 'Still safe');
  });

  it('a text stored before saves were drawn is shown as plain text after the time limit, and never holds the server', async () => {
    const stored = '*a'.repeat(15_000);
    await withStoppedApp(s.app, async (db) => {
      await db.insert(privacyPolicies).values({ language: 'en', content: stored }).onConflictDoUpdate({ target: privacyPolicies.language, set: { content: stored } });
    });
    const slowestHealth = probeHealth();
    const started = performance.now();
    const response = await fetch(policyUrl('?language=en'));
    const page = await response.text();
    const elapsedMs = performance.now() - started;
    expect(await slowestHealth(), '/api/health waited').toBeLessThan(HEALTH_BOUND_MS);
    expect(response.status).toBe(200);
    expect(page.includes(`<p class="mt-4">${stored}</p>`), 'drawn on the server as one plain paragraph').toBe(true);
    expect(elapsedMs).toBeLessThan(POLICY_DRAW_MS + 5_000);

    const { page: reader } = await openPage(s.browser);
    await reader.goto(policyUrl('?language=en'));
    expect((await reader.getByRole('article').textContent())?.includes(stored)).toBe(true);
  });
});

describe('community', () => {
  it('without links, says nothing is planned, and promises neither gatherings, a calendar nor the server', async () => {
    const { page } = await openPage(s.browser);
    await page.goto(`${s.app.baseUrl}/community`);
    await page.getByRole('heading', { level: 1, name: en.communityTitle }).waitFor();
    await page.getByRole('heading', { level: 2, name: en.nothingYet }).waitFor();
    expect(await page.getByRole('region', { name: en.calendarSection }).count()).toBe(0);
    expect(await page.getByRole('link', { name: en.addToCalendar }).count()).toBe(0);
    expect(await page.getByRole('button', { name: en.showCalendar }).count()).toBe(0);
    expect(await page.getByRole('link', { name: en.joinChat }).count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('link', { name: en.backHome }).click();
    // /home asks a visitor to sign in first.
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth');
  });

  it('once the administrator sets the links: the server button, add-to-calendar, and the calendar embed on request', async () => {
    const { page: adminTab } = await adminPage();
    await adminTab.goto(`${s.app.baseUrl}/community`);
    await adminTab.getByRole('heading', { level: 1, name: en.communityTitle }).waitFor();
    const status = await adminTab.evaluate(async (links) => {
      const res = await fetch('/api/admin/community', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(links) });
      return res.status;
    }, { chatServerUrl: CHAT, calendarUrlEn: EMBED, calendarUrlFr: null });
    expect(status).toBe(200);

    const { page } = await openPage(s.browser);
    const calendarRequests = await standInCalendar(page);
    await page.goto(`${s.app.baseUrl}/community`);
    const show = page.getByRole('button', { name: en.showCalendar });
    await show.waitFor();

    const chat = page.getByRole('link', { name: en.joinChat });
    expect(await chat.getAttribute('href')).toBe(CHAT);
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await chat.getAttribute('rel')).toBe('noopener noreferrer');
    const add = page.getByRole('link', { name: en.addToCalendar });
    expect(await add.getAttribute('href')).toBe(SUBSCRIBE);
    expect(await add.getAttribute('target')).toBe('_blank');
    expect(await add.getAttribute('rel')).toBe('noopener noreferrer');

    // Privacy first: nothing is asked of the calendar's host until the person wants the calendar.
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(calendarRequests).toEqual([]);

    await waitForHydration(page);
    await show.click();
    const frame = page.getByTitle(en.calendarFrame);
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(EMBED);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-forms');
    expect(await frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    // The embed really loads (the page's security policy lets an https calendar in), from the stand-in here.
    await page.frameLocator('iframe').getByText('Calendar stand-in').waitFor();
    expect(calendarRequests[0]).toBe(EMBED);
  });

  it('at 375 px, neither page overflows sideways, the calendar shown included', async () => {
    const { page } = await adminPage({ mobile: true });
    await page.goto(policyUrl('?language=fr'));
    await page.getByRole('article').waitFor();
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: en.edit }).click();
    await page.getByRole('textbox', { name: en.editorLabel('Français') }).waitFor();
    await expectNoHorizontalOverflow(page);

    await standInCalendar(page);
    await page.goto(`${s.app.baseUrl}/community`);
    await page.getByRole('button', { name: en.showCalendar }).click();
    await page.getByTitle(en.calendarFrame).waitFor();
    await page.getByRole('link', { name: en.joinChat }).waitFor();
    await expectNoHorizontalOverflow(page);
  });

  it('speaks French: the policy opens in French with its French date, the community falls back to the English calendar', async () => {
    const { page } = await openPage(s.browser, { locale: 'fr-FR' });
    await page.goto(policyUrl());
    await page.getByRole('heading', { level: 1, name: fr.policyTitle }).waitFor();
    const article = page.getByRole('article');
    await article.getByRole('heading', { level: 2, name: /^Notre engagement/ }).waitFor();
    expect(await article.textContent()).toContain(fr.effectiveDate);
    await page.getByRole('group', { name: fr.policyLanguage }).waitFor();

    const calendarRequests = await standInCalendar(page);
    await page.goto(`${s.app.baseUrl}/community`);
    await page.getByRole('heading', { level: 1, name: fr.communityTitle }).waitFor();
    expect(await page.getByRole('link', { name: fr.addToCalendar }).getAttribute('href')).toBe(SUBSCRIBE);
    expect(await page.getByRole('link', { name: fr.joinChat }).getAttribute('href')).toBe(CHAT);
    expect(await page.getByRole('link', { name: fr.backHome }).getAttribute('href')).toBe('/home');
    await waitForHydration(page);
    await page.getByRole('button', { name: fr.showCalendar }).click();
    expect(await page.getByTitle(fr.calendarFrame).getAttribute('src')).toBe(EMBED);
    await expect.poll(() => calendarRequests.length).toBeGreaterThan(0);
  });
});
