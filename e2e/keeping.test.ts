// Conversations kept across devices, end to end encrypted: written and kept on one device, read on a phone
// after unlocking with the passphrase (a wrong one is refused plainly), and on a third device with the
// recovery key. Sign-out leaves nothing readable behind.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat, sendAndWaitForReply } from './support/chat';
import { keepingTexts, viewConversation, viewConversationFr } from './support/keeping-locale';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, signOutViaHeader } from './support/users';

const s = setupSuite();
const k = keepingTexts.en;
const t = ui('en');

const phrase = `silver-heron-${randomBytes(4).toString('hex')}`;
const passphrase = 'tide pools and lanterns at dusk';
const person = newUser();
let memoryPath = '';
let recoveryKey = '';

/** Opens the memory's conversation on this device and answers the dialog. */
async function openConversation(page: Page) {
  await page.goto(s.app.baseUrl + memoryPath);
  await page.getByRole('button', { name: viewConversation }).click();
  return page.getByTestId('conversation-dialog');
}

/** IndexedDB, localStorage and sessionStorage of this page, as text: what a thief of the device would find. */
const deviceStorage = (page: Page) =>
  page.evaluate(async () => {
    const dump = async (name: string) =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) return resolve('');
          const tx = db.transaction(stores, 'readonly');
          const parts: string[] = [];
          for (const store of stores) {
            const all = tx.objectStore(store).getAll();
            all.onsuccess = () => parts.push(`${store}:${all.result.length}:${JSON.stringify(all.result)}`);
          }
          tx.oncomplete = () => resolve(parts.join('\n'));
        };
        request.onerror = () => resolve('');
      });
    const webStorage = (storage: Storage) => JSON.stringify(Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)])));
    return [await dump('souvenir-conversations'), await dump('souvenir-keeping'), `local:${webStorage(localStorage)}`, `session:${webStorage(sessionStorage)}`].join('\n');
  });

