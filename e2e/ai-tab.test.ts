// The AI tab, in English and in French: an administrator points the conversation at an OpenAI-compatible
// service from the panel (no environment variable, no restart), tries a wrong address and then the right
// one with Test, saves, and the next chat reply streams from that service; switching back to the built-in
// companion works the same way. The key typed is never shown again. The private model run by the server
// is chosen the same way: a tiny GGUF model the test places in the data folder (random weights: its words are
// noise), Test answers, and the chat says the person is talking with an AI that runs on this server.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAddresses } from './support/admin-db';
import { DESKTOP, openPage } from './support/browser';
import { openChat, sendAndWaitForReply } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { truncatedControls } from './support/truncation';
import { newUser, registerViaApi, signInViaApi } from './support/users';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startOpenAiStandIn } from '@tests/support/openai-stand-in';
import { writeTinyModel } from '@tests/support/tiny-gguf';

const KEY = `sk-e2e-${randomBytes(12).toString('hex')}`;
const standIn = await startOpenAiStandIn({ requiredKey: KEY, chunks: ['A reply ', 'from the ', 'service ', 'chosen in ', 'the AI tab.'] });
// An address where nothing listens: a stand-in's own, once closed.
const gone = await startOpenAiStandIn();
await gone.close();
afterAll(() => standIn.close());

// Copied from src/web/locales/{en,fr}/admin.json (key noted).
const texts = {
  en: {
    title: 'Administrator Panel', // admin:title
    tab: 'AI', // admin:tabs.ai
    section: 'Conversation', // admin:ai.chat.title
    endpoint: 'An OpenAI-compatible service', // admin:ai.source.endpoint
    offline: 'Built-in, offline', // admin:ai.source.offline
    local: 'Private AI on this server', // admin:ai.source.local
    preset: 'Service', // admin:ai.preset
    other: 'Other', // admin:ai.presets.other
    baseUrl: 'Base URL', // admin:ai.baseUrl
    apiKey: 'API key', // admin:ai.apiKey
    model: 'Model', // admin:ai.model
    test: 'Test', // admin:ai.test.label
    models: "Show the service's models", // admin:ai.loadModels
    modelsFound: '3 models found: pick one in the Model field.', // admin:ai.modelsFound_other
    works: /^It works: the service answered in \d+ ms\.$/, // admin:ai.test.ok
    unreachable: 'It did not work. Nothing answers at this address. Check the address and that the service is running.', // admin:ai.test.notOk + reasons.unreachable
    save: 'Save changes', // admin:settings.save
    saved: 'Conversation: saved. It applies from the next request.', // admin:ai.saved
    activeEndpoint: 'Answering now: OpenAI-compatible service', // admin:ai.active + providerNames.openai-compatible
    activeOffline: 'Answering now: offline companion', // admin:ai.active + providerNames.offline-companion
    modelFile: 'Model file', // admin:ai.local.file
    localReady: 'State: ready', // admin:ai.local.stateLine + local.states.ready
    localWorks: /^It works: the model answered in \d+ ms\.$/, // admin:ai.local.testOk
    activeLocal: 'Answering now: private model on this server', // admin:ai.active + providerNames.local-model
    disclosureLocal: /^You're talking with Mira, an AI companion that runs privately on this server: what you write is not sent anywhere else\./, // chat:disclosure.local
  },
  fr: {
    title: 'Panneau d’administration',
    tab: 'IA',
    section: 'Conversation',
    endpoint: 'Un service compatible OpenAI',
    offline: 'Intégré, hors ligne',
    local: 'IA privée sur ce serveur',
    preset: 'Service',
    other: 'Autre',
    baseUrl: 'URL de base',
    apiKey: 'Clé d’API',
    model: 'Modèle',
    test: 'Tester',
    models: 'Afficher les modèles du service',
    modelsFound: '3 modèles trouvés\u00a0: choisis-en un dans le champ Modèle.',
    works: /^Ça fonctionne\u00a0: le service a répondu en \d+\u00a0ms\.$/,
    unreachable: 'Ça n’a pas fonctionné. Rien ne répond à cette adresse. Vérifie l’adresse et que le service est bien lancé.',
    save: 'Enregistrer',
    saved: 'Conversation\u00a0: enregistré. Cela s’applique dès la prochaine demande.',
    activeEndpoint: 'Répond en ce moment\u00a0: un service compatible OpenAI',
    activeOffline: 'Répond en ce moment\u00a0: la compagne hors ligne',
    modelFile: 'Fichier du modèle',
    localReady: 'État\u00a0: prêt',
    localWorks: /^Ça marche\u00a0: le modèle a répondu en \d+\u00a0ms\.$/,
    activeLocal: 'Répond en ce moment\u00a0: le modèle privé de ce serveur',
    disclosureLocal: /^Tu parles avec Mira, une compagne animée par une IA qui tourne en privé sur ce serveur\u00a0: ce que tu écris n’est envoyé nulle part ailleurs\./,
  },
};

