// A fresh instance, in English and in French: the administrator opens the panel and sees what is still on its
// built-in defaults — each item not yet done, with the tab that sets it — and the private model offered with its
// size and the memory it needs; hidden, the list stays hidden after a reload.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAddresses } from './support/admin-db';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { newUser, registerViaApi, signInViaApi } from './support/users';

// Copied from src/web/locales/{en,fr}/admin.json (key noted).
const texts = {
  en: {
    title: 'Setting up Souvenir', // admin:setup.title
    items: ['How the companion thinks', 'Voice messages', 'E-mail', 'Access and billing', 'Backups'], // admin:setup.items.*
    model: /Private AI on this server: Qwen2\.5 1\.5B Instruct \(Q4_K_M\), a 1(?:\.\d)? GB download that needs about 2 GB of memory\./, // admin:setup.privateModel
    hide: 'Hide this list', // admin:setup.dismiss
  },
  fr: {
    title: 'Mettre Souvenir en place',
    items: ['Comment pense la compagne', 'Messages vocaux', 'E-mail', 'Accès et paiement', 'Sauvegardes'],
    model: /IA privée sur ce serveur\u00a0: Qwen2\.5 1\.5B Instruct \(Q4_K_M\), un téléchargement de 1(?:,\d)?[\s\u202f]Go qui demande environ 2[\s\u202f]Go de mémoire\./,
    hide: 'Masquer cette liste',
  },
};

const ADMINS = { en: `setup-en-${randomBytes(4).toString('hex')}@example.test`, fr: `setup-fr-${randomBytes(4).toString('hex')}@example.test` };
const s = setupSuite({ app: { env: { ADMIN_EMAILS: Object.values(ADMINS).join(',') } } });
const USERS = { en: newUser({ email: ADMINS.en, language: 'en', firstName: 'Alex' }), fr: newUser({ email: ADMINS.fr, language: 'fr', firstName: 'Alex' }) };
beforeAll(async () => {
  for (const user of Object.values(USERS)) await registerViaApi(s.app, user);
  await verifyAddresses(s.app, Object.values(ADMINS));
});

describe.each(['en', 'fr'] as const)('the setup list of a fresh instance (%s)', (lang) => {
  const x = texts[lang];

  it('lists what is not yet set up, with its tab and the private model, and can be hidden', async () => {
    const { page, context } = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    await signInViaApi(context, s.app, USERS[lang]);
    await page.goto(`${s.app.baseUrl}/home/admin`);
    const list = page.getByRole('region', { name: x.title, exact: true });
    await list.waitFor();
    const links = list.getByRole('link');
    expect(await links.allTextContents()).toEqual(x.items);
    expect(await links.evaluateAll((items) => items.map((a) => a.getAttribute('href')))).toEqual([
      '/home/admin?tab=ai',
      '/home/admin?tab=ai',
      '/home/admin?tab=email',
      '/home/admin?tab=global',
      '/home/admin?tab=global',
    ]);
    expect(await list.locator('[data-done="false"]').count()).toBe(5);
    await expect.poll(() => list.getByTestId('admin-setup-companion').textContent()).toMatch(x.model);

    // The AI item leads to the AI tab.
    await links.first().click();
    await page.getByRole('region', { name: 'Conversation', exact: true }).waitFor();

    await list.getByRole('button', { name: x.hide, exact: true }).click();
    await list.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: x.title, exact: true }).count()).toBe(0);
  });
});
