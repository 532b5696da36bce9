// The profile page (/home/profile), tried as a new person would: edit the profile in French, refuse a picture
// over 2 MB and a text file named .png, accept a phone photo (stored as a WebP without its metadata, shown in
// the header at once), change the password and find the other browser signed out, export a ZIP, close the
// account for good; sign-out forgets this browser's conversations; nothing overflows at 375 px.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, pathOf } from './support/browser';
import { profileUi } from './support/profile-texts';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, signOutViaHeader, signedInUser, type TestUser } from './support/users';

const s = setupSuite();
const POLL = { timeout: 10_000, interval: 100 };

let tmp: string;
// The first account of a fresh app is its administrator: made here, before any test's own people.
let admin: TestUser;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'souvenir-profile-e2e-'));
  admin = await registerViaApi(s.app, newUser({ firstName: 'Ada' }));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function openProfile(page: Page, lang: 'en' | 'fr' = 'en') {
  await page.goto(s.app.baseUrl + '/home/profile');
  await page.getByRole('heading', { level: 1, name: profileUi(lang).title }).waitFor();
}

/** The picture in the header's account button, or null when it shows initials. */
async function headerAvatarSrc(page: Page, lang: 'en' | 'fr' = 'en'): Promise<string | null> {
  const img = page.getByRole('banner').getByRole('button', { name: ui(lang).accountMenu }).locator('img');
  return (await img.count()) > 0 ? img.getAttribute('src') : null;
}

/** Chooses a file through the real picker that "Change picture" opens. */
async function choosePicture(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }, lang: 'en' | 'fr' = 'en') {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: profileUi(lang).changePicture }).click()]);
  await chooser.setFiles(file);
}

/** How many conversations this browser keeps (src/web/lib/conversation-store.ts), or 0 before the chat made its store. */
function storedConversations(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('souvenir-conversations');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('conversations')) return 0;
      const count = db.transaction('conversations').objectStore('conversations').count();
      return await new Promise<number>((resolve, reject) => {
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error ?? new Error('count failed'));
      });
    } finally {
      db.close();
    }
  });
}

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(375);
}

describe('profile form', () => {
  it('edits the profile and, saving French, switches the whole interface to French at once — for good', async () => {
    const p = profileUi('en');
    const fr = profileUi('fr');
    const { page } = await openPage(s.browser);
    await signedInUser(page.context(), s.app, { firstName: 'Juliette' });
    await openProfile(page);

    // Someone who is not an administrator has no medical note at all.
    expect(await page.getByLabel(p.medicalNote).count()).toBe(0);
    await page.getByText(p.subscriptionFree).waitFor();

    await page.getByLabel(p.firstName).fill('  Juliette-Marie ');
    await page.getByLabel(p.gender).selectOption('female');
    await page.getByLabel(p.language).selectOption('fr');
    await page.getByRole('button', { name: p.save }).click();

    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();
    await page.getByText(fr.updated).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.getByRole('navigation', { name: ui('fr').mainNav }).first().getByRole('link', { name: ui('fr').home }).count()).toBe(1);

    // Still French, with the saved values, after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();
    expect(await page.getByLabel(fr.firstName).inputValue()).toBe('Juliette-Marie');
    expect(await page.getByLabel(fr.gender).inputValue()).toBe('female');
    expect(await page.getByLabel(fr.language).inputValue()).toBe('fr');
  });

  it('gives an administrator the confidential medical note, marked as visible to administrators only', async () => {
    const p = profileUi('en');
    const { page, context } = await openPage(s.browser);
    await signInViaApi(context, s.app, admin);
    await openProfile(page);

    await page.getByText(p.adminOnly).waitFor();
    await page.getByLabel(p.medicalNote).fill('Sleeps badly since the spring.');
    await page.getByRole('button', { name: p.save }).click();
    await page.getByText(p.updated).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: p.title }).waitFor();
    expect(await page.getByLabel(p.medicalNote).inputValue()).toBe('Sleeps badly since the spring.');
  });
});

describe('profile picture', () => {
  it('refuses an image over 2 MB and a text file named .png, then takes a phone photo: WebP, no metadata, in the header at once', async () => {
    const p = profileUi('en');
    const { page } = await openPage(s.browser);
    await signedInUser(page.context(), s.app);
    await openProfile(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me/avatar') uploads.push(request.method());
    });
    expect(await headerAvatarSrc(page)).toBeNull();

    // 3 MB: refused here, before anything is sent; the header still shows the initials.
    await choosePicture(page, { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(3 * 1024 * 1024, 7) });
    await page.getByRole('alert').filter({ hasText: p.tooLarge }).waitFor();
    expect(uploads).toEqual([]);
    expect(await headerAvatarSrc(page)).toBeNull();

    // A text file dressed as a PNG: the server reads the content and refuses it.
    await choosePicture(page, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('Just some words, not a picture.\n') });
    await page.getByRole('alert').filter({ hasText: p.notImage }).waitFor();
    expect(uploads).toEqual(['POST']);
    expect(await headerAvatarSrc(page)).toBeNull();

    // A phone photo with its maker in the EXIF block.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a9cc6' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    expect(photo.includes('PhoneMaker')).toBe(true);
    const file = path.join(tmp, 'phone-photo.jpg');
    await writeFile(file, photo);
    await choosePicture(page, file);

    await page.getByText(p.pictureUpdated).waitFor();
    await expect.poll(() => headerAvatarSrc(page), POLL).toMatch(/\.webp$/);
    const src = (await headerAvatarSrc(page))!;
    await page.getByRole('button', { name: p.removePicture }).waitFor();

    const stored = await page.context().request.get(s.app.baseUrl + src);
    expect(stored.status()).toBe(200);
    const bytes = await stored.body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.includes('PhoneMaker'), 'no EXIF left in the stored picture').toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 512, undefined]);

    // Another page of the app shows it too, after a reload.
    await page.goto(s.app.baseUrl + '/home');
    await expect.poll(() => headerAvatarSrc(page), POLL).toBe(src);
  });
});

