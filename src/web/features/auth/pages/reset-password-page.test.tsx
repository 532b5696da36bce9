import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authError, baseHandlers, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

describe('reset password page', () => {
  it('says the link no longer works when it carries an error', async () => {
    mockFetch(baseHandlers(null));
    renderApp('/auth/reset-password?error=INVALID_TOKEN');
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('checks that both passwords match', async () => {
    mockFetch(baseHandlers(null));
    const { user } = renderApp('/auth/reset-password?token=abc');

    await user.type(await screen.findByLabelText('New password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it('changes the password with the token, then opens sign-in', async () => {
    const { requests } = mockFetch({ ...baseHandlers(null), 'POST /api/auth/reset-password': () => json({ status: true }) });
    const { user, router } = renderApp('/auth/reset-password?token=abc');

    await user.type(await screen.findByLabelText('New password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText('Your password has been changed. You can sign in now.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(requests).toContainEqual({ method: 'POST', path: '/api/auth/reset-password', body: { newPassword: 'a-long-password', token: 'abc' } });
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  });

  it('explains an expired token', async () => {
    mockFetch({ ...baseHandlers(null), 'POST /api/auth/reset-password': () => authError(400, 'INVALID_TOKEN') });
    const { user } = renderApp('/auth/reset-password?token=old');

    await user.type(await screen.findByLabelText('New password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText('This link is no longer valid. Ask for a new one from the sign-in page.')).toBeInTheDocument();
  });
});
