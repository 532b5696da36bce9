import type { KeepingStatus, KeyEnvelope } from '@shared/contracts/keeping';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeys, unlock } from '@web/lib/keeping/crypto';
import { i18n, loadAppNamespaces } from '@web/lib/i18n';
import { apiError, json, mockFetch } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { KeepingKeyDialog, type KeepingKeyTask } from './keeping-key-dialog';
import { KeepingUnlockForm } from './keeping-unlock-form';

// Real WebCrypto with a low iteration count: the dialogs' own work is what is under test, not PBKDF2's cost.
const PASSPHRASE = 'lanterns over the quiet harbour';
let keys: Awaited<ReturnType<typeof createKeys>>;

beforeAll(async () => {
  await loadAppNamespaces(['keeping']);
  keys = await createKeys(PASSPHRASE, 1_000);
});

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const status = (envelope: KeyEnvelope | null): KeepingStatus => ({ enabled: envelope !== null, offerDeclined: false, keys: envelope, conversations: 0, bytes: 0, maxBytes: 1 });

function Harness({ task }: { task: KeepingKeyTask }) {
  const [open, setOpen] = useState(false);
  return <KeepingKeyDialog task={task} open={open} onOpenChange={setOpen} trigger={<button type="button">Open it</button>} />;
}

function renderDialog(task: KeepingKeyTask) {
  const network = mockFetch({
    'POST /api/keeping': (request) => json(status((request.body as { keys: KeyEnvelope }).keys), 201),
    'PUT /api/keeping/keys': () => new Response(null, { status: 204 }),
    'GET /api/keeping': () => json(status(keys.envelope)),
  });
  return { ...renderWithProviders(<Harness task={task} />), ...network };
}

async function open(user: ReturnType<typeof renderDialog>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: 'Open it' }));
  return screen.findByRole('dialog', { name });
}

describe('turning keeping on', () => {
  it('refuses a short passphrase, a different confirmation and an unticked warning, and sends nothing', async () => {
    const { user, requests } = renderDialog({ kind: 'setup', userId: 'user-1' });
    const dialog = await open(user, 'Keep your conversations on every device');
    expect(within(dialog).getByText(/If you forget both your passphrase and your recovery key/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Passphrase'), 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Encrypt and keep' }));
    expect(await within(dialog).findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please tick the box to show you understand.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Passphrase')).toHaveAccessibleDescription(/At least 12 characters\..*Use at least 12 characters\./);

    await user.clear(within(dialog).getByLabelText('Passphrase'));
    await user.type(within(dialog).getByLabelText('Passphrase'), PASSPHRASE);
    await user.type(within(dialog).getByLabelText('Passphrase again'), `${PASSPHRASE}!`);
    await user.click(within(dialog).getByRole('button', { name: 'Encrypt and keep' }));
    expect(await within(dialog).findByText("The two passphrases don't match.")).toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/api/keeping'))).toEqual([]);
  });

  it('shows the recovery key once: "Done" waits for the tick, and opening again starts from the form', async () => {
    const { user, requests } = renderDialog({ kind: 'setup', userId: 'user-1' });
    let dialog = await open(user, 'Keep your conversations on every device');
    await user.type(within(dialog).getByLabelText('Passphrase'), PASSPHRASE);
    await user.type(within(dialog).getByLabelText('Passphrase again'), PASSPHRASE);
    await user.click(within(dialog).getByLabelText('I understand: forgetting both means losing the kept conversations.'));
    await user.click(within(dialog).getByRole('button', { name: 'Encrypt and keep' }));

    dialog = await screen.findByRole('dialog', { name: 'Your recovery key' }, { timeout: 15_000 });
    const recoveryKey = within(dialog).getByLabelText<HTMLInputElement>('Recovery key').value;
    expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
    // What went to the server opens with the recovery key shown, and holds neither secret.
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/keeping')!.body as { keys: KeyEnvelope };
    await expect(unlock(sent.keys, { recoveryKey })).resolves.toBeDefined();
    expect(JSON.stringify(sent)).not.toContain(PASSPHRASE);
    expect(JSON.stringify(sent)).not.toContain(recoveryKey);

    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I have saved my recovery key somewhere safe.'));
    await user.click(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Never shown again: the same dialog opens on its form.
    dialog = await open(user, 'Keep your conversations on every device');
    expect(within(dialog).queryByLabelText('Recovery key')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(recoveryKey)).not.toBeInTheDocument();
  });
});

describe('changing the passphrase', () => {
  it('refuses a wrong current passphrase plainly, then accepts the recovery key instead', async () => {
    const { user, requests } = renderDialog({ kind: 'change', envelope: keys.envelope });
    const dialog = await open(user, 'Change your passphrase');
    await user.type(within(dialog).getByLabelText('Current passphrase'), 'not the right one at all');
    await user.type(within(dialog).getByLabelText('New passphrase'), 'a brand new passphrase here');
    await user.type(within(dialog).getByLabelText('New passphrase again'), 'a brand new passphrase here');
    await user.click(within(dialog).getByRole('button', { name: 'Change passphrase' }));
    expect(await within(dialog).findByText(/That passphrase doesn't open your conversations/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Use my recovery key instead' }));
    await user.type(within(dialog).getByLabelText('Recovery key'), keys.recoveryKey);
    await user.click(within(dialog).getByRole('button', { name: 'Change passphrase' }));
    await screen.findByRole('dialog', { name: 'Your recovery key' }, { timeout: 15_000 });
    const sent = requests.find((r) => r.method === 'PUT' && r.path === '/api/keeping/keys')!.body as { keys: KeyEnvelope };
    await expect(unlock(sent.keys, { passphrase: 'a brand new passphrase here' })).resolves.toBeDefined();
  });
});

describe('unlocking a device', () => {
  function renderUnlock(onUnlocked = vi.fn()) {
    mockFetch({ 'GET /api/keeping': () => json(status(keys.envelope)), 'PUT /api/keeping/conversations/:id': () => apiError(404, 'NOT_FOUND') });
    return { ...renderWithProviders(<KeepingUnlockForm userId="user-1" envelope={keys.envelope} onUnlocked={onUnlocked} />), onUnlocked };
  }

  it('says plainly when the passphrase is wrong, in English and in French', async () => {
    const { user, onUnlocked } = renderUnlock();
    await user.type(screen.getByLabelText('Passphrase'), 'the wrong passphrase, surely');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const alert = await screen.findByText(/That passphrase doesn't open your conversations/, undefined, { timeout: 15_000 });
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByLabelText('Passphrase')).toHaveAttribute('aria-invalid', 'true');

    await i18n.changeLanguage('fr');
    await user.click(screen.getByRole('button', { name: 'Déverrouiller' }));
    expect(await screen.findByText(/Cette phrase secrète n’ouvre pas tes conversations/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('asks for the recovery key, not the passphrase, once the person chooses it, in English and in French', async () => {
    const { user } = renderUnlock();
    expect(screen.getByText('Your conversations are encrypted. Enter your passphrase to read them here.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my recovery key instead' }));
    expect(screen.getByText('Your conversations are encrypted. Enter your recovery key to read them here.')).toBeInTheDocument();
    expect(screen.queryByText(/Enter your passphrase/)).not.toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Tes conversations sont chiffrées. Saisis ta clé de secours pour les lire ici.')).toBeInTheDocument();
  });

  it('opens with the right passphrase', async () => {
    const { user, onUnlocked } = renderUnlock();
    await user.type(screen.getByLabelText('Passphrase'), PASSPHRASE);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await vi.waitFor(() => expect(onUnlocked).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });
});
