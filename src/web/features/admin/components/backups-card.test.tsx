import { backupConfirmCode, confirmsRestore, type Backup, type BackupList } from '@shared/contracts/backups';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@web/lib/date-format';
import { i18n } from '@web/lib/i18n';
import { apiError, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { BackupsCard } from './backups-card';

const WAIT = { timeout: 5000 };
const NAME = 'souvenir-2026-11-20T03-00-00-000Z.backup.gz';

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('the backups card', () => {
  it('says while it loads, says when the list could not be read, and reads it again on "Try again"', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const firstAnswer = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/admin/backups': async () => {
        calls += 1;
        if (calls === 1) {
          await firstAnswer;
          return apiError(500, 'INTERNAL');
        }
        return json({ items: [{ name: NAME, size: 2048, createdAt: '2026-11-20T03:00:00.000Z' }], dailyAt: '03:00', keep: 7, storedIn: 'data-folder' });
      },
    });
    const { user } = renderWithProviders(<BackupsCard />);
    expect(await screen.findByText('Loading the backups…', undefined, WAIT)).toHaveAttribute('role', 'status');
    release();

    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("The backups couldn't be loaded.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Backups' }, WAIT);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('2 kB');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the archives are kept in the bucket, in either language', async () => {
    mockFetch({ 'GET /api/admin/backups': () => json({ items: [], dailyAt: '03:00', keep: 7, storedIn: 'bucket' }) });
    const { unmount } = renderWithProviders(<BackupsCard />);
    const card = await screen.findByRole('region', { name: 'Backups' }, WAIT);
    expect(await within(card).findByText(/kept in the S3 bucket's backups\/ folder/, undefined, WAIT)).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('fr');
    renderWithProviders(<BackupsCard />);
    expect(await screen.findByText(/dans le dossier backups\/ du bucket S3/, undefined, WAIT)).toBeInTheDocument();
  });

  it('says so in French when the list could not be read', async () => {
    await i18n.changeLanguage('fr');
    mockFetch({ 'GET /api/admin/backups': () => apiError(500, 'INTERNAL') });
    renderWithProviders(<BackupsCard />);
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

/** An archive as the server names it: its UTC creation time (noon, so no time zone moves it to another day). */
function buildBackup(day: string, size: number): Backup {
  const createdAt = `${day}T12:00:00.000Z`;
  return { name: `souvenir-${createdAt.replace(/[:.]/g, '-')}.backup.gz`, size, createdAt };
}

const older = buildBackup('2026-11-19', 2048);
const newer = buildBackup('2026-11-20', 5.5 * 1024 * 1024);
const made = buildBackup('2026-11-21', 3 * 1024 * 1024);

/**
 * A stand-in for the backup routes with the server's rules: the list is newest first, "Back up now" adds an
 * archive, a restore must name the archive in `confirm`. `create` and `restore` may answer otherwise (a failure).
 */
function backupServer({ create, restore }: { create?: () => Response; restore?: (request: RecordedRequest) => Response } = {}) {
  const items = [newer, older];
  const list = (): BackupList => ({ items: [...items], dailyAt: '03:00', keep: 7, storedIn: 'data-folder' });
  const restoreRoutes = Object.fromEntries(
    items.map((backup) => [
      `POST /api/admin/backups/${backup.name}/restore`,
      (request: RecordedRequest) =>
        restore?.(request) ??
        (confirmsRestore(backup.name, (request.body as { confirm?: string }).confirm ?? '') ? json({ tables: 12, rows: 340, files: 8 }) : apiError(400, 'VALIDATION_FAILED')),
    ]),
  );
  const network = mockFetch({
    'GET /api/admin/backups': () => json(list()),
    'POST /api/admin/backups': () => {
      const refused = create?.();
      if (refused) return refused;
      items.unshift(made);
      return json(made, 201);
    },
    ...restoreRoutes,
  });
  const sent = (method: string, path: string) => network.requests.filter((r) => r.method === method && r.path === path);
  return { ...network, sent };
}

const when = (backup: Backup, language = 'en') => formatDate(backup.createdAt, 'mediumWithTime', language);
/** A button or link of one archive: its word, then its date for screen readers (jsdom drops the space between them). */
const named = (word: string, backup: Backup, language = 'en') => (name: string) => name.startsWith(word) && name.endsWith(`(${when(backup, language)})`);
const archives = async () => within(await screen.findByRole('list', { name: 'Backups' }, WAIT)).getAllByRole('listitem');

describe('the backups card: archives, back up now, restore', () => {
  it('lists each archive, newest first, with its date, its size and a download of that very file', async () => {
    backupServer();
    renderWithProviders(<BackupsCard />);
    const [first, second] = await archives();

    expect(first).toHaveTextContent(when(newer));
    expect(first).toHaveTextContent(/Nov 20, 2026/);
    expect(first).toHaveTextContent('5.5 MB');
    expect(second).toHaveTextContent(/Nov 19, 2026/);
    expect(second).toHaveTextContent('2 kB');
    expect(screen.getByRole('region', { name: 'Backups' })).toHaveTextContent('every day at 03:00 UTC; the 7 newest are kept');

    const download = within(first!).getByRole('link', { name: named('Download', newer) });
    expect(download).toHaveAttribute('href', `/api/admin/backups/${newer.name}`);
    expect(download).toHaveAttribute('download', newer.name);
    expect(within(second!).getByRole('link', { name: /Download/ })).toHaveAttribute('href', `/api/admin/backups/${older.name}`);
  });

  it('"Back up now" makes an archive: the list shows it first and a toast says so', async () => {
    const server = backupServer();
    const { user } = renderWithProviders(<BackupsCard />);
    expect(await archives()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backup made.', undefined, WAIT)).toBeInTheDocument();
    await waitFor(async () => expect(await archives()).toHaveLength(3), WAIT);
    const [first] = await archives();
    expect(first).toHaveTextContent(when(made));
    expect(first).toHaveTextContent('3 MB');
    expect(server.sent('POST', '/api/admin/backups')).toHaveLength(1);
  });

  it('says why when an archive could not be made, and the list stays as it was', async () => {
    const server = backupServer({ create: () => apiError(429, 'RATE_LIMITED') });
    const { user } = renderWithProviders(<BackupsCard />);
    expect(await archives()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Too many attempts. Please wait a moment, then try again.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Backup made.')).not.toBeInTheDocument();
    expect(server.sent('POST', '/api/admin/backups')).toHaveLength(1);
    // The list is read again (the request settled) and still holds the same two.
    await waitFor(() => expect(server.sent('GET', '/api/admin/backups')).toHaveLength(2), WAIT);
    expect(await archives()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  });

  it('restores only once the archive’s four-letter code is typed, in any case, then says it is done', async () => {
    const server = backupServer();
    const { user } = renderWithProviders(<BackupsCard />);
    const [, second] = await archives();
    await user.click(within(second!).getByRole('button', { name: named('Restore', older) }));

    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' }, WAIT);
    expect(dialog).toHaveTextContent('will be replaced by the backup');
    const code = backupConfirmCode(older.name);
    expect(code).toMatch(/^[A-Z2-9]{4}$/);
    const field = within(dialog).getByLabelText(`To confirm, type this backup's code: ${code}`);
    const confirm = within(dialog).getByRole('button', { name: 'Replace everything with this backup' });
    expect(confirm).toBeDisabled();

    // Another archive's code, or this one's cut short, does not unlock it.
    expect(backupConfirmCode(newer.name)).not.toBe(code);
    await user.type(field, backupConfirmCode(newer.name));
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, code.slice(0, -1).toLowerCase());
    expect(confirm).toBeDisabled();
    // Pressing Enter in the field does not get round the button either (the one request below is the only one).
    await user.type(field, '{Enter}');

    await user.type(field, code.slice(-1).toLowerCase());
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('The backup is restored.', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(server.sent('POST', `/api/admin/backups/${older.name}/restore`).map((r) => r.body)).toEqual([{ confirm: code.toLowerCase() }]);
    expect(server.sent('POST', `/api/admin/backups/${newer.name}/restore`)).toEqual([]);
    // Everything may have changed: the list is read again.
    await waitFor(() => expect(server.sent('GET', '/api/admin/backups')).toHaveLength(2), WAIT);
  });

  it('a refused restore says why in words, keeps the dialog and what was typed, and changes nothing', async () => {
    const server = backupServer({ restore: () => apiError(503, 'SERVICE_UNAVAILABLE') });
    const { user } = renderWithProviders(<BackupsCard />);
    const [first] = await archives();
    await user.click(within(first!).getByRole('button', { name: named('Restore', newer) }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' }, WAIT);
    const field = within(dialog).getByLabelText(`To confirm, type this backup's code: ${backupConfirmCode(newer.name)}`);
    await user.type(field, backupConfirmCode(newer.name));
    await user.click(within(dialog).getByRole('button', { name: 'Replace everything with this backup' }));

    expect(await screen.findByText('Souvenir is unavailable for a moment. Please try again shortly.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('The backup is restored.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Restore this backup?' })).toBeInTheDocument();
    expect(field).toHaveValue(backupConfirmCode(newer.name));
    expect(within(dialog).getByRole('button', { name: 'Replace everything with this backup' })).toBeEnabled();
    expect(server.sent('POST', `/api/admin/backups/${newer.name}/restore`)).toHaveLength(1);
    // Nothing was replaced, so nothing is read again.
    expect(server.sent('GET', '/api/admin/backups')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(await archives()).toHaveLength(2);
  });

  it('speaks French: sizes in ko and Mo, the buttons, the dialog and the toast', async () => {
    await i18n.changeLanguage('fr');
    backupServer();
    const { user } = renderWithProviders(<BackupsCard />);
    const list = await screen.findByRole('list', { name: 'Sauvegardes' }, WAIT);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(when(newer, 'fr'));
    expect(first).toHaveTextContent(/20 nov\. 2026/);
    expect(first).toHaveTextContent(/5,5\sMo/);
    expect(second).toHaveTextContent(/2\sko/);
    expect(within(first!).getByRole('link', { name: named('Télécharger', newer, 'fr') })).toHaveAttribute('href', `/api/admin/backups/${newer.name}`);
    expect(screen.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: named('Restaurer', newer, 'fr') }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurer cette sauvegarde\u00a0?' }, WAIT);
    const confirm = within(dialog).getByRole('button', { name: 'Tout remplacer par cette sauvegarde' });
    expect(confirm).toBeDisabled();
    const code = backupConfirmCode(newer.name);
    await user.type(within(dialog).getByLabelText(`Pour confirmer, tape le code de cette sauvegarde : ${code}`), code);
    await user.click(confirm);
    expect(await screen.findByText('La sauvegarde est restaurée.', undefined, WAIT)).toBeInTheDocument();
  });
});
