// Single sign-on in a real browser, through a real OpenID provider run in this process
// (tests/support/oidc-provider.ts): the button on /auth, the provider's own sign-in page, back on /home; in
// English on a desktop and in French on a phone; then an administrator turns password sign-in off from the
// Global tab and the sign-in page offers single sign-on alone.
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOidcProvider, type OidcProviderStandIn } from '@tests/support/oidc-provider';
import { startApp, type RunningApp } from './support/app';
import { launchBrowser, openPage, pathOf, waitForHydration } from './support/browser';
import { ui } from './support/texts';

const ADMIN = `sso-admin-${randomBytes(4).toString('hex')}@example.test`;
const TEXTS = {
  en: { continue: 'Continue with Test IdP', only: "On this Souvenir, people sign in through their organisation's account." },
  fr: { continue: 'Continuer avec Test IdP', only: 'Sur ce Souvenir, on se connecte avec le compte de son organisation.' },
};

let idp: OidcProviderStandIn;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The provider first: the app finds it by discovery when it starts.
  idp = await startOidcProvider();
  [app, browser] = await Promise.all([
    startApp({ template: inject('e2eDataTemplate'), env: { OIDC_ISSUER_URL: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_BUTTON_LABEL: 'Test IdP', ADMIN_EMAILS: ADMIN } }),
    launchBrowser(),
  ]);
  idp.allowApp(app.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.close();
});

/** From the app's sign-in page through the provider's form and back to /home. */
async function signInThroughProvider(page: import('playwright-core').Page, lang: 'en' | 'fr', email: string) {
  await page.goto(`${app.baseUrl}/auth`);
  await waitForHydration(page);
  await page.getByRole('button', { name: TEXTS[lang].continue }).click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === app.baseUrl && url.pathname === '/home');
}

describe('signing in through the OpenID provider', () => {
  it('in English on a desktop: a new person lands on their home page', async () => {
    const { page } = await openPage(browser);
    const email = `noor-${randomBytes(4).toString('hex')}@example.test`;
    idp.addPerson({ email, emailVerified: true, name: 'Noor' });
    await signInThroughProvider(page, 'en', email);
    await page.getByRole('heading', { name: ui('en').greeting('Noor') }).waitFor();
  });

  it('in French on a phone: the French button, then a French home page', async () => {
    const { page } = await openPage(browser, { mobile: true, locale: 'fr-FR' });
    const email = `ines-${randomBytes(4).toString('hex')}@example.test`;
    idp.addPerson({ email, emailVerified: true, name: 'Inès' });
    await signInThroughProvider(page, 'fr', email);
    await page.getByRole('heading', { name: ui('fr').greeting('Inès') }).waitFor();
  });
});

describe('password sign-in switched off', () => {
  it('by an administrator who came in through single sign-on; then /auth offers only single sign-on', async () => {
    const { page } = await openPage(browser);
    idp.addPerson({ email: ADMIN, emailVerified: true, name: 'Alex' });
    await signInThroughProvider(page, 'en', ADMIN);

    await page.goto(`${app.baseUrl}/home/admin?tab=global`);
    const card = page.getByRole('region', { name: 'Sign-in' });
    await card.getByText('Test IdP (').waitFor();
    await card.getByRole('button', { name: 'Turn password sign-in off' }).click();
    await page.getByText('Password sign-in is off: single sign-on only').first().waitFor();
    expect(await card.getByTestId('admin-password-sign-in').textContent()).toBe('Off: single sign-on only');

    for (const lang of ['en', 'fr'] as const) {
      const { page: visitor } = await openPage(browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
      await visitor.goto(`${app.baseUrl}/auth`);
      await visitor.getByText(TEXTS[lang].only).waitFor();
      expect(await visitor.getByRole('button', { name: TEXTS[lang].continue }).isVisible()).toBe(true);
      expect(await visitor.getByLabel(lang === 'fr' ? 'Mot de passe' : 'Password').count()).toBe(0);
      expect(await visitor.getByRole('tab').count()).toBe(0);
      expect(pathOf(visitor)).toBe('/auth');
    }

    // The server refuses passwords, whatever a page would offer.
    const refused = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ email: ADMIN, password: 'any password at all' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code?: string }).code).toBe('PASSWORD_SIGN_IN_OFF');

    // Back on, for whoever reads this instance next.
    await card.getByRole('button', { name: 'Turn password sign-in back on' }).click();
    // The card's own state is the signal: its toast can wait behind two others, or be gone, on a busy machine.
    await card.getByRole('button', { name: 'Turn password sign-in off' }).waitFor();
    expect(await card.getByTestId('admin-password-sign-in').textContent()).toMatch(/^On\b/);
  });
});
