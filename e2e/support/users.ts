// Test people: each test makes its own, through the interface when the journey is the point, through the API otherwise.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app';
import { waitForHydration } from './browser';
import { ui } from './texts';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  language: 'en' | 'fr';
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    email: `user-${randomBytes(6).toString('hex')}@example.test`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    firstName: 'Juliette',
    language: 'en',
    ...overrides,
  };
}

/** Opens /auth, switches to the Register tab, fills the form and submits it (in the interface's language). */
export async function registerViaUi(page: Page, app: RunningApp, user: TestUser): Promise<void> {
  const t = ui(user.language);
  await page.goto(`${app.baseUrl}/auth`);
  await waitForHydration(page);
  await page.getByRole('tab', { name: t.registerTab }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel(t.email).fill(user.email);
  await form.getByLabel(t.password, { exact: true }).fill(user.password);
  await form.getByLabel(t.firstName).fill(user.firstName);
  await form.getByRole('button', { name: t.createAccount }).click();
}

/** Fills the Sign in tab of /auth (the page must be open) and submits it. */
export async function signInViaUi(page: Page, email: string, password: string, lang: 'en' | 'fr' = 'en') {
  const t = ui(lang);
  const form = page.getByRole('tabpanel');
  await form.getByLabel(t.email).fill(email);
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.signIn, exact: true }).click();
}

/** Signs out from the header's account menu; the app lands on "/". */
export async function signOutViaHeader(page: Page, lang: 'en' | 'fr' = 'en') {
  const t = ui(lang);
  await page.getByRole('banner').getByRole('button', { name: t.accountMenu }).click();
  await page.getByRole('menuitem', { name: t.signOut }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText(t.signedOut).waitFor();
}

/** Registers through better-auth's endpoint, as the web app does. Without SMTP the account is usable at once. */
export async function registerViaApi(app: RunningApp, user: TestUser = newUser()): Promise<TestUser> {
  const res = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      name: user.firstName,
      defaultLanguage: user.language,
    }),
  });
  expect(res.status, `sign-up of ${user.email} answered ${res.status}: ${await res.clone().text()}`).toBe(200);
  return user;
}

/** Signs in through the API outside any browser: answers the session cookie (`name=value`) to send back. */
export async function sessionCookieViaApi(app: RunningApp, user: TestUser): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const session = res.headers.getSetCookie().find((cookie) => cookie.startsWith('better-auth.session_token='));
  if (res.status !== 200 || !session) throw new Error(`sign-in of ${user.email} answered ${res.status} without a session cookie`);
  return session.split(';')[0]!;
}

/** Signs in through the API with the context's own cookie jar, so the context's pages are signed in. */
export async function signInViaApi(context: BrowserContext, app: RunningApp, user: TestUser): Promise<void> {
  const res = await context.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
    data: { email: user.email, password: user.password },
    headers: { origin: app.baseUrl },
  });
  expect(res.status(), `sign-in of ${user.email} answered ${res.status()}: ${await res.text()}`).toBe(200);
}

/** A registered, signed-in person, for tests whose journey starts after sign-in (outbox app: no verification). */
export async function signedInUser(context: BrowserContext, app: RunningApp, overrides: Partial<TestUser> = {}) {
  const user = await registerViaApi(app, newUser(overrides));
  await signInViaApi(context, app, user);
  return user;
}
