// Journeys 1, 4 and 7: the landing page, protected routes and unknown paths.
import { describe, expect, it } from 'vitest';
import { openPage, pathOf } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signedInUser, signInViaUi } from './support/users';

const t = ui('en');
const s = setupSuite();

describe('landing page', () => {
  it('shows the app name and leads to /auth through "Sign in with e-mail"', async () => {
    const { page } = await openPage(s.browser);
    await page.goto(s.app.baseUrl + '/');

    await page.getByRole('heading', { level: 1, name: t.appName }).waitFor();
    await page.getByRole('link', { name: t.signInWithEmail }).click();

    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await page.getByRole('tab', { name: t.signInTab }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends a signed-in person on to /home', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await signedInUser(context, s.app);

    await page.goto(s.app.baseUrl + '/');

    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { name: t.greeting(user.firstName) }).waitFor();
    // Replaced, not pushed: the tab's history is the blank start page and /home, so "back" skips the landing page.
    expect(await page.evaluate(() => history.length)).toBe(2);
  });
});

describe('protected routes', () => {
  it('sends a signed-out visitor of /home/profile to /auth, and back to /home/profile after sign-in', async () => {
    const { page } = await openPage(s.browser);
    const user = await registerViaApi(s.app, newUser());

    await page.goto(s.app.baseUrl + '/home/profile');
    await page.waitForURL((url) => url.pathname === '/auth');

    await signInViaUi(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/home/profile');
    await page.getByRole('banner').getByRole('button', { name: t.accountMenu }).waitFor();
  });
});

describe('unknown paths', () => {
  it('shows the not-found page for an unknown child of /home, with a link to /', async () => {
    const { page, context } = await openPage(s.browser);
    await signedInUser(context, s.app);

    await page.goto(s.app.baseUrl + '/home/does-not-exist');

    await page.getByRole('heading', { name: t.notFound }).waitFor();
    expect(pathOf(page)).toBe('/home/does-not-exist');
    const link = page.getByRole('main').getByRole('link', { name: t.notFoundLink });
    expect(await link.getAttribute('href')).toBe('/');
  });

  it('redirects an unknown top-level path to /', async () => {
    const { page } = await openPage(s.browser);

    await page.goto(s.app.baseUrl + '/nope');

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: t.signInWithEmail }).waitFor();
  });
});