const ADMINS = { en: `ai-admin-en-${randomBytes(4).toString('hex')}@example.test`, fr: `ai-admin-fr-${randomBytes(4).toString('hex')}@example.test` };
const LOCAL_ADMINS = { en: `ai-local-en-${randomBytes(4).toString('hex')}@example.test`, fr: `ai-local-fr-${randomBytes(4).toString('hex')}@example.test` };
// One compute thread for the private model: the machine's other cores belong to the browser and the other tests.
const s = setupSuite({ app: { env: { ADMIN_EMAILS: [...Object.values(ADMINS), ...Object.values(LOCAL_ADMINS)].join(','), CHAT_OFFLINE_DELAY_MS: '0', LOCAL_MODEL_THREADS: '1' } } });
const ADMIN_USERS = { en: newUser({ email: ADMINS.en, language: 'en', firstName: 'Alex' }), fr: newUser({ email: ADMINS.fr, language: 'fr', firstName: 'Alex' }) };
const LOCAL_ADMIN_USERS = { en: newUser({ email: LOCAL_ADMINS.en, language: 'en', firstName: 'Alex' }), fr: newUser({ email: LOCAL_ADMINS.fr, language: 'fr', firstName: 'Alex' }) };
beforeAll(async () => {
  const everyone = [...Object.values(ADMIN_USERS), ...Object.values(LOCAL_ADMIN_USERS)];
  for (const user of everyone) await registerViaApi(s.app, user);
  // A listed address is administrator once verified: one restart verifies all four, as their e-mail links would.
  await verifyAddresses(s.app, everyone.map((user) => user.email));
});

const toast = (page: Page, lang: 'en' | 'fr', text: string) => page.getByRole('region', { name: ui(lang).toasts }).getByText(text, { exact: true });

async function openAiTab(page: Page, lang: 'en' | 'fr'): Promise<Locator> {
  const x = texts[lang];
  await page.goto(`${s.app.baseUrl}/home/admin?tab=ai`);
  await page.getByRole('heading', { level: 1, name: x.title }).waitFor();
  expect(await page.getByRole('tab', { name: x.tab, exact: true }).getAttribute('aria-selected')).toBe('true');
  const section = page.getByRole('region', { name: x.section, exact: true });
  await section.waitFor();
  return section;
}

