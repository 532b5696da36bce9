import type { Ticket } from '@shared/contracts/support';
import { SUPPORT_MESSAGE_MIN_PX } from '@shared/limits';
import { render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildTicket } from '@web/testing/ticket-fixtures';
import { TicketStatusBadge } from '@web/components/ticket-status-badge';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

function supportServer(tickets: Ticket[] = [], overrides: Record<string, Handler> = {}, me = buildMe()) {
  return mockFetch({
    ...baseHandlers(me),
    'GET /api/support/tickets': () => json({ items: tickets }),
    ...overrides,
  });
}

const longDateTime = (iso: string, language = 'en') => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

async function openForm(path = '/home/support') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Support' }, WAIT);
  return view;
}

describe('support page: the new-ticket form', () => {
  it('opens on the New ticket tab with the description, the two fields and a tall message box', async () => {
    supportServer();
    const { router } = await openForm();

    expect(screen.getByRole('tab', { name: 'New ticket' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText(/Tell us what's going on/)).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveStyle({ minHeight: `${SUPPORT_MESSAGE_MIN_PX}px` });
    expect(router.state.location.search).toBe('');
  });

  it('says what is too short, with the server’s words, and sends nothing', async () => {
    const { requests } = supportServer();
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Subject'), 'Hey');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Subject must be at least 5 characters', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 20 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows "Submitting…" with a spinner and locks the fields while it sends, then resets and opens History', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const created = buildTicket({ subject: 'A question about images', message: 'Can I download my memories in a larger size?' });
    const tickets: Ticket[] = [];
    const { requests } = supportServer(tickets, {
      'POST /api/support/tickets': async () => {
        await held;
        tickets.unshift(created);
        return json(created, 201);
      },
    });
    const { user, router } = await openForm();

    await user.type(screen.getByLabelText('Subject'), '  A question about images ');
    await user.type(screen.getByLabelText('Message'), created.message);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const submitting = await screen.findByRole('button', { name: 'Submitting…' }, WAIT);
    expect(submitting).toBeDisabled();
    expect(submitting.querySelector('[data-spinner]')).not.toBeNull();
    expect(screen.getByLabelText('Subject')).toBeDisabled();
    expect(screen.getByLabelText('Message')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    release();
    expect(await screen.findByText("Your message has been sent. You'll find our answer in your history.", undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true'), WAIT);
    expect(router.state.location.search).toBe('?tab=history');
    const card = await screen.findByRole('article', { name: 'A question about images' }, WAIT);
    expect(within(card).getByTestId('ticket-status')).toHaveTextContent('Open');
    // The subject went out trimmed, as the schema reads it.
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ subject: 'A question about images', message: created.message });

    // Back on the form, it is empty again.
    await user.click(screen.getByRole('tab', { name: 'New ticket' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('keeps everything typed when sending fails, and says why (too many tickets)', async () => {
    supportServer([], { 'POST /api/support/tickets': () => apiError(429, 'RATE_LIMITED') });
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Subject'), 'Still waiting');
    await user.type(screen.getByLabelText('Message'), 'I wrote earlier today and wanted to add something.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Failed to submit support ticket', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("You've sent several messages in a short time. Please wait a little before writing again.")).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Still waiting');
    expect(screen.getByLabelText('Message')).toHaveValue('I wrote earlier today and wanted to add something.');
    expect(screen.getByRole('tab', { name: 'New ticket' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('Cancel leads home when Support was opened directly', async () => {
    supportServer();
    const { user, router } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), WAIT);
  });

  it('speaks French, validation messages included', async () => {
    await i18n.changeLanguage('fr');
    supportServer([], {}, buildMe({ profile: { defaultLanguage: 'fr' } }));
    const { user } = renderApp('/home/support');

    await screen.findByRole('heading', { level: 1, name: 'Assistance' }, WAIT);
    expect(screen.getByRole('tab', { name: 'Nouveau ticket' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Objet'), 'Aïe');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('L’objet doit contenir au moins 5 caractères', undefined, WAIT)).toBeInTheDocument();
  });
});

describe('support page: the history', () => {
  it('keeps the tab in the address and shows each ticket with its badge, dates, message and our answer', async () => {
    const answered = buildTicket({
      subject: 'Changing my e-mail',
      message: 'How do I change\nmy e-mail address?',
      status: 'answered',
      createdAt: '2026-03-10T09:30:00.000Z',
      adminResponse: 'You can change it from your profile.',
      adminResponseAt: '2026-03-11T16:45:00.000Z',
    });
    const open = buildTicket({ subject: 'A kind word', status: 'open', createdAt: '2026-03-12T08:00:00.000Z' });
    const closed = buildTicket({ subject: 'Old question', status: 'closed' });
    supportServer([open, answered, closed]);
    renderApp('/home/support?tab=history');

    const list = await screen.findByRole('list', { name: 'Your messages' }, WAIT);
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(within(list).getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'A kind word',
      'Changing my e-mail',
      'Old question',
    ]);

    const card = within(list).getByRole('article', { name: 'Changing my e-mail' });
    expect(within(card).getByTestId('ticket-status')).toHaveTextContent('Answered');
    expect(within(card).getByText(`Sent on ${longDateTime(answered.createdAt)}`)).toBeInTheDocument();
    expect(within(card).getByText(/How do I change/)).toHaveClass('whitespace-pre-wrap');
    const answer = within(card).getByRole('region', { name: 'Our answer' });
    expect(within(answer).getByText('You can change it from your profile.')).toBeInTheDocument();
    expect(within(answer).getByText(`Answered on ${longDateTime(answered.adminResponseAt!)}`)).toBeInTheDocument();

    const openCard = within(list).getByRole('article', { name: 'A kind word' });
    expect(within(openCard).queryByRole('region', { name: 'Our answer' })).not.toBeInTheDocument();
    expect(within(openCard).getByTestId('ticket-status')).toHaveAttribute('data-status', 'open');
    expect(within(within(list).getByRole('article', { name: 'Old question' })).getByTestId('ticket-status')).toHaveTextContent('Closed');
  });

  it('shows an unknown status in light grey, first letter capitalised', () => {
    // The contract only knows three statuses: the badge's fallback is tried on its own here.
    render(<TicketStatusBadge status="pending" />);
    const badge = screen.getByTestId('ticket-status');
    expect(badge).toHaveTextContent('Pending');
    expect(badge.className).toContain('bg-[#f5f4f2]');
  });

  it('says so kindly when there are no tickets, and leads back to the form', async () => {
    supportServer([]);
    const { user, router } = renderApp('/home/support?tab=history');

    expect(await screen.findByText(/You haven't written to us yet/, undefined, WAIT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write to us' }));
    expect(screen.getByRole('tab', { name: 'New ticket' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('');
  });

  it('shows a spinner while loading, and the empty state with a quiet retry when the list fails', async () => {
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    supportServer([], {
      'GET /api/support/tickets': async () => {
        await held;
        return fail ? apiError(500, 'INTERNAL') : json({ items: [buildTicket({ subject: 'Back again' })] });
      },
    });
    const { user } = renderApp('/home/support?tab=history');

    expect(await screen.findByText('Loading your messages…', undefined, WAIT)).toBeInTheDocument();
    release();
    expect(await screen.findByText(/You haven't written to us yet/, undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("We couldn't load your messages just now.")).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back again' }, WAIT)).toBeInTheDocument();
  });
});
