// Accessibility: axe-core on every page and the main dialogs, in English and in French, with no
// serious or critical finding; the key journeys done with the keyboard alone, each focused control showing a ring;
// every image with a text alternative (a memory's is its title; decoration is silent).
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blocking, describeFindings, scanPage, type AxeFinding } from './support/axe';
import { openPage } from './support/browser';
import { addMemoriesForEach, insertJournalDay } from './support/database';
import { adminUi } from './support/admin-texts';
import { galleryUi } from './support/gallery-texts';
import { keepingTexts } from './support/keeping-locale';
import { memoryUi } from './support/memory-texts';
import { waitForReplies } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, type TestUser } from './support/users';

const s = setupSuite();
type Lang = 'en' | 'fr';
const LANGS: Lang[] = ['en', 'fr'];

const TITLES = ['Lanterns on the river', 'The Sunday market', 'Snow on the orchard'];
const ADMIN_TABS = ['email', 'coupons', 'prompt', 'agent', 'images', 'limits', 'global', 'ai', 'support', 'users'] as const;
// admin:tabs.users (the other tab names are in support/admin-texts.ts).
const USERS_TAB = { en: 'Users', fr: 'Utilisateurs' };
const adminTabName = (lang: Lang, tab: (typeof ADMIN_TABS)[number]) => (tab === 'users' ? USERS_TAB[lang] : adminUi(lang).tab[tab]);

let admin: TestUser;
let person: TestUser;
let memoryIds: string[] = [];
let shareToken: string;
/** The session cookie of each seeded person: signed in once, shared by all their pages. */
const sessions = new Map<TestUser, { name: string; value: string }>();

beforeAll(async () => {
  // The first account of a fresh app is its administrator; it has memories (one shared, one with a conversation,
  // one liked) and free access. The second person has used the free first session and needs a subscription.
  admin = await registerViaApi(s.app, newUser({ firstName: 'Alex' }));
  person = await registerViaApi(s.app, newUser({ firstName: 'Maëlle' }));
  shareToken = randomBytes(32).toString('hex');
  // One stop of the app for both (each stop is a restart, several seconds on a busy machine).
  [memoryIds] = (await addMemoriesForEach(s.app, [
    {
      email: admin.email,
      memories: [
        { title: TITLES[0]!, createdAt: '2026-03-14T18:00:00.000Z', shareToken, liked: true },
        { title: TITLES[1]!, createdAt: '2026-03-15T18:00:00.000Z', conversationId: crypto.randomUUID() },
        { title: TITLES[2]!, createdAt: '2025-12-20T18:00:00.000Z' },
      ],
    },
    { email: person.email, memories: [], more: insertJournalDay },
  ])) as [string[], string[]];
  // One sign-in each, shared by every context: each sign-in counts a session, and the second one would bring
  // the welcome-back dialog over the home page.
  sessions.set(admin, await sessionCookie(admin));
  sessions.set(person, await sessionCookie(person));
  // Free access through the administrator's own tool: no restart of the app needed.
  const me = (await (await apiAs(admin, 'GET', '/api/me')).json()) as { user: { id: string } };
  const granted = await apiAs(admin, 'PUT', `/api/admin/users/${me.user.id}/free-access`, { freeAccess: true });
  expect(granted.status, await granted.text()).toBeLessThan(300);
  // A support ticket, for the person's history and the administrator's Support Tickets tab.
  const ticket = await apiAs(admin, 'POST', '/api/support/tickets', { subject: 'Downloading everything', message: 'How do I download all my memories at once?' });
  expect(ticket.status, await ticket.text()).toBeLessThan(300);
}, 120_000);

