import type { Invitation, InvitationCreate } from '@shared/contracts/invitations';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { InvitationsPanel } from './invitations-panel';

const WAIT = { timeout: 5000 };

afterEach(async () => {
  toast.dismiss();
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

let serial = 0;
function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    email: `guest${serial}@example.com`,
    language: 'en',
    createdAt: '2026-11-20T12:00:00.000Z',
    expiresAt: '2026-11-27T12:00:00.000Z',
    acceptedAt: null,
    status: 'pending',
    ...overrides,
  };
}

/**
 * A stand-in for the invitation routes with the server's rules: an invitation to an address replaces the
 * pending one, the newest comes first, a withdrawn one is gone. `create` may answer otherwise (a failure).
 */
function invitationServer(initial: Invitation[], { create }: { create?: (request: RecordedRequest) => Response | undefined } = {}) {
  let items = [...initial];
  const network = mockFetch({
    'GET /api/admin/invitations': () => json({ items }),
    'POST /api/admin/invitations': (request) => {
      const refused = create?.(request);
      if (refused) return refused;
      const { email, language } = request.body as InvitationCreate;
      const invitation = buildInvitation({ email, language });
      items = [invitation, ...items.filter((i) => i.email !== email)];
      return json(invitation, 201);
    },
    ...Object.fromEntries(
      initial.map((invitation) => [
        `DELETE /api/admin/invitations/${invitation.id}`,
        () => {
          items = items.filter((i) => i.id !== invitation.id);
          return new Response(null, { status: 204 });
        },
      ]),
    ),
  });
  const sent = (method: string) => network.requests.filter((r) => r.method === method && r.path.startsWith('/api/admin/invitations'));
  return { ...network, sent };
}

const invitationList = () => screen.findByRole('list', { name: 'Invitations sent' }, WAIT);
const addresses = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent);

describe('the invitations panel: send and withdraw', () => {
  it('sends an invitation with the address as the server keeps it and the chosen language, then empties the field', async () => {
    const server = invitationServer([buildInvitation({ email: 'old@example.com' })]);
    const { user } = renderWithProviders(<InvitationsPanel />);
    expect(addresses(await invitationList())).toEqual(['old@example.com']);

    const email = screen.getByLabelText('E-mail address');
    const language = screen.getByLabelText('Language of the e-mail');
    expect(language).toHaveValue('en');
    await user.type(email, '  Dana@Example.COM ');
    await user.selectOptions(language, 'Français');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));

    expect(await screen.findByText('Invitation sent to dana@example.com.', undefined, WAIT)).toBeInTheDocument();
    expect(server.sent('POST').map((r) => r.body)).toEqual([{ email: 'dana@example.com', language: 'fr' }]);
    await waitFor(() => expect(email).toHaveValue(''), WAIT);
    // The language chosen stays for the next one.
    expect(language).toHaveValue('fr');
    await waitFor(async () => expect(addresses(await invitationList())).toEqual(['dana@example.com', 'old@example.com']), WAIT);
    expect(within(await invitationList()).getAllByRole('listitem')[0]).toHaveTextContent(/Waiting, until Nov 27, 2026/);
  });

  it('refuses an address that is not one, in words and without asking the server, in English and in French', async () => {
    const server = invitationServer([]);
    const { user, unmount } = renderWithProviders(<InvitationsPanel />);
    expect(await screen.findByText('No invitations yet.', undefined, WAIT)).toBeInTheDocument();

    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'dana.example.com');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByRole('alert', undefined, WAIT)).toHaveTextContent('Please enter a valid e-mail address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('dana.example.com');
    unmount();

    await i18n.changeLanguage('fr');
    const french = renderWithProviders(<InvitationsPanel />);
    expect(await screen.findByText('Aucune invitation pour l’instant.', undefined, WAIT)).toBeInTheDocument();
    await french.user.type(screen.getByLabelText('Adresse e-mail'), 'dana@');
    await french.user.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await screen.findByRole('alert', undefined, WAIT)).toHaveTextContent('Saisis une adresse e-mail valide.');

    expect(server.sent('POST')).toEqual([]);
  });

  it('keeps the address when the e-mail could not be sent, and says so', async () => {
    const server = invitationServer([], { create: () => apiError(502, 'MAIL_SEND_FAILED') });
    const { user } = renderWithProviders(<InvitationsPanel />);
    expect(await screen.findByText('No invitations yet.', undefined, WAIT)).toBeInTheDocument();

    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Failed to send email', undefined, WAIT)).toBeInTheDocument();
    expect(server.sent('POST')).toHaveLength(1);
    expect(email).toHaveValue('dana@example.com');
    expect(screen.queryByText(/Invitation sent to/)).not.toBeInTheDocument();
  });

  it('withdraws a pending invitation; accepted and expired ones have nothing to withdraw', async () => {
    const pending = buildInvitation({ email: 'pending@example.com' });
    const accepted = buildInvitation({ email: 'accepted@example.com', status: 'accepted', acceptedAt: '2026-11-18T12:00:00.000Z' });
    const expired = buildInvitation({ email: 'expired@example.com', status: 'expired', expiresAt: '2026-11-10T12:00:00.000Z' });
    const server = invitationServer([pending, accepted, expired]);
    const { user } = renderWithProviders(<InvitationsPanel />);
    const list = await invitationList();
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(second).toHaveTextContent(/Accepted on Nov 18, 2026/);
    expect(third).toHaveTextContent(/Expired on Nov 10, 2026/);
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(third!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: /^Withdraw\s*\(pending@example\.com\)$/ }));
    expect(await screen.findByText('The invitation to pending@example.com no longer works.', undefined, WAIT)).toBeInTheDocument();
    expect(server.sent('DELETE').map((r) => r.path)).toEqual([`/api/admin/invitations/${pending.id}`]);
    await waitFor(async () => expect(addresses(await invitationList())).toEqual(['accepted@example.com', 'expired@example.com']), WAIT);
  });
});