describe('password', () => {
  it('changes the password: this browser stays signed in, the other one is signed out, the new password works', async () => {
    const p = profileUi('en');
    const { page } = await openPage(s.browser);
    const user = await signedInUser(page.context(), s.app);
    const other = await openPage(s.browser);
    await signInViaApi(other.context, s.app, user);
    await other.page.goto(s.app.baseUrl + '/home');
    await other.page.getByRole('heading', { name: ui('en').greeting(user.firstName) }).waitFor();

    await openProfile(page);
    await page.getByRole('button', { name: p.openPassword }).click();
    const dialog = page.getByRole('dialog', { name: p.passwordDialog });

    // A wrong current password first: said in the dialog, which stays open.
    await dialog.getByLabel(p.currentPassword).fill('not-my-password');
    await dialog.getByLabel(p.newPassword, { exact: true }).fill('a-calm-new-password');
    await dialog.getByLabel(p.confirmPassword).fill('a-calm-new-password');
    await dialog.getByRole('button', { name: p.savePassword }).click();
    await dialog.getByRole('alert').filter({ hasText: p.wrongPassword }).waitFor();

    await dialog.getByLabel(p.currentPassword).fill(user.password);
    await dialog.getByRole('button', { name: p.savePassword }).click();
    await page.getByText(p.passwordChanged).waitFor();
    await page.getByText(p.otherDevices).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The other browser: signed out on its next request.
    await other.page.reload();
    await other.page.waitForURL((url) => url.pathname === '/auth');
    expect((await other.context.request.get(s.app.baseUrl + '/api/me')).status()).toBe(401);

    // This one: still in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: p.title }).waitFor();
    expect((await page.context().request.get(s.app.baseUrl + '/api/me')).status()).toBe(200);
    await signInViaApi(other.context, s.app, { ...user, password: 'a-calm-new-password' });
  });
});

describe('export', () => {
  it('downloads a ZIP of the person’s data', async () => {
    const p = profileUi('en');
    const { page } = await openPage(s.browser);
    await signedInUser(page.context(), s.app);
    await openProfile(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: p.exportData }).click()]);
    expect(download.suggestedFilename()).toMatch(/^souvenir-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(tmp, 'export.zip');
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByText(p.exported).waitFor();
  });
});

describe('closing the account (in French)', () => {
  it('erases the account after the typed word: lands on /, the picture is gone, signing in again fails', async () => {
    const p = profileUi('fr');
    const { page, context } = await openPage(s.browser, { locale: 'fr-FR' });
    const user = await signedInUser(context, s.app, { language: 'fr' });
    const upload = await context.request.post(s.app.baseUrl + '/api/me/avatar', {
      headers: { origin: s.app.baseUrl },
      multipart: { avatar: { name: 'me.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c9a27e' } }).png().toBuffer() } },
    });
    expect(upload.status()).toBe(200);
    const { avatarUrl } = (await upload.json()) as { avatarUrl: string };
    await openProfile(page, 'fr');

    await page.getByRole('button', { name: p.closeAccount }).click();
    const dialog = page.getByRole('alertdialog', { name: p.closeDialog });
    const confirm = dialog.getByRole('button', { name: p.closeConfirm });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(p.typeToConfirm).fill(p.word);
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(p.accountDeleted).waitFor();
    expect((await context.request.get(s.app.baseUrl + '/api/me')).status()).toBe(401);
    expect((await context.request.get(s.app.baseUrl + avatarUrl)).status()).toBe(404);
    const again = await context.request.post(`${s.app.baseUrl}/api/auth/sign-in/email`, {
      data: { email: user.email, password: user.password },
      headers: { origin: s.app.baseUrl },
    });
    expect(again.status()).toBe(401);

    // The profile is out of reach now.
    await page.goto(s.app.baseUrl + '/home/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
  });
});

describe('signing out', () => {
  it('forgets the conversation kept in this browser', async () => {
    const { page } = await openPage(s.browser);
    await signedInUser(page.context(), s.app);
    await page.goto(s.app.baseUrl + '/home/chat');
    await page.getByText(ui('en').chatFirstVisit, { exact: false }).waitFor();
    await expect.poll(() => storedConversations(page), POLL).toBeGreaterThan(0);

    await signOutViaHeader(page);

    await expect.poll(() => storedConversations(page), POLL).toBe(0);
    await page.goto(s.app.baseUrl + '/home/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth');
  });
});

describe('on a phone (375 px)', () => {
  it('fits the width, and so does the close-account dialog', async () => {
    const p = profileUi('fr');
    const { page } = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signedInUser(page.context(), s.app, { language: 'fr' });
    await openProfile(page, 'fr');
    await page.getByText(p.subscriptionFree).waitFor();
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: p.closeAccount }).click();
    const dialog = page.getByRole('alertdialog', { name: p.closeDialog });
    await dialog.waitFor();
    await expectNoHorizontalOverflow(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});
