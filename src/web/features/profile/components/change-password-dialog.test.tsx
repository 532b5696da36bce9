import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { authError, json } from '@web/testing/mock-fetch';
import { renderProfile, type Handler } from '../testing/profile-fixtures';

Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 3000 };

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openDialog(change: Handler = () => json({ token: 'new', user: {} })) {
  const rendered = renderProfile({ handlers: { 'POST /api/auth/change-password': change } });
  await rendered.user.click(await screen.findByRole('button', { name: 'Change password' }, WAIT));
  const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
  return { ...rendered, dialog };
}

async function fill(dialog: HTMLElement, user: ReturnType<typeof renderProfile>['user'], values: { current: string; next: string; confirm: string }) {
  if (values.current) await user.type(within(dialog).getByLabelText('Current password'), values.current);
  if (values.next) await user.type(within(dialog).getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(within(dialog).getByLabelText('Confirm the new password'), values.confirm);
  await user.click(within(dialog).getByRole('button', { name: 'Save the new password' }));
}

const changes = (requests: { method: string; path: string; body: unknown }[]) => requests.filter((r) => r.path === '/api/auth/change-password');

describe('change-password dialog', () => {
  it('asks for the current password and at least 8 characters (the server’s rule, said in the hint); sends nothing', async () => {
    const { dialog, user, requests } = await openDialog();
    expect(within(dialog).getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters. Souvenir asks for a little more than the usual 6, to keep your account safe.',
    );

    await fill(dialog, user, { current: '', next: 'short', confirm: 'short' });
    expect(await within(dialog).findByText('Enter your current password.')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(changes(requests)).toEqual([]);
  });

  it('asks for a matching confirmation with the spec’s message; sends nothing', async () => {
    const { dialog, user, requests } = await openDialog();
    await fill(dialog, user, { current: 'old-pass', next: 'new-pass-1', confirm: 'new-pass-2' });
    expect(await within(dialog).findByText("Passwords don't match")).toBeInTheDocument();
    expect(changes(requests)).toEqual([]);
  });

  it('changes the password, signing out the other devices, and says so', async () => {
    const { dialog, user, requests } = await openDialog();
    await fill(dialog, user, { current: 'old-pass', next: 'new-pass-1', confirm: 'new-pass-1' });

    expect(await screen.findByText('Your password has been changed', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('For your safety, your other devices have been signed out.')).toBeInTheDocument();
    expect(changes(requests).map((r) => r.body)).toEqual([
      { currentPassword: 'old-pass', newPassword: 'new-pass-1', revokeOtherSessions: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['a wrong current password', authError(400, 'INVALID_PASSWORD', 'Invalid password'), "Your password wasn't changed. Your current password isn't right."],
    [
      'an account that signs in with Google',
      authError(400, 'CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found'),
      "Your password wasn't changed. You sign in with Google, so your account has no password to change here.",
    ],
    ['anything else, in the service’s own words', authError(400, 'SOMETHING_NEW', 'The moon is not aligned'), "Your password wasn't changed. The moon is not aligned"],
  ])('keeps the dialog open and explains %s', async (_case, answer, message) => {
    const { dialog, user } = await openDialog(() => answer.clone());
    await fill(dialog, user, { current: 'old-pass', next: 'new-pass-1', confirm: 'new-pass-1' });

    expect(await within(dialog).findByText(message, undefined, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveValue('old-pass');
    expect(within(dialog).getByRole('button', { name: 'Save the new password' })).toBeEnabled();
  });
});