describe('keeping conversations on every device', () => {
  it('on the first device: writes, makes the memory, accepts keeping and is shown the recovery key once', async () => {
    await registerViaApi(s.app, person);
    const { page, context } = await openPage(s.browser);
    await signInViaApi(context, s.app, person);
    await openChat(page, s.app);
    await sendAndWaitForReply(page, `This evening I watched a ${phrase} by the harbour.`);
    await page.getByRole('button', { name: t.chatFinish }).click();
    await page.waitForURL((url) => /^\/home\/memories\/[0-9a-f-]+$/.test(url.pathname), { timeout: 30_000 });
    memoryPath = new URL(page.url()).pathname;

    // The offer, after the first memory, with its plain warning in the dialog.
    const offer = page.getByTestId('keeping-offer');
    await offer.getByRole('heading', { name: k.offer.title }).waitFor();
    await offer.getByRole('button', { name: k.offer.accept }).click();
    const dialog = page.getByTestId('keeping-setup-dialog');
    await dialog.getByText(k.setup.warning).waitFor();
    // Refused until it is long enough, typed twice and the warning acknowledged.
    await dialog.getByLabel(k.setup.passphrase, { exact: true }).fill('short');
    await dialog.getByRole('button', { name: k.setup.submit }).click();
    await dialog.getByText(k.setup.mustUnderstand).waitFor();
    await dialog.getByLabel(k.setup.passphrase, { exact: true }).fill(passphrase);
    await dialog.getByLabel(k.setup.confirm).fill(passphrase);
    await dialog.getByLabel(k.setup.understand).check();
    await dialog.getByRole('button', { name: k.setup.submit }).click();
    const key = dialog.getByTestId('recovery-key');
    await key.waitFor({ timeout: 20_000 });
    recoveryKey = await key.inputValue();
    expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
    expect(await dialog.getByRole('button', { name: k.recovery.done }).isDisabled()).toBe(true);
    await dialog.getByLabel(k.recovery.saved).check();
    await dialog.getByRole('button', { name: k.recovery.done }).click();
    await dialog.waitFor({ state: 'detached' });

    // The conversation went to the server, as ciphertext only.
    const status = await (await context.request.get(`${s.app.baseUrl}/api/keeping`)).json();
    expect(status).toMatchObject({ enabled: true, conversations: 1 });
    const list = await (await context.request.get(`${s.app.baseUrl}/api/keeping/conversations`)).json();
    const kept = await (await context.request.get(`${s.app.baseUrl}/api/keeping/conversations/${list.items[0].conversationId}`)).text();
    expect(kept).not.toContain(phrase);

    // Signing out leaves neither the conversation nor the key on this device (which held both until then).
    expect(await deviceStorage(page)).toContain(phrase);
    expect(await deviceStorage(page)).toContain('keys:1:');
    await signOutViaHeader(page);
    await expect.poll(() => deviceStorage(page)).toContain('keys:0:');
    await expect.poll(() => deviceStorage(page)).toContain('conversations:0:');
    expect(await deviceStorage(page)).not.toContain(phrase);
  });

  it('on a phone: the wrong passphrase is refused plainly, the right one opens the conversation', async () => {
    const { page, context } = await openPage(s.browser, { mobile: true });
    await signInViaApi(context, s.app, person);
    const dialog = await openConversation(page);
    const form = dialog.getByTestId('keeping-unlock-form');
    await form.getByText(k.dialog.locked).or(dialog.getByText(k.dialog.locked)).first().waitFor();
    await form.getByLabel(k.unlock.passphrase).fill('tide pools and lanterns at dawn');
    await form.getByRole('button', { name: k.unlock.submit }).click();
    await form.getByRole('alert').getByText(k.unlock.wrongPassphrase).waitFor({ timeout: 20_000 });

    await form.getByLabel(k.unlock.passphrase).fill(passphrase);
    await form.getByRole('button', { name: k.unlock.submit }).click();
    const transcript = dialog.getByTestId('conversation-transcript');
    await transcript.waitFor({ timeout: 20_000 });
    expect(await transcript.textContent()).toContain(phrase);
    // Read from memory, never written to this device's store.
    expect(await deviceStorage(page)).not.toContain(phrase);

    // The readable copy is made here, from the ciphertext, into a file on this device.
    await page.keyboard.press('Escape');
    await page.goto(`${s.app.baseUrl}/home/profile`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: k.profile.download }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^souvenir-conversations-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toContain(k.profile.fileTitle);
    expect(text).toContain(phrase);
  });

  it('on a third device: the recovery key opens it too', async () => {
    const { page, context } = await openPage(s.browser);
    await signInViaApi(context, s.app, person);
    const dialog = await openConversation(page);
    const form = dialog.getByTestId('keeping-unlock-form');
    await form.getByRole('button', { name: k.unlock.useRecovery }).click();
    await form.getByLabel(k.unlock.recoveryKey).fill('0000-0000-0000-0000-0000-0000-0000-0000');
    await form.getByRole('button', { name: k.unlock.submit }).click();
    await form.getByRole('alert').getByText(k.unlock.wrongRecovery).waitFor();
    await form.getByLabel(k.unlock.recoveryKey).fill(recoveryKey.toLowerCase().replaceAll('-', ' '));
    await form.getByRole('button', { name: k.unlock.submit }).click();
    const transcript = dialog.getByTestId('conversation-transcript');
    await transcript.waitFor({ timeout: 20_000 });
    expect(await transcript.textContent()).toContain(phrase);
  });

  it('someone who declines keeps today’s behaviour: the conversation is on the device that wrote it only', async () => {
    const other = await registerViaApi(s.app, newUser());
    const { page, context } = await openPage(s.browser);
    await signInViaApi(context, s.app, other);
    await openChat(page, s.app);
    await sendAndWaitForReply(page, 'A quiet walk in the rain.');
    await page.getByRole('button', { name: t.chatFinish }).click();
    await page.waitForURL((url) => /^\/home\/memories\/[0-9a-f-]+$/.test(url.pathname), { timeout: 30_000 });
    const offer = page.getByTestId('keeping-offer');
    await offer.getByRole('button', { name: k.offer.decline }).click();
    await offer.waitFor({ state: 'detached' });
    // The answer is the account's: no other device makes the offer again.
    expect(await (await context.request.get(`${s.app.baseUrl}/api/keeping`)).json()).toMatchObject({ enabled: false, offerDeclined: true, conversations: 0 });

    const phone = await openPage(s.browser, { mobile: true });
    await signInViaApi(phone.context, s.app, other);
    await phone.page.goto(page.url());
    await phone.page.getByRole('button', { name: viewConversation }).click();
    await phone.page.getByTestId('conversation-not-here').getByRole('link', { name: k.dialog.openProfile }).waitFor();
  });
});

