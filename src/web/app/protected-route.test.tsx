import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

describe('protected routes', () => {
  it('send a signed-out visitor (/api/me answers 401) to /auth', async () => {
    mockFetch(baseHandlers(null));
    const { router } = renderApp('/home/memories');

    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('heading', { name: 'Your memories' })).not.toBeInTheDocument();
  });

  it('bring the person back to the page they asked for after signing in', async () => {
    let me: ReturnType<typeof buildMe> | null = null;
    mockFetch({
      ...baseHandlers(null),
      'GET /api/me': () => (me ? json(me) : json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401)),
      'POST /api/auth/sign-in/email': () => {
        me = buildMe();
        return json({ redirect: false, token: 't', user: { id: 'user-1' } });
      },
    });
    const { router, user } = renderApp('/home/memories');

    await screen.findByRole('tab', { name: 'Sign in' });
    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Your memories' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/memories');
    expect(await screen.findByText('Successfully signed in')).toBeInTheDocument();
  });

  it('show the home greeting to a signed-in person', async () => {
    mockFetch(baseHandlers(buildMe({ profile: { firstName: 'Camille' } })));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Hello, Camille' })).toBeInTheDocument();
  });

  it('answer an unknown /home page with the not-found page', async () => {
    mockFetch(baseHandlers(buildMe()));
    renderApp('/home/nowhere');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('admin page', () => {
  it('is refused to a non-administrator, who is sent to /', async () => {
    mockFetch(baseHandlers(buildMe({ profile: { isAdmin: false } })));
    const { router } = renderApp('/home/admin');

    expect(await screen.findByText("You don't have administrator rights")).toBeInTheDocument();
    // "/" then sends a signed-in person on to /home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('heading', { name: 'Administrator Panel' })).not.toBeInTheDocument();
  });

  it('opens for an administrator, whose menu shows the Admin entry', async () => {
    mockFetch(baseHandlers(buildMe({ profile: { isAdmin: true } })));
    const { user } = renderApp('/home/admin');

    expect(await screen.findByRole('heading', { name: 'Administrator Panel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin' })).toBeInTheDocument();
  });
});

describe('other addresses', () => {
  it.each([
    ['/chat', '/home/chat'],
    ['/memories', '/home/memories'],
    ['/memories/abc', '/home/memories/abc'],
  ])('%s leads to %s', async (from, to) => {
    mockFetch(baseHandlers(buildMe()));
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('sends any unknown path to the landing page', async () => {
    mockFetch(baseHandlers(null));
    const { router } = renderApp('/somewhere/else');
    expect(await screen.findByRole('link', { name: 'Sign in with e-mail' })).toHaveAttribute('href', '/auth');
    expect(router.state.location.pathname).toBe('/');
  });
});
