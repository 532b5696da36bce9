import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '@web/lib/language';
import { baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('header', () => {
  it('offers "Sign in" and no Memories link to a signed-out visitor', async () => {
    mockFetch(baseHandlers(null));
    renderApp('/community');

    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    const nav = within(header).getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Memories' })).not.toBeInTheDocument();
  });

  it("shows the signed-in person's initial and the account menu", async () => {
    mockFetch(baseHandlers(buildMe({ profile: { firstName: 'camille' } })));
    const { user } = renderApp('/home');

    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('C');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Privacy', 'Support', 'Sign out']);
  });

  it('switches the interface to French and saves the choice on the profile', async () => {
    const { requests } = mockFetch({ ...baseHandlers(buildMe({ profile: { firstName: 'Camille' } })), 'PUT /api/me/language': () => new Response(null, { status: 204 }) });
    const { user } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Hello, Camille' });

    const switcher = within(screen.getByRole('banner')).getByRole('group', { name: 'Language' });
    await user.click(within(switcher).getByRole('button', { name: 'FR' }));

    expect(await screen.findByRole('heading', { name: 'Bonjour Camille' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    await waitFor(() => expect(requests).toContainEqual({ method: 'PUT', path: '/api/me/language', body: { language: 'fr' } }));
    expect(within(screen.getByRole('banner')).getByRole('group', { name: 'Langue' })).toBeInTheDocument();
  });

  it("follows the profile's language when someone signs in", async () => {
    mockFetch(baseHandlers(buildMe({ profile: { firstName: 'Camille', defaultLanguage: 'fr' } })));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Bonjour Camille' })).toBeInTheDocument();
  });

  it('signs out, clears the session and lands on the landing page', async () => {
    let signedIn = true;
    mockFetch({
      ...baseHandlers(null),
      'GET /api/me': () => (signedIn ? json(buildMe()) : json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401)),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ success: true });
      },
    });
    const { user, router } = renderApp('/home/profile');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Successfully signed out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // Straight to "/": no detour through /auth (protected page) or /home (landing of a signed-in person).
    expect(visited).not.toContain('/auth');
    expect(visited).not.toContain('/home');
    expect(await screen.findByRole('link', { name: 'Sign in with e-mail' })).toBeInTheDocument();
  });

  it('still signs out locally when the server call fails', async () => {
    mockFetch({ ...baseHandlers(buildMe()), 'POST /api/auth/sign-out': () => json({ message: 'boom' }, 500) });
    const { user, router } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Error signing out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Sign in with e-mail' })).toBeInTheDocument();
  });
});