describe.each(['en', 'fr'] as const)('the AI tab (%s)', (lang) => {
  const x = texts[lang];

  it('connects the conversation to a service with Test and Save, then goes back to the built-in companion', async () => {
    const { page, context } = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    const admin = ADMIN_USERS[lang];
    await signInViaApi(context, s.app, admin);
    const section = await openAiTab(page, lang);

    expect(await section.getByRole('radio', { name: x.local }).isDisabled()).toBe(false);
    await section.getByRole('radio', { name: x.endpoint }).check();
    await section.getByLabel(x.preset, { exact: true }).selectOption({ label: x.other });
    const baseUrl = section.getByLabel(x.baseUrl, { exact: true });
    const key = section.getByLabel(x.apiKey, { exact: true });
    expect(await key.getAttribute('type')).toBe('password');
    await key.fill(KEY);
    await section.getByLabel(x.model, { exact: true }).fill('stand-in-model');
    const result = section.getByTestId('admin-ai-chat-test-result');

    // A wrong address: the failure, in plain words.
    await baseUrl.fill(gone.baseUrl);
    await section.getByRole('button', { name: x.test, exact: true }).click();
    await result.getByText(x.unreachable, { exact: true }).waitFor();

    // The right one: the latency. And the service's own models.
    await baseUrl.fill(standIn.baseUrl);
    await section.getByRole('button', { name: x.test, exact: true }).click();
    await result.getByText(x.works).waitFor();
    await section.getByRole('button', { name: x.models, exact: true }).click();
    await section.getByText(x.modelsFound, { exact: true }).waitFor();

    await section.getByRole('button', { name: x.save, exact: true }).click();
    await toast(page, lang, x.saved).waitFor();
    await section.getByText(x.activeEndpoint, { exact: true }).waitFor();
    // The key field is empty again and the page holds only its mask.
    expect(await key.inputValue()).toBe('');
    expect(await page.content()).not.toContain(KEY.slice(3));
    expect(await page.content()).toContain(`sk-…${KEY.slice(-4)}`);

    // The next reply streams from the service, with the key it was given.
    const asked = standIn.chats().length;
    await openChat(page, s.app);
    expect(await sendAndWaitForReply(page, lang === 'fr' ? 'Une journée calme au bord de l’eau.' : 'A calm day by the water.', lang)).toBe(standIn.reply);
    expect(standIn.chats().length).toBe(asked + 1);
    expect(standIn.chats().at(-1)!.authorization).toBe(`Bearer ${KEY}`);

    // Back to the built-in companion, the same way.
    const again = await openAiTab(page, lang);
    await again.getByRole('radio', { name: x.offline }).check();
    await again.getByRole('button', { name: x.save, exact: true }).click();
    await again.getByText(x.activeOffline, { exact: true }).waitFor();
    await openChat(page, s.app);
    expect(await sendAndWaitForReply(page, lang === 'fr' ? 'Encore un mot.' : 'One more word.', lang)).not.toBe(standIn.reply);
    expect(standIn.chats().length).toBe(asked + 1);
  });

  it('chooses the private model of this server: Test answers, and the chat says who the person is talking to', async () => {
    const { page, context } = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    const admin = LOCAL_ADMIN_USERS[lang];
    const fileName = `tiny-${lang}.gguf`;
    await mkdir(path.join(s.app.dataDir, 'models'), { recursive: true });
    await writeTinyModel(path.join(s.app.dataDir, 'models', fileName));
    await signInViaApi(context, s.app, admin);
    const section = await openAiTab(page, lang);

    await section.getByRole('radio', { name: x.local }).check();
    await section.getByLabel(x.modelFile, { exact: true }).selectOption(fileName);
    await section.getByText(x.localReady, { exact: true }).waitFor();
    await section.getByTestId('admin-ai-chat-local-test').click();
    // The first Test starts the model's worker and loads the file.
    await section.getByTestId('admin-ai-chat-local-test-result').getByText(x.localWorks).waitFor({ timeout: 60_000 });

    // On a phone (390 px) the panel — files, suggested downloads, the address form — fits, every label whole.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await truncatedControls(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await section.getByRole('button', { name: x.save, exact: true }).click();
    await toast(page, lang, x.saved).waitFor();
    await section.getByText(x.activeLocal, { exact: true }).waitFor();

    // The person is told, once, that the AI runs on this server; its reply streams in as any other.
    await openChat(page, s.app);
    await page.getByText(x.disclosureLocal).waitFor();
    expect((await sendAndWaitForReply(page, lang === 'fr' ? 'Une soirée tranquille.' : 'A quiet evening.', lang)).length).toBeGreaterThan(0);

    const again = await openAiTab(page, lang);
    await again.getByRole('radio', { name: x.offline }).check();
    await again.getByRole('button', { name: x.save, exact: true }).click();
    await again.getByText(x.activeOffline, { exact: true }).waitFor();
  });
});