describe('en français, sur un téléphone puis un ordinateur', () => {
  const kf = keepingTexts.fr;
  const phraseFr = `héron-argenté-${randomBytes(4).toString('hex')}`;
  const secret = 'lanternes sur le port au crépuscule';
  const personne = newUser({ language: 'fr', firstName: 'Inès' });
  let path = '';

  it('au téléphone : écrit, crée le souvenir, garde ses conversations et voit la clé de secours une fois', async () => {
    await registerViaApi(s.app, personne);
    const { page, context } = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signInViaApi(context, s.app, personne);
    await openChat(page, s.app);
    await sendAndWaitForReply(page, `Ce soir j’ai vu un ${phraseFr} près du port.`, 'fr');
    await page.getByTestId('chat-generate-mobile').click();
    await page.waitForURL((url) => /^\/home\/memories\/[0-9a-f-]+$/.test(url.pathname), { timeout: 30_000 });
    path = new URL(page.url()).pathname;

    const offer = page.getByTestId('keeping-offer');
    await offer.getByRole('heading', { name: kf.offer.title }).waitFor();
    await offer.getByRole('button', { name: kf.offer.accept }).click();
    const dialog = page.getByRole('dialog', { name: kf.setup.title });
    await dialog.getByText(kf.setup.warning).waitFor();
    await dialog.getByLabel(kf.setup.passphrase, { exact: true }).fill('trop court');
    await dialog.getByLabel(kf.setup.confirm).fill('trop court');
    await dialog.getByRole('button', { name: kf.setup.submit }).click();
    await dialog.getByText(kf.setup.passphraseTooShort).waitFor();
    await dialog.getByText(kf.setup.mustUnderstand).waitFor();
    await dialog.getByLabel(kf.setup.passphrase, { exact: true }).fill(secret);
    await dialog.getByLabel(kf.setup.confirm).fill(secret);
    await dialog.getByLabel(kf.setup.understand).check();
    await dialog.getByRole('button', { name: kf.setup.submit }).click();
    const recovery = page.getByRole('dialog', { name: kf.recovery.title });
    await recovery.getByTestId('recovery-key').waitFor({ timeout: 20_000 });
    // At 390 px the dialog fits the screen's width: nothing runs off its side.
    const box = (await recovery.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await recovery.getByLabel(kf.recovery.saved).check();
    await recovery.getByRole('button', { name: kf.recovery.done }).click();
    await recovery.waitFor({ state: 'detached' });
    await offer.waitFor({ state: 'detached' });
    expect(await (await context.request.get(`${s.app.baseUrl}/api/keeping`)).json()).toMatchObject({ enabled: true, conversations: 1 });

    expect(await deviceStorage(page)).toContain(phraseFr);
    await signOutViaHeader(page, 'fr');
    await expect.poll(() => deviceStorage(page)).toContain('keys:0:');
    expect(await deviceStorage(page)).not.toContain(phraseFr);
  });

  it('sur un ordinateur : la mauvaise phrase secrète est refusée en français, la bonne ouvre la conversation', async () => {
    const { page, context } = await openPage(s.browser, { locale: 'fr-FR' });
    await signInViaApi(context, s.app, personne);
    await page.goto(s.app.baseUrl + path);
    await page.getByRole('button', { name: viewConversationFr }).click();
    const dialog = page.getByTestId('conversation-dialog');
    await dialog.getByText(kf.dialog.locked).waitFor();
    const form = dialog.getByTestId('keeping-unlock-form');
    await form.getByLabel(kf.unlock.passphrase).fill('lanternes sur le port à l’aube');
    await form.getByRole('button', { name: kf.unlock.submit }).click();
    await form.getByRole('alert').getByText(kf.unlock.wrongPassphrase).waitFor({ timeout: 20_000 });
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await form.getByLabel(kf.unlock.passphrase).fill(secret);
    await form.getByRole('button', { name: kf.unlock.submit }).click();
    const transcript = dialog.getByTestId('conversation-transcript');
    await transcript.waitFor({ timeout: 20_000 });
    expect(await transcript.textContent()).toContain(phraseFr);
    expect(await deviceStorage(page)).not.toContain(phraseFr);
  });
});