function apiAs(user: TestUser, method: string, path: string, body?: unknown) {
  const { name, value } = sessions.get(user)!;
  return fetch(`${s.app.baseUrl}${path}`, {
    method,
    headers: { cookie: `${name}=${value}`, origin: s.app.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function sessionCookie(user: TestUser) {
  const res = await fetch(`${s.app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.app.baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  expect(cookie, 'a session cookie').toBeDefined();
  const [name, ...value] = cookie!.split(';')[0]!.split('=');
  return { name: name!, value: value.join('=') };
}

/** A page in this language: anonymous pages follow the browser's language, signed-in ones the profile's. */
async function pageIn(lang: Lang, opts: { as?: TestUser; mobile?: boolean } = {}) {
  const opened = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US', mobile: opts.mobile });
  // Fades would otherwise be measured half-way (contrast of a half-transparent text).
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  if (opts.as) {
    await opened.context.addCookies([{ ...sessions.get(opts.as)!, url: s.app.baseUrl }]);
    await setProfileLanguage(opened.context, lang);
  }
  return opened;
}

async function setProfileLanguage(context: BrowserContext, lang: Lang) {
  const res = await context.request.put(`${s.app.baseUrl}/api/me/language`, { data: { language: lang }, headers: { origin: s.app.baseUrl } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** Waits until the page shows its content: a level-1 heading, no skeleton, no spinner, every image loaded. */
async function settle(page: Page, ready?: Locator) {
  await (ready ?? page.getByRole('heading', { level: 1 }).first()).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.animate-pulse, [data-spinner]') && Array.from(document.images).every((img) => img.complete),
  );
}

/** Collects findings over a run of pages; `expectClean` fails once, listing every serious or critical one. */
class Findings {
  private readonly all: { where: string; findings: AxeFinding[] }[] = [];

  async scan(page: Page, where: string) {
    this.all.push({ where, findings: await scanPage(page) });
  }

  expectClean() {
    const lines = this.all.flatMap(({ where, findings }) => describeFindings(where, blocking(findings)));
    const minor = this.all.flatMap(({ where, findings }) => describeFindings(where, findings.filter((f) => !blocking([f]).length)));
    if (minor.length > 0 && process.env.A11Y_VERBOSE) console.log(`minor and moderate findings:\n${minor.join('\n')}`);
    expect(lines, `serious or critical accessibility findings:\n${lines.join('\n')}`).toEqual([]);
  }
}

/** Opens the page, waits for its content, checks that <html lang> follows the interface's language, and scans it. */
async function visit(page: Page, findings: Findings, lang: Lang, path: string, ready?: (page: Page) => Locator) {
  await page.goto(`${s.app.baseUrl}${path}`);
  await settle(page, ready?.(page));
  expect(await page.locator('html').getAttribute('lang'), `<html lang> on ${path}`).toBe(lang);
  await findings.scan(page, `${path} (${lang})`);
}

describe('the scanner', () => {
  it('finds what it must: an unnamed image and an unnamed button put on a page are reported as critical', async () => {
    const { page } = await pageIn('en');
    await page.goto(s.app.baseUrl);
    await settle(page);
    await page.evaluate(() => {
      const bad = document.createElement('div');
      bad.innerHTML = '<img src="/favicon.svg"><button type="button"></button>';
      document.querySelector('main')!.append(bad);
    });
    const rules = blocking(await scanPage(page)).map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
  });
});

describe.each(LANGS)('axe on every page (%s)', (lang) => {
  const t = ui(lang);

  it('public pages, signed out', async () => {
    const { page } = await pageIn(lang);
    const f = new Findings();
    await visit(page, f, lang, '/');
    await visit(page, f, lang, '/auth', (p) => p.getByRole('tabpanel'));
    await page.getByRole('tab', { name: t.registerTab }).click();
    await page.getByRole('tabpanel').getByLabel(t.firstName).waitFor();
    await f.scan(page, `/auth register tab (${lang})`);
    await visit(page, f, lang, '/auth/reset-password?token=abc', (p) => p.getByRole('heading').first());
    await visit(page, f, lang, '/auth/reset-password', (p) => p.getByRole('heading').first());
    await visit(page, f, lang, `/shared/${shareToken}`, (p) => p.getByRole('heading', { level: 1, name: TITLES[0] }));
    await visit(page, f, lang, `/shared/${'0'.repeat(64)}`);
    await visit(page, f, lang, '/unsubscribe');
    await visit(page, f, lang, `/unsubscribe?u=${crypto.randomUUID()}&t=${'a'.repeat(43)}`);
    await visit(page, f, lang, '/community');
    await visit(page, f, lang, '/privacy-policy');
    f.expectClean();
  });

  it('signed-in pages of an administrator with memories', async () => {
    const { page } = await pageIn(lang, { as: admin });
    const f = new Findings();
    await visit(page, f, lang, '/home', (p) => p.getByRole('img', { name: TITLES[0] }).first());
    await visit(page, f, lang, '/home/chat', (p) => p.getByRole('textbox', { name: t.chatInput }));
    await visit(page, f, lang, '/home/memories', (p) => p.getByRole('img', { name: TITLES[2] }));
    await visit(page, f, lang, '/home/memories?year=2019');
    expect(await page.getByTestId('memory-card').count(), 'nothing in 2019: the empty result').toBe(0);
    await visit(page, f, lang, `/home/memories/${memoryIds[1]}`, (p) => p.getByRole('heading', { level: 1, name: TITLES[1] }));
    await visit(page, f, lang, `/home/memories/edit/${memoryIds[1]}`);
    await visit(page, f, lang, `/home/memories/${crypto.randomUUID()}`);
    await visit(page, f, lang, '/home/profile');
    await visit(page, f, lang, '/home/support');
    await visit(page, f, lang, '/home/pricing');
    await visit(page, f, lang, `/home/admin?tab=${ADMIN_TABS[0]}`, (p) => p.getByRole('tabpanel'));
    for (const tab of ADMIN_TABS.slice(1)) {
      // Tabs switch in place: choosing one is quicker than loading the page again.
      await page.getByRole('tab', { name: adminTabName(lang, tab), exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe(tab);
      await settle(page, page.getByRole('tabpanel'));
      await f.scan(page, `/home/admin?tab=${tab} (${lang})`);
    }
    await visit(page, f, lang, '/billing/sandbox/portal');
    await visit(page, f, lang, '/home/no-such-page');
    f.expectClean();
  });

  it('pages of a person who needs a subscription, and the sandbox checkout', async () => {
    const { page, context } = await pageIn(lang, { as: person });
    const f = new Findings();
    await visit(page, f, lang, '/home');
    await visit(page, f, lang, '/home/chat');
    await visit(page, f, lang, '/home/pricing');
    const checkout = await context.request.post(`${s.app.baseUrl}/api/billing/checkout`, {
      data: { language: lang },
      headers: { origin: s.app.baseUrl },
    });
    const { url } = (await checkout.json()) as { url: string };
    expect(url, 'a sandbox checkout').toContain('/billing/sandbox/checkout/');
    await visit(page, f, lang, new URL(url, s.app.baseUrl).pathname);
    f.expectClean();
  });

  it('dialogs: share, conversation, delete confirmation, and the phone drawer', async () => {
    const m = memoryUi(lang);
    const g = galleryUi(lang);
    const { page } = await pageIn(lang, { as: admin });
    const f = new Findings();
    // The page itself was scanned with the signed-in pages: only its dialogs are scanned here.
    await page.goto(`${s.app.baseUrl}/home/memories/${memoryIds[1]}`);
    await settle(page, page.getByRole('heading', { level: 1, name: TITLES[1] }));
    await page.getByRole('button', { name: m.share }).click();
    await page.getByRole('dialog', { name: m.shareTitle }).waitFor();
    await f.scan(page, `share dialog (${lang})`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: g.viewConversation }).click();
    await page.getByRole('dialog').getByText(g.conversationNotHere).waitFor();
    await f.scan(page, `conversation dialog (${lang})`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: m.delete }).click();
    await page.getByRole('alertdialog', { name: m.deleteTitle }).waitFor();
    await f.scan(page, `delete confirmation (${lang})`);
    await page.keyboard.press('Escape');

    const phone = await pageIn(lang, { as: admin, mobile: true });
    await visit(phone.page, f, lang, '/home', (p) => p.getByRole('img', { name: TITLES[0] }).first());
    await phone.page.getByRole('button', { name: t.openMenu }).click();
    await phone.page.getByRole('dialog').getByRole('navigation', { name: t.mainNav }).waitFor();
    await f.scan(phone.page, `phone drawer (${lang})`);
    f.expectClean();
  });
});

describe.each(LANGS)('axe on keeping and continuity (%s)', (lang) => {
  const k = keepingTexts[lang];
  const passphrase = 'lanterns over the quiet harbour';

  it('What Mira remembers, and the setup, recovery key, change and unlock screens', async () => {
    const f = new Findings();
    // The administrator's memories fill "What Mira remembers"; the exact text sent is opened too.
    const withMemories = await pageIn(lang, { as: admin });
    await visit(withMemories.page, f, lang, '/home/profile', (p) => p.getByRole('button', { name: new RegExp(TITLES[1]!) }).first());
    await withMemories.page.getByText(k.remembers.sent).click();
    await withMemories.page.getByTestId('continuity-context').waitFor();
    await f.scan(withMemories.page, `What Mira remembers, text sent (${lang})`);

    // A new person turns keeping on: each step of the dialog is scanned, its refusals included.
    const keeper = await registerViaApi(s.app, newUser({ firstName: 'Inès' }));
    sessions.set(keeper, await sessionCookie(keeper));
    const { page } = await pageIn(lang, { as: keeper });
    await visit(page, f, lang, '/home/profile', (p) => p.getByRole('button', { name: k.setup.open }));
    await page.getByRole('button', { name: k.setup.open }).click();
    const setup = page.getByRole('dialog', { name: k.setup.title });
    await setup.getByText(k.setup.warning).waitFor();
    await f.scan(page, `keeping setup dialog (${lang})`);
    await setup.getByRole('button', { name: k.setup.submit }).click();
    await setup.getByText(k.setup.mustUnderstand).waitFor();
    await f.scan(page, `keeping setup dialog, refused (${lang})`);
    await setup.getByLabel(k.setup.passphrase, { exact: true }).fill(passphrase);
    await setup.getByLabel(k.setup.confirm).fill(passphrase);
    await setup.getByLabel(k.setup.understand).check();
    await setup.getByRole('button', { name: k.setup.submit }).click();
    const recovery = page.getByRole('dialog', { name: k.recovery.title });
    await recovery.getByTestId('recovery-key').waitFor({ timeout: 20_000 });
    await f.scan(page, `recovery key (${lang})`);
    await recovery.getByLabel(k.recovery.saved).check();
    await recovery.getByRole('button', { name: k.recovery.done }).click();
    await recovery.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: k.profile.change }).click();
    const change = page.getByRole('dialog', { name: k.change.title });
    await change.getByLabel(k.change.current).waitFor();
    await f.scan(page, `change passphrase dialog (${lang})`);
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'detached' });

    // Another device: locked until unlocked, and a wrong passphrase refused.
    const other = await pageIn(lang, { as: keeper });
    await visit(other.page, f, lang, '/home/profile', (p) => p.getByTestId('keeping-unlock-form'));
    const form = other.page.getByTestId('keeping-unlock-form');
    await form.getByLabel(k.unlock.passphrase).fill('not the passphrase at all');
    await form.getByRole('button', { name: k.unlock.submit }).click();
    await form.getByRole('alert').getByText(k.unlock.wrongPassphrase).waitFor({ timeout: 20_000 });
    await f.scan(other.page, `unlock form, wrong passphrase (${lang})`);
    f.expectClean();
  });
});

// ——— Keyboard ———————————————————————————————————————————————————————————————————————————————————————————————

interface FocusState {
  /** Something to recognise the element by in a failure message. */
  label: string;
  /** No control has the focus: the body, or the heading the app focused on arriving at a page. */
  onBody: boolean;
  ring: boolean;
}

/** The focused element and whether it shows a focus indicator: an outline, or a box-shadow ring that focus added. */
function readFocus(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: 'body', onBody: true, ring: false };
    // A new page's heading, focused by the app after a navigation so that a screen reader announces it, is a
    // place to start from rather than a control: Tab leaves it, and it draws no ring (as after a full page load).
    if (/^H[1-6]$/.test(el.tagName) && el.getAttribute('tabindex') === '-1') return { label: `<${el.tagName.toLowerCase()}>`, onBody: true, ring: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && el.matches(':focus-visible') && /\b0px 0px 0px [1-9]/.test(style.boxShadow);
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return { label: `<${el.tagName.toLowerCase()}> "${name}"`, onBody: false, ring: outline || shadow };
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking on the way that every control it lands on
 * shows a focus ring. Fails if the target is never reached.
 */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  const visited: string[] = [];
  for (let i = 0; i < (opts.max ?? 40); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const focus = await readFocus(page);
    if (!focus.onBody) {
      visited.push(focus.label);
      expect(focus.ring, `a visible focus indicator on ${focus.label} (${page.url()})`).toBe(true);
    }
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached the control; it went through:\n  ${visited.join('\n  ')}`);
}

/** The dialog keeps the focus: Tab and Shift+Tab cycle inside it, each stop with a ring. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const focus = await readFocus(page);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `after ${key} the focus stays in the dialog (${focus.label})`).toBe(true);
    expect(focus.ring, `a visible focus indicator on ${focus.label} in the dialog`).toBe(true);
  }
}

/** Escape closes the dialog and the focus goes back to the control that opened it. */
async function expectEscapeCloses(page: Page, dialog: Locator, trigger: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => isFocused(trigger), { message: 'the focus returns to the control that opened the dialog' }).toBe(true);
  expect((await readFocus(page)).ring, 'and shows its ring').toBe(true);
}

describe('keyboard only', () => {
  const t = ui('en');

  it('landing → sign-in form → home → the chat: reached, filled and sent with Tab, typing and Enter', async () => {
    const user = await registerViaApi(s.app, newUser({ firstName: 'Kim' }));
    const { page } = await pageIn('en');
    await page.goto(s.app.baseUrl);
    await tabTo(page, page.getByRole('link', { name: t.signInWithEmail }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/auth');

    const form = page.getByRole('tabpanel');
    await tabTo(page, form.getByLabel(t.email));
    await page.keyboard.type(user.email);
    await tabTo(page, form.getByLabel(t.password, { exact: true }));
    await page.keyboard.type(user.password);
    await tabTo(page, form.getByRole('button', { name: t.signIn, exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home');

    const start = page.getByRole('button', { name: t.homeStart });
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home/chat');

    const input = page.getByRole('textbox', { name: t.chatInput });
    await input.waitFor();
    if (!(await isFocused(input))) await tabTo(page, input);
    await page.keyboard.type('We walked by the sea this evening');
    await tabTo(page, page.getByRole('button', { name: t.chatSend }));
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-message').filter({ hasText: 'We walked by the sea this evening' }).waitFor();
    await waitForReplies(page, 2);
  });

  it('gallery → a memory → like and share; the dialogs keep the focus, Escape closes them and the focus comes back', async () => {
    const m = memoryUi('en');
    const { page } = await pageIn('en', { as: admin });
    await page.goto(`${s.app.baseUrl}/home/memories`);
    await settle(page, page.getByRole('img', { name: TITLES[2] }));
    await tabTo(page, page.getByRole('link', { name: new RegExp(`^${TITLES[2]}`) }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/home/memories/${memoryIds[2]}`);
    await page.getByRole('heading', { level: 1, name: TITLES[2] }).waitFor();

    const like = page.getByTestId('memory-detail').getByRole('button', { name: m.like });
    await tabTo(page, like);
    await page.keyboard.press('Space');
    const unlike = page.getByTestId('memory-detail').getByRole('button', { name: m.unlike });
    await expect.poll(() => unlike.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');

    const share = page.getByRole('button', { name: m.share });
    await tabTo(page, share);
    await page.keyboard.press('Enter');
    const shareDialog = page.getByRole('dialog', { name: m.shareTitle });
    await expectFocusTrapped(page, shareDialog);
    await expectEscapeCloses(page, shareDialog, share);

    const remove = page.getByRole('button', { name: m.delete });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: m.deleteTitle });
    await expectFocusTrapped(page, confirm);
    await expectEscapeCloses(page, confirm, remove);
    await page.getByRole('heading', { level: 1, name: TITLES[2] }).waitFor();
  });

  it('a skip link first; the account menu opens with Enter, moves with the arrows, closes with Escape, follows a link with Enter', async () => {
    const { page } = await pageIn('en', { as: admin });
    await page.goto(`${s.app.baseUrl}/home/memories`);
    await settle(page);

    // The first stop is the skip link: it shows itself and leads past the header, to the page's first control.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip), 'the first stop is the skip link').toBe(true);
    expect((await readFocus(page)).ring).toBe(true);
    expect(await skip.isVisible(), 'the skip link shows itself when focused').toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.getByRole('banner').evaluate((el) => el.contains(document.activeElement)), 'past the header').toBe(false);

    // Back into the header: its last control is the account menu.
    const trigger = page.getByRole('banner').getByRole('button', { name: t.accountMenu });
    await tabTo(page, trigger, { back: true, max: 3 });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect((await readFocus(page)).ring, 'the first item shows its ring').toBe(true);
    await page.keyboard.press('ArrowDown');
    expect((await readFocus(page)).ring, 'the next item shows its ring').toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(trigger)).toBe(true);

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await expect.poll(() => isFocused(page.getByRole('menuitem', { name: 'Profile' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home/profile');
  });

  it('on a phone, the drawer opens from the keyboard, keeps the focus, closes with Escape and follows a link', async () => {
    const { page } = await pageIn('en', { as: admin, mobile: true });
    await page.goto(`${s.app.baseUrl}/home`);
    await settle(page, page.getByRole('img', { name: TITLES[0] }).first());
    const trigger = page.getByRole('button', { name: t.openMenu });
    await tabTo(page, trigger, { max: 4 });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('navigation', { name: t.mainNav }).waitFor();
    await expectFocusTrapped(page, drawer);
    await expectEscapeCloses(page, drawer, trigger);

    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('link', { name: t.memories }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home/memories');
    await drawer.waitFor({ state: 'detached' });
  });
});

// ——— Images ————————————————————————————————————————————————————————————————————————————————————————————————

/** Every <img> of the page: its alt attribute (null when missing) and whether it is a memory's artwork. */
const imagesOf = (page: Page) =>
  page.locator('img').evaluateAll((imgs) => imgs.map((img) => ({ src: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') })));

describe('images', () => {
  it('every image has a text alternative; a memory is named by its title, wherever it shows', async () => {
    const { page } = await pageIn('en', { as: admin });
    const pages: [string, string[]][] = [
      ['/home', TITLES],
      ['/home/memories', TITLES],
      [`/home/memories/${memoryIds[0]}`, [TITLES[0]!]],
      [`/shared/${shareToken}`, [TITLES[0]!]],
    ];
    for (const [path, titles] of pages) {
      await page.goto(`${s.app.baseUrl}${path}`);
      await settle(page, page.getByRole('img', { name: titles[0] }).first());
      for (const title of titles) {
        expect(await page.getByRole('img', { name: title, exact: true }).count(), `"${title}" names its image on ${path}`).toBeGreaterThan(0);
      }
      for (const image of await imagesOf(page)) {
        expect(image.alt, `an alt attribute on ${image.src} (${path})`).not.toBeNull();
        // A memory's artwork is always named; only decoration (avatars) may be silent.
        if (image.src.includes('/memories/')) expect(image.alt, `${image.src} on ${path}`).not.toBe('');
      }
    }
  });
});
