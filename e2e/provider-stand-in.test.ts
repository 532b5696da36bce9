// A chosen AI service that does not answer, in English and in French: saving its address after a failed Test asks
// first; once saved, the person's message is still answered — by the built-in companion, said in a quiet line under
// the reply, with no error toast — and the AI tab warns the administrator that the service is not answering.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStandIn } from '@tests/support/openai-stand-in';
import { verifyAddresses } from './support/admin-db';
import { openPage } from './support/browser';
import { openChat, readMessages, sendAndWaitForReply } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi } from './support/users';

// An address where nothing listens: a stand-in's own, once closed.
const gone = await startOpenAiStandIn();
await gone.close();

// Copied from src/web/locales/{en,fr}/admin.json and chat.json (key noted).
const texts = {
  en: {
    section: 'Conversation', // admin:ai.chat.title
    endpoint: 'An OpenAI-compatible service', // admin:ai.source.endpoint
    offline: 'Built-in, offline', // admin:ai.source.offline
    preset: 'Service', // admin:ai.preset
    other: 'Other', // admin:ai.presets.other
    baseUrl: 'Base URL', // admin:ai.baseUrl
    model: 'Model', // admin:ai.model
    test: 'Test', // admin:ai.test.label
    unreachable: 'It did not work. Nothing answers at this address. Check the address and that the service is running.',
    save: 'Save changes', // admin:settings.save
    confirmTitle: 'Save an address that has not answered?', // admin:ai.confirmSave.title
    confirmBody: 'Its last Test failed. If it does not answer, the built-in companion will answer people instead.', // confirmSave.failed + meanwhile.chat
    confirm: 'Save anyway', // admin:ai.confirmSave.confirm
    saved: 'Conversation: saved. It applies from the next request.', // admin:ai.saved
    standIn: 'Answered by the built-in companion: the AI service did not answer.', // chat:standIn
    errorToast: 'Error generating response', // errors:CHAT_PROVIDER_FAILED
    failing: /^The service did not answer its last call \(unreachable\), since .+\. Meanwhile the built-in companion answers people; this clears itself at the next call that works\.$/, // admin:ai.failing.chat
  },
  fr: {
    section: 'Conversation',
    endpoint: 'Un service compatible OpenAI',
    offline: 'Intégré, hors ligne',
    preset: 'Service',
    other: 'Autre',
    baseUrl: 'URL de base',
    model: 'Modèle',
    test: 'Tester',
    unreachable: 'Ça n’a pas fonctionné. Rien ne répond à cette adresse. Vérifie l’adresse et que le service est bien lancé.',
    save: 'Enregistrer',
    confirmTitle: 'Enregistrer une adresse qui n’a pas répondu\u00a0?',
    confirmBody: 'Son dernier test a échoué. Si elle ne répond pas, la compagne intégrée répondra aux personnes à sa place.',
    confirm: 'Enregistrer quand même',
    saved: 'Conversation\u00a0: enregistré. Cela s’applique dès la prochaine demande.',
    standIn: 'Réponse de la compagne intégrée\u00a0: le service d’IA n’a pas répondu.',
    errorToast: 'Erreur lors de la génération de la réponse',
    failing: /^Le service n’a pas répondu à son dernier appel \(injoignable\), depuis .+\. En attendant, la compagne intégrée répond aux personnes\u00a0; cela se rétablit seul au prochain appel réussi\.$/,
  },
};

const ADMINS = { en: `standin-en-${randomBytes(4).toString('hex')}@example.test`, fr: `standin-fr-${randomBytes(4).toString('hex')}@example.test` };
const s = setupSuite({ app: { env: { ADMIN_EMAILS: Object.values(ADMINS).join(','), CHAT_OFFLINE_DELAY_MS: '0', AI_TIMEOUT_SECONDS: '2' } } });
const USERS = { en: newUser({ email: ADMINS.en, language: 'en', firstName: 'Alex' }), fr: newUser({ email: ADMINS.fr, language: 'fr', firstName: 'Alex' }) };
beforeAll(async () => {
  for (const user of Object.values(USERS)) await registerViaApi(s.app, user);
  await verifyAddresses(s.app, Object.values(ADMINS));
});

async function chatSection(page: Page, lang: 'en' | 'fr') {
  await page.goto(`${s.app.baseUrl}/home/admin?tab=ai`);
  const section = page.getByRole('region', { name: texts[lang].section, exact: true });
  await section.waitFor();
  return section;
}

describe.each(['en', 'fr'] as const)('an AI service that does not answer (%s)', (lang) => {
  const x = texts[lang];

  it('asks before saving it, answers the person with the built-in companion, and warns the administrator', async () => {
    const { page, context } = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    await signInViaApi(context, s.app, USERS[lang]);
    const section = await chatSection(page, lang);

    await section.getByRole('radio', { name: x.endpoint }).check();
    await section.getByLabel(x.preset, { exact: true }).selectOption({ label: x.other });
    await section.getByLabel(x.baseUrl, { exact: true }).fill(gone.baseUrl);
    await section.getByLabel(x.model, { exact: true }).fill('stand-in-model');
    await section.getByRole('button', { name: x.test, exact: true }).click();
    await section.getByTestId('admin-ai-chat-test-result').getByText(x.unreachable, { exact: true }).waitFor();

    // Saving after the failed Test asks first.
    await section.getByRole('button', { name: x.save, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: x.confirmTitle });
    await dialog.waitFor();
    expect((await dialog.getByText(x.confirmBody.split('. ')[0]!, { exact: false }).textContent())?.replace(/\s+/g, ' ').trim()).toBe(x.confirmBody);
    await dialog.getByRole('button', { name: x.confirm, exact: true }).click();
    await page.getByRole('region', { name: ui(lang).toasts }).getByText(x.saved, { exact: true }).waitFor();

    // The person is answered all the same, and told quietly by whom; no error toast.
    await openChat(page, s.app);
    const reply = await sendAndWaitForReply(page, lang === 'fr' ? 'Une longue journée au travail.' : 'A long day at work.', lang);
    expect(reply.length).toBeGreaterThan(10);
    // Until the instance's configuration arrives the line is in neutral words; then it agrees with the companion.
    await page.getByTestId('chat-stand-in').getByText(x.standIn, { exact: true }).waitFor();
    expect(await page.getByTestId('chat-stand-in').count()).toBe(1);
    expect((await readMessages(page)).filter((m) => m.kind === 'fallback')).toEqual([]);
    expect(await page.getByRole('region', { name: ui(lang).toasts }).getByText(x.errorToast).count()).toBe(0);

    // The administrator sees it in the AI tab; back to the built-in companion for the next run.
    const again = await chatSection(page, lang);
    expect(await again.getByTestId('admin-ai-chat-failing').textContent()).toMatch(x.failing);
    await again.getByRole('radio', { name: x.offline }).check();
    await again.getByRole('button', { name: x.save, exact: true }).click();
    await page.getByRole('region', { name: ui(lang).toasts }).getByText(x.saved, { exact: true }).waitFor();
    await again.getByTestId('admin-ai-chat-failing').waitFor({ state: 'detached' });
  });
});
