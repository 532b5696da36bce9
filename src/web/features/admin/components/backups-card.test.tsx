import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, json, mockFetch } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { BackupsCard } from './backups-card';

const WAIT = { timeout: 5000 };
const NAME = 'souvenir-2026-11-20T03-00-00-000Z.backup.gz';

afterEach(async () => {
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
