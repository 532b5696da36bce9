import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAuthErrorDialog } from '@web/lib/auth-error-dialog-store';
import { apiError, baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Signed in per /api/me, but the session is refused by the next API call (e.g. it expired meanwhile). */
function expiredSession() {
  let signedIn = true;
  const network = mockFetch({
    ...baseHandlers(null),
    'GET /api/me': () => (signedIn ? json(buildMe()) : apiError(401, 'UNAUTHENTICATED')),
    'GET /api/chat/status': () => apiError(401, 'UNAUTHENTICATED'),
    'GET /api/memories/recent': () => json({ items: [] }),
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return json({ success: true });
    },
  });
  return network;
}

describe('authentication-error dialog', () => {
  it('opens when an API call answers 401 while the person is signed in, with the advice and both actions', async () => {
    expiredSession();
    renderApp('/home');

    const dialog = await screen.findByRole('dialog', { name: "We couldn't confirm your session" });
    expect(dialog).toHaveAccessibleDescription(/Your session may have ended/);
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Refresh the page.',
      'Sign out, then sign in again.',
      "If it keeps happening, clear your browser's cache.",
    ]);
    expect(within(dialog).getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('stays closed when /api/me itself answers 401: that is simply "signed out"', async () => {
    mockFetch(baseHandlers(null));
    const { router } = renderApp('/home');
    await screen.findByRole('tab', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed for other failures', async () => {
    mockFetch({ ...baseHandlers(buildMe()), 'GET /api/chat/status': () => apiError(500, 'INTERNAL'), 'GET /api/memories/recent': () => apiError(403, 'FORBIDDEN') });
    renderApp('/home');
    await screen.findByText('An error occurred');
    await waitFor(() => expect(screen.getByTestId('home-memories')).toHaveAttribute('data-state', 'error'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Refresh Page" reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    expiredSession();
    const { user } = renderApp('/home');

    const dialog = await screen.findByRole('dialog', { name: "We couldn't confirm your session" });
    await user.click(within(dialog).getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('"Sign Out" signs out, then goes to /auth', async () => {
    const { requests } = expiredSession();
    const { user, router } = renderApp('/home');

    const dialog = await screen.findByRole('dialog', { name: "We couldn't confirm your session" });
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/auth/sign-out' }));
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Successfully signed out')).toBeInTheDocument();
  });

  it('can be opened by any feature, and closed with Escape', async () => {
    mockFetch(baseHandlers(buildMe()));
    const { user } = renderApp('/community');
    await screen.findByRole('heading', { level: 1, name: 'Community' });

    act(() => openAuthErrorDialog());
    expect(await screen.findByRole('dialog', { name: "We couldn't confirm your session" })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
