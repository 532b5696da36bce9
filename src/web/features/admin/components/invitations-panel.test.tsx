import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, json, mockFetch } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { InvitationsPanel } from './invitations-panel';

const WAIT = { timeout: 5000 };

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('the invitations panel', () => {
  it('says when the invitations could not be read, reads them again on "Try again", and says when there are none', async () => {
    let calls = 0;
    mockFetch({ 'GET /api/admin/invitations': () => (++calls === 1 ? apiError(500, 'INTERNAL') : json({ items: [] })) });
    const { user } = renderWithProviders(<InvitationsPanel />);
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("The invitations couldn't be loaded.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No invitations yet.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so in French', async () => {
    await i18n.changeLanguage('fr');
    mockFetch({ 'GET /api/admin/invitations': () => apiError(500, 'INTERNAL') });
    renderWithProviders(<InvitationsPanel />);
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent('Les invitations n’ont pas pu être chargées.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
