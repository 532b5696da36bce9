// Journeys 2, 3 and 6, against an app that sends real e-mail (SMTP to an in-process mailbox) and so requires
// e-mail verification: register → verify → sign in; sign-in errors; forgotten password.
import { describe, expect, it } from 'vitest';
import { openPage, pathOf } from './support/browser';
import { extractLinks } from '@tests/support/mailbox';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, registerViaUi, signInViaUi, signOutViaHeader, type TestUser } from './support/users';

const t = ui('en');
const s = setupSuite({ smtp: true });

function linkTo(links: string[], pathPrefix: string): string {
  const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  expect(link, `a link to ${pathPrefix} among ${JSON.stringify(links)}`).toBeDefined();
  expect(new URL(link!).origin, 'links in e-mails point at PUBLIC_URL').toBe(s.app.baseUrl);
  return link!;
}

/** Registers through the API and follows the verification link of the e-mail, as a person clicking it would. */
async function verifiedUser(): Promise<TestUser> {
  const user = await registerViaApi(s.app, newUser());
  const mail = await s.mailbox.waitForMessage(user.email, { subjectIncludes: t.mailVerifySubject });
  const res = await fetch(linkTo(extractLinks(mail), '/api/auth/verify-email'), { redirect: 'manual' });
  expect(res.status, 'the verification link redirects').toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  return user;
}

describe('registration with e-mail verification', () => {
  it('registers, refuses sign-in until the e-mail is verified, then signs in to /home', async () => {
    const { page } = await openPage(s.browser);
    const user = newUser({ firstName: 'Maëlle' });

    await registerViaUi(page, s.app, user);

    await page.getByText(t.registerSuccess).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: t.signInTab }).getAttribute('aria-selected')).toBe('true');
    // The sign-in form is prefilled with the new address.
    expect(await page.getByRole('tabpanel').getByLabel(t.email).inputValue()).toBe(user.email);

    // Not verified yet: refused, with a message, and still on /auth.
    await signInViaUi(page, user.email, user.password);
    await page.getByRole('tabpanel').getByRole('alert').filter({ hasText: t.emailNotVerified }).waitFor();
    expect(pathOf(page)).toBe('/auth');

    const mail = await s.mailbox.waitForMessage(user.email, { subjectIncludes: t.mailVerifySubject });
    expect(mail.text).toContain(user.firstName);
    const link = linkTo(extractLinks(mail), '/api/auth/verify-email');
    expect(new URL(link).searchParams.get('token')).toBeTruthy();
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/auth?verified=1');

    // The link verifies the address and (server setting autoSignInAfterVerification) signs the person in:
    // /auth?verified=1 says so, then moves on to /home.
    await page.goto(link);
    await page.getByText(t.emailVerified).waitFor();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { name: t.greeting(user.firstName) }).waitFor();

    // Signing in with the form now works too.
    await signOutViaHeader(page);
    await page.goto(s.app.baseUrl + '/auth');
    await signInViaUi(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { name: t.greeting(user.firstName) }).waitFor();
  });
});

describe('registration in French', () => {
  it('follows a French browser: French form, French toast, French e-mail, French home page', async () => {
    const fr = ui('fr');
    const { page } = await openPage(s.browser, { locale: 'fr-FR' });
    const user = newUser({ firstName: 'Élodie', language: 'fr' });

    await registerViaUi(page, s.app, user);

    await page.getByText(fr.registerSuccess).waitFor();
    const mail = await s.mailbox.waitForMessage(user.email, { subjectIncludes: fr.mailVerifySubject });
    expect(mail.text).toContain(`Bonjour ${user.firstName}`);

    await page.goto(linkTo(extractLinks(mail), '/api/auth/verify-email'));
    await page.getByText(fr.emailVerified).waitFor();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { name: fr.greeting(user.firstName) }).waitFor();
  });
});

describe('sign-in errors', () => {
  it('asks for both fields when they are empty', async () => {
    const { page } = await openPage(s.browser);
    await page.goto(s.app.baseUrl + '/auth');

    await page.getByRole('tabpanel').getByRole('button', { name: t.signIn, exact: true }).click();

    await page.getByRole('tabpanel').getByRole('alert').filter({ hasText: t.signInRequired }).waitFor();
    expect(pathOf(page)).toBe('/auth');
  });

  it('refuses a wrong password with a message and stays on /auth', async () => {
    const { page } = await openPage(s.browser);
    const user = await verifiedUser();
    await page.goto(s.app.baseUrl + '/auth');

    await signInViaUi(page, user.email, 'not-the-password');

    await page.getByRole('tabpanel').getByRole('alert').filter({ hasText: t.invalidCredentials }).waitFor();
    expect(pathOf(page)).toBe('/auth');
  });
});

describe('forgotten password', () => {
  it('resets the password from the e-mailed link; the new one works, the old one no longer does', async () => {
    const { page } = await openPage(s.browser);
    const user = await verifiedUser();
    const newPassword = 'a-brand-new-password-7';

    await page.goto(s.app.baseUrl + '/auth');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(t.email).fill(user.email);
    await panel.getByRole('button', { name: t.forgotPassword }).click();
    await panel.getByRole('heading', { name: t.forgotTitle }).waitFor();
    // The address typed so far carries over.
    expect(await panel.getByLabel(t.email).inputValue()).toBe(user.email);
    await panel.getByRole('button', { name: t.sendResetLink }).click();
    await panel.getByText(t.resetLinkSent).waitFor();

    const mail = await s.mailbox.waitForMessage(user.email, { subjectIncludes: t.mailResetSubject });
    await page.goto(linkTo(extractLinks(mail), '/api/auth/reset-password/'));
    await page.waitForURL((url) => url.pathname === '/auth/reset-password' && !!url.searchParams.get('token'));
    await page.getByRole('heading', { name: t.resetTitle }).waitFor();

    await page.getByLabel(t.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(t.confirmPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: t.resetSubmit }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText(t.resetSuccess).waitFor();

    await signInViaUi(page, user.email, user.password);
    await page.getByRole('tabpanel').getByRole('alert').filter({ hasText: t.invalidCredentials }).waitFor();
    expect(pathOf(page)).toBe('/auth');

    await signInViaUi(page, user.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { name: t.greeting(user.firstName) }).waitFor();
  });

  it('shows the same answer for an address that has no account, and sends nothing', async () => {
    const { page } = await openPage(s.browser);
    const nobody = newUser().email;

    await page.goto(s.app.baseUrl + '/auth');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: t.forgotPassword }).click();
    await panel.getByLabel(t.email).fill(nobody);
    await panel.getByRole('button', { name: t.sendResetLink }).click();

    await panel.getByText(t.resetLinkSent).waitFor();
    await expect(s.mailbox.waitForMessage(nobody, { timeoutMs: 1_500 })).rejects.toThrow(/No e-mail/);
  });
});
