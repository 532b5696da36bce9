import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseHandlers, buildMe, buildPublicConfig, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

describe('landing page', () => {
  it('invites a visitor to sign in with e-mail, without Google when it is not configured', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ googleSignIn: false })));
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Souvenir', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with e-mail' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('offers Google when the installation has it', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ googleSignIn: true })));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('sends a signed-in person straight to /home', async () => {
    mockFetch(baseHandlers(buildMe()));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
