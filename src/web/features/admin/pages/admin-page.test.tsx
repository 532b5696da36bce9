import type { AdminTicket, TicketStatus } from '@shared/contracts/support';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, buildPublicConfig, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildAdminTicket } from '@web/testing/ticket-fixtures';
import { buildAdminSettings, settingsHandlers } from '../testing/admin-fixtures';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const admin = buildMe({ user: { email: 'admin@example.com' }, profile: { isAdmin: true, firstName: 'Alex' } });

/** A small stand-in for the admin ticket routes: filters by ?status=, answers and closes. */
function ticketServer(tickets: AdminTicket[], overrides: Record<string, Handler> = {}) {
  const statuses: string[] = [];
  let url = new URL(window.location.origin);
  const network = mockFetch({
    ...baseHandlers(admin),
    'GET /api/admin/support/tickets': () => {
      const status = url.searchParams.get('status') ?? 'all';
      statuses.push(status);
      return json({ items: tickets.filter((t) => status === 'all' || t.status === status) });
    },
    ...overrides,
  });
  const respond = network.fetchMock.getMockImplementation()!;
  network.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (init?.method === 'POST') network.requests.push({ method: 'POST', path: url.pathname, body });
    const match = /^\/api\/admin\/support\/tickets\/([^/]+)\/(response|close)$/.exec(url.pathname);
    if (match && init?.method === 'POST' && !overrides[`POST ${url.pathname}`]) {
      const index = tickets.findIndex((t) => t.id === match[1]);
      const ticket = tickets[index]!;
      if (match[2] === 'close') {
        tickets[index] = { ...ticket, status: 'closed' };
        return Promise.resolve(json(tickets[index]));
      }
      const { response } = body as { response: string };
      tickets[index] = { ...ticket, status: 'answered', adminResponse: response, adminResponseAt: '2026-03-15T10:00:00.000Z' };
      return Promise.resolve(json({ ticket: tickets[index], notified: true }));
    }
    return respond(input, init);
  });
  return { ...network, statuses };
}

async function ticketsTab() {
  return screen.findByTestId('admin-support-tickets', undefined, WAIT);
}

const titles = (container: HTMLElement) =>
  within(container)
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);

