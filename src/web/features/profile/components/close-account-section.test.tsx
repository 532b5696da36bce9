import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStore } from '@web/lib/conversation-store';
import { i18n } from '@web/lib/i18n';
import { apiError, buildMe, json } from '@web/testing/mock-fetch';
import { renderProfile, type Handler } from '../testing/profile-fixtures';

Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 3000 };

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openDialog(remove: Handler) {
  let signedIn = true;
  const rendered = renderProfile({
    handlers: {
      'GET /api/me': () => (signedIn ? json(buildMe()) : apiError(401, 'UNAUTHENTICATED')),
      'DELETE /api/me': async (request) => {
        const answer = await remove(request);
        if (answer.ok) signedIn = false;
        return answer;
      },
    },
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'Close my account' }, WAIT));
  const dialog = await screen.findByRole('alertdialog', { name: 'Close your account for good?' });
  return { ...rendered, dialog };
}

describe('closing the account', () => {
  it('explains what is erased, waits for the typed word, erases, forgets this browser’s conversations and lands on /', async () => {
    const clearAll = vi.spyOn(conversationStore, 'clearAll');
    const { dialog, user, requests, router } = await openDialog(() => new Response(null, { status: 204 }));

    for (const item of ['every memory and its artwork', 'your support tickets', 'your sessions on every device', 'the conversations kept on this device']) {
      expect(within(dialog).getByText(item)).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/Souvenir keeps nothing afterwards/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Close my account for good' });
    expect(confirm).toBeDisabled();

    const word = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' });
    await user.type(word, 'DELET');
    expect(confirm).toBeDisabled();
    await user.type(word, 'e ');
    expect(confirm).toBeEnabled();
    // The first focus stop after the field is the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toBeEnabled();

    await user.click(confirm);

    expect(await screen.findByText('Your account has been deleted', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(clearAll).toHaveBeenCalled();
    expect(requests.filter((r) => r.method === 'DELETE' && r.path === '/api/me').map((r) => r.body)).toEqual([{ confirm: true }]);
  });

  it('asks for the French word in French', async () => {
    const { user } = renderProfile({ me: buildMe({ profile: { defaultLanguage: 'fr' } }) });
    await user.click(await screen.findByRole('button', { name: 'Fermer mon compte' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fermer ton compte pour de bon\u00a0?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Écris SUPPRIMER pour confirmer' }), 'supprimer');
    expect(within(dialog).getByRole('button', { name: 'Fermer mon compte pour de bon' })).toBeEnabled();
  });

  it('says so when the account could not be closed, and stays with the dialog ready to try again', async () => {
    const clearAll = vi.spyOn(conversationStore, 'clearAll');
    const { dialog, user, router } = await openDialog(() => apiError(500, 'INTERNAL'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account for good' }));

    expect(await screen.findByText('Error processing account deletion', undefined, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close my account for good' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Close my account for good' })).not.toHaveAttribute('aria-busy');
    expect(router.state.location.pathname).toBe('/home/profile');
    expect(clearAll).not.toHaveBeenCalled();
  });
});