describe('admin panel', () => {
  it('shows the tabs in the specification’s order, Email Tools first open, the tab kept in the address', async () => {
    ticketServer([], { ...settingsHandlers(), 'GET /api/admin/coupons': () => json({ language: 'en', coupons: {} }) });
    const { user, router } = renderApp('/home/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Administrator Panel' }, WAIT)).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Administration tools' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Email Tools',
      'Coupons',
      'Chat Prompt',
      'Agent Identity',
      'Image Settings',
      'Usage Limits',
      'Global',
      'AI',
      'Support Tickets',
      'Users',
    ]);
    expect(screen.getByRole('tab', { name: 'Email Tools' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('region', { name: 'Email tester' }, WAIT)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Coupons' }));
    expect(await screen.findByRole('region', { name: 'Coupon codes' }, WAIT)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=coupons');
  });

  it('says, above every tab, while the privacy contact is the placeholder nobody reads, in English and French', async () => {
    const placeholder = buildPublicConfig({ privacyEmail: 'privacy@souvenir.local', privacyContactPlaceholder: true });
    ticketServer([], { ...settingsHandlers(), 'GET /api/public-config': () => json(placeholder) });
    renderApp('/home/admin?tab=limits');
    const note = await screen.findByRole('note', { name: 'The privacy policy has no real contact address yet' }, WAIT);
    expect(note).toHaveTextContent('It tells people to write to privacy@souvenir.local, a placeholder that reaches nobody. Set PRIVACY_CONTACT');
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('note', { name: 'La politique de confidentialité n’a pas encore de vraie adresse de contact' }, WAIT)).toHaveTextContent(
      'Définis PRIVACY_CONTACT',
    );
  });

  it('says nothing of the privacy contact once a real one is configured', async () => {
    ticketServer([], settingsHandlers());
    renderApp('/home/admin?tab=limits');
    expect(await screen.findByRole('heading', { level: 2, name: 'Daily memory limit' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: /privacy policy/ })).not.toBeInTheDocument();
  });

  it('opens the tab named in the address', async () => {
    ticketServer([], settingsHandlers());
    renderApp('/home/admin?tab=limits');
    expect(await screen.findByRole('tab', { name: 'Usage Limits' }, WAIT)).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Daily memory limit' }, WAIT)).toBeInTheDocument();
  });

  it('says "Error loading settings" when they cannot be loaded, and tries again', async () => {
    let fail = true;
    ticketServer([], { 'GET /api/admin/settings': () => (fail ? apiError(500, 'INTERNAL') : json(buildAdminSettings())) });
    const { user } = renderApp('/home/admin?tab=prompt');

    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent('Error loading settings');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Chat prompt (English)', undefined, WAIT)).toHaveValue(buildAdminSettings().chatPrompt);
  });

  // The rule: a toast, and off to "/"; "/" itself sends a signed-in person on to /home (decision 0034).
  it('is never shown to someone who is not an administrator: a toast, then "/", which leads on to /home', async () => {
    const { requests } = mockFetch(baseHandlers(buildMe({ profile: { isAdmin: false } })));
    const { router } = renderApp('/home/admin?tab=support');
    const visited: string[] = [];
    const stop = router.subscribe((state) => visited.push(state.location.pathname));

    expect(await screen.findByText("You don't have administrator rights", undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), WAIT);
    stop();
    expect(visited.filter((path, i) => path !== visited[i - 1])).toEqual(['/', '/home']);
    // Both steps replace the address: Back does not reopen the panel.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Camille' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Administrator Panel' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });
});

describe('admin panel: support tickets', () => {
  it('lists every ticket newest first with who wrote it, its badge, date, message and any answer', async () => {
    const tickets = [
      buildAdminTicket({ subject: 'Newest', email: 'lea@example.com' }),
      buildAdminTicket({
        subject: 'Answered one',
        status: 'answered',
        adminResponse: 'It is fixed now.',
        adminResponseAt: '2026-03-13T18:00:00.000Z',
      }),
      buildAdminTicket({ subject: 'From a closed account', email: null, status: 'closed' }),
    ];
    ticketServer(tickets);
    renderApp('/home/admin?tab=support');

    const tab = await ticketsTab();
    await within(tab).findAllByRole('article', undefined, WAIT);
    expect(titles(tab)).toEqual(['Newest', 'Answered one', 'From a closed account']);
    expect(within(tab).getByRole('status')).toHaveTextContent('3 tickets');

    const newest = within(tab).getByRole('article', { name: 'Newest' });
    expect(within(newest).getByTestId('ticket-requester')).toHaveTextContent('lea@example.com');
    expect(within(newest).getByTestId('ticket-status')).toHaveTextContent('Open');
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(tickets[0]!.createdAt));
    expect(within(newest).getByText(`Sent on ${date}`)).toBeInTheDocument();

    const answered = within(tab).getByRole('article', { name: 'Answered one' });
    expect(within(answered).getByRole('region', { name: 'Your answer' })).toHaveTextContent('It is fixed now.');

    const closed = within(tab).getByRole('article', { name: 'From a closed account' });
    expect(within(closed).getByTestId('ticket-requester')).toHaveTextContent('Deleted account');
    expect(within(closed).getByTestId('ticket-status')).toHaveTextContent('Closed');
    // Closed: no Close button, but it can still be answered.
    expect(within(closed).queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Respond' })).toBeEnabled();
  });

  it('filters by status through the server, and keeps the filter in the address', async () => {
    const server = ticketServer([
      buildAdminTicket({ subject: 'Open one' }),
      buildAdminTicket({ subject: 'Answered one', status: 'answered', adminResponse: 'Yes.', adminResponseAt: '2026-03-14T13:00:00.000Z' }),
    ]);
    const { user, router } = renderApp('/home/admin?tab=support');

    const tab = await ticketsTab();
    await within(tab).findByRole('article', { name: 'Answered one' }, WAIT);
    await user.selectOptions(within(tab).getByLabelText('Show'), 'answered');

    await waitFor(() => expect(titles(tab)).toEqual(['Answered one']), WAIT);
    expect(server.statuses).toEqual(['all', 'answered']);
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('answered');

    await user.selectOptions(within(tab).getByLabelText('Show'), 'closed');
    expect(await within(tab).findByText('No closed tickets yet.', undefined, WAIT)).toBeInTheDocument();
  });

  it('keeps Send response disabled while the text is blank, then answers and says so', async () => {
    const tickets = [buildAdminTicket({ subject: 'Help with my account' })];
    const server = ticketServer(tickets);
    const { user } = renderApp('/home/admin?tab=support');

    const card = await screen.findByRole('article', { name: 'Help with my account' }, WAIT);
    await user.click(within(card).getByRole('button', { name: 'Respond' }));
    const box = within(card).getByLabelText('Your response');
    expect(box).toHaveFocus();
    const send = within(card).getByRole('button', { name: 'Send response' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();

    await user.type(box, 'Thank you for writing. It is sorted now.');
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await screen.findByText('Response submitted successfully', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('ticket-status')).toHaveTextContent('Answered'), WAIT);
    expect(within(card).getByRole('region', { name: 'Your answer' })).toHaveTextContent('Thank you for writing. It is sorted now.');
    expect(within(card).queryByLabelText('Your response')).not.toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('/response'))?.body).toEqual({ response: 'Thank you for writing. It is sorted now.' });
  });

  it('says when the e-mail could not be sent, though the answer is saved', async () => {
    const ticket = buildAdminTicket({ subject: 'No e-mail' });
    ticketServer([ticket], {
      [`POST /api/admin/support/tickets/${ticket.id}/response`]: () =>
        json({ ticket: { ...ticket, status: 'answered', adminResponse: 'Hello.', adminResponseAt: '2026-03-15T10:00:00.000Z' }, notified: false }),
    });
    const { user } = renderApp('/home/admin?tab=support');

    const card = await screen.findByRole('article', { name: 'No e-mail' }, WAIT);
    await user.click(within(card).getByRole('button', { name: 'Respond' }));
    await user.type(within(card).getByLabelText('Your response'), 'Hello.');
    await user.click(within(card).getByRole('button', { name: 'Send response' }));

    expect(await screen.findByText('Response submitted successfully', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("The e-mail couldn't be sent, but the answer is visible on the person's Support page.")).toBeInTheDocument();
  });

  it('keeps the text when answering fails', async () => {
    const ticket = buildAdminTicket({ subject: 'Will fail' });
    ticketServer([ticket], { [`POST /api/admin/support/tickets/${ticket.id}/response`]: () => apiError(500, 'INTERNAL') });
    const { user } = renderApp('/home/admin?tab=support');

    const card = await screen.findByRole('article', { name: 'Will fail' }, WAIT);
    await user.click(within(card).getByRole('button', { name: 'Respond' }));
    await user.type(within(card).getByLabelText('Your response'), 'An answer that will not arrive.');
    await user.click(within(card).getByRole('button', { name: 'Send response' }));

    expect(await screen.findByText('Failed to respond to ticket', undefined, WAIT)).toBeInTheDocument();
    expect(within(card).getByLabelText('Your response')).toHaveValue('An answer that will not arrive.');
  });

  it('closes a ticket: the badge turns to closed and Close disappears; a failure says so', async () => {
    const tickets = [buildAdminTicket({ subject: 'To close' }), buildAdminTicket({ subject: 'Cannot close' })];
    ticketServer(tickets, { [`POST /api/admin/support/tickets/${tickets[1]!.id}/close`]: () => apiError(404, 'NOT_FOUND') });
    const { user } = renderApp('/home/admin?tab=support');

    const card = await screen.findByRole('article', { name: 'To close' }, WAIT);
    await user.click(within(card).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Ticket closed successfully', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('ticket-status')).toHaveAttribute('data-status', 'closed' satisfies TicketStatus), WAIT);
    expect(within(card).queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Respond' })).toBeInTheDocument();

    const other = screen.getByRole('article', { name: 'Cannot close' });
    await user.click(within(other).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Failed to close ticket', undefined, WAIT)).toBeInTheDocument();
    expect(within(other).getByTestId('ticket-status')).toHaveTextContent('Open');
  });

  it('says when the tickets cannot be loaded, and tries again', async () => {
    let fail = true;
    ticketServer([], {
      'GET /api/admin/support/tickets': () => (fail ? apiError(500, 'INTERNAL') : json({ items: [buildAdminTicket({ subject: 'Loaded at last' })] })),
    });
    const { user } = renderApp('/home/admin?tab=support');

    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent('Failed to load support tickets');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Loaded at last' }, WAIT)).toBeInTheDocument();
  });
});
