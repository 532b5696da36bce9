import type { OutboxPage } from '@shared/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildAdminSettings, buildOutboxMessage, settingsServer } from '../testing/admin-fixtures';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };
const SLOW = { timeout: 20_000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const admin = buildMe({ user: { email: 'admin@example.com' }, profile: { isAdmin: true, firstName: 'Alex' } });
const emptyOutbox: OutboxPage = { kept: true, items: [], total: 0, page: 1, pageCount: 1 };

/** The Email Tools tab against stand-in routes; `outboxPages` lists the ?page= of every outbox request. */
function setup(overrides: Record<string, Handler> = {}, outbox: (page: number) => OutboxPage = () => emptyOutbox) {
  const server = settingsServer(buildAdminSettings());
  let page = 1;
  const outboxPages: number[] = [];
  const network = mockFetch({
    ...baseHandlers(admin),
    ...server.handlers,
    'GET /api/admin/outbox': () => json(outbox(page)),
    ...overrides,
  });
  // The stand-in network ignores the query string; the outbox's page is read from it here.
  const respond = network.fetchMock.getMockImplementation()!;
  network.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
    if (url.pathname === '/api/admin/outbox') {
      page = Number(url.searchParams.get('page') ?? '1');
      outboxPages.push(page);
    }
    return respond(input, init);
  });
  const view = renderApp('/home/admin');
  const posts = (path: string) => network.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body);
  return { ...network, ...view, posts, outboxPages };
}

const section = (name: string) => screen.findByRole('region', { name }, WAIT);

describe('email tester', SLOW, () => {
  it('needs a recipient, sends the message, says so and refreshes the outbox', async () => {
    const { user, posts, outboxPages } = setup({ 'POST /api/admin/email/test': () => new Response(null, { status: 204 }) });
    const card = await section('Email tester');
    await waitFor(() => expect(outboxPages).toEqual([1]), WAIT);

    await user.click(within(card).getByRole('button', { name: 'Send test email' }));
    expect(await within(card).findByText('Recipient is required', undefined, WAIT)).toBeInTheDocument();
    expect(posts('/api/admin/email/test')).toEqual([]);

    await user.type(within(card).getByLabelText('Recipient'), 'friend@example.com');
    await user.type(within(card).getByLabelText('Subject'), 'Checking');
    await user.type(within(card).getByLabelText('Body (HTML)'), '<p>Hello</p>');
    await user.click(within(card).getByRole('button', { name: 'Send test email' }));

    expect(await screen.findByText('Email sent successfully', undefined, WAIT)).toBeInTheDocument();
    expect(posts('/api/admin/email/test')).toEqual([{ to: 'friend@example.com', subject: 'Checking', html: '<p>Hello</p>' }]);
    await waitFor(() => expect(outboxPages).toEqual([1, 1]), WAIT);
  });

  it('says "Failed to send email" when the mail provider refuses', async () => {
    const { user } = setup({ 'POST /api/admin/email/test': () => apiError(502, 'MAIL_SEND_FAILED') });
    const card = await section('Email tester');
    await user.type(within(card).getByLabelText('Recipient'), 'friend@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('Failed to send email', undefined, WAIT)).toBeInTheDocument();
    expect(within(card).getByLabelText('Recipient')).toHaveValue('friend@example.com');
  });
});

describe('reminder templates', SLOW, () => {
  it('explains the first-name placeholder and saves only the four template fields: "Template saved"', async () => {
    const { user, requests } = setup();
    const card = await section('Reminder templates');
    expect(card).toHaveTextContent('{first_name} becomes the person\'s first name, or "User" when there is none.');
    const subject = within(card).getByLabelText('Subject (French)');
    expect(subject).toHaveValue('Souvenir t’attend quand tu veux');
    await user.clear(subject);
    await user.type(subject, 'Un petit mot pour toi');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Template saved', undefined, WAIT)).toBeInTheDocument();
    const settings = buildAdminSettings();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { reminderSubjectEn: settings.reminderSubjectEn, reminderBodyEn: settings.reminderBodyEn, reminderSubjectFr: 'Un petit mot pour toi', reminderBodyFr: settings.reminderBodyFr },
    ]);
  });

  it('says "Failed to save template" when saving fails', async () => {
    const { user } = setup({ 'PATCH /api/admin/settings': () => apiError(500, 'INTERNAL') });
    const card = await section('Reminder templates');
    await user.type(within(card).getByLabelText('Body, HTML (English)'), '<p>More</p>');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save template', undefined, WAIT)).toBeInTheDocument();
  });
});

describe('reminders', SLOW, () => {
  it('reminds people inactive for 7 days by default, checks the number, and counts what was sent and what failed', async () => {
    let result = { candidates: 3, sent: 2, failed: 1 };
    const { user, posts } = setup({ 'POST /api/admin/reminders/bulk': () => json(result) });
    const card = await section('Remind inactive people');
    const days = within(card).getByLabelText('Days without a conversation');
    expect(days).toHaveValue(7);

    await user.clear(days);
    await user.click(within(card).getByRole('button', { name: 'Send reminders' }));
    expect(await within(card).findByText('Please enter a valid number of days (minimum 1)', undefined, WAIT)).toBeInTheDocument();
    await user.type(days, '0');
    await user.click(within(card).getByRole('button', { name: 'Send reminders' }));
    expect(within(card).getByText('Please enter a valid number of days (minimum 1)')).toBeInTheDocument();
    expect(posts('/api/admin/reminders/bulk')).toEqual([]);

    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(card).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('Successfully sent 2 reminder emails', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Failed to send 1 reminder email')).toBeInTheDocument();
    expect(posts('/api/admin/reminders/bulk')).toEqual([{ days: 7 }]);

    result = { candidates: 0, sent: 0, failed: 0 };
    await user.click(within(card).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('No users found who need reminders', undefined, WAIT)).toBeInTheDocument();
  });

  it('reminds one person by address, in the spec’s words for each outcome', async () => {
    let answer: () => Response = () => json({ candidates: 1, sent: 1, failed: 0 });
    const { user, posts } = setup({ 'POST /api/admin/reminders/single': () => answer() });
    const card = await section('Remind one person');
    const send = within(card).getByRole('button', { name: 'Send reminder' });
    const email = within(card).getByLabelText('Their e-mail address');

    await user.click(send);
    expect(await within(card).findByText('Please enter an email address', undefined, WAIT)).toBeInTheDocument();
    expect(posts('/api/admin/reminders/single')).toEqual([]);

    await user.type(email, 'lea@example.com');
    await user.click(send);
    expect(await screen.findByText('Reminder email sent successfully', undefined, WAIT)).toBeInTheDocument();
    expect(posts('/api/admin/reminders/single')).toEqual([{ email: 'lea@example.com' }]);

    answer = () => apiError(404, 'USER_NOT_FOUND');
    await user.click(send);
    expect(await screen.findByText('User not found with this email address', undefined, WAIT)).toBeInTheDocument();

    answer = () => apiError(409, 'REMINDERS_OPTED_OUT');
    await user.click(send);
    expect(await screen.findByText('This person has unsubscribed from reminders.', undefined, WAIT)).toBeInTheDocument();

    answer = () => json({ candidates: 1, sent: 0, failed: 1 });
    await user.click(send);
    expect(await screen.findByText('Failed to send reminder email', undefined, WAIT)).toBeInTheDocument();
  });
});

describe('outbox', SLOW, () => {
  it('says nothing is kept when e-mail goes out through SMTP', async () => {
    setup({}, () => ({ kept: false, items: [], total: 0, page: 1, pageCount: 0 }));
    const card = await section('Outbox');
    expect(await within(card).findByText(/E-mail goes out for real through SMTP/, undefined, WAIT)).toBeInTheDocument();
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists messages newest first, pages through them, and shows one in a sandbox where its scripts cannot run', async () => {
    const hostile = buildOutboxMessage({
      subject: 'A message with a script',
      to: 'lea@example.com',
      html: '<p>Hi</p><script>window.parent.__outboxScriptRan = true</script><img src="x" onerror="window.parent.__outboxScriptRan = true">',
      text: 'Hi\n\nStop these reminders: http://localhost/unsubscribe?u=1&t=2',
    });
    const pages: Record<number, OutboxPage> = {
      1: { kept: true, items: [hostile, buildOutboxMessage({ subject: 'Older one' })], total: 21, page: 1, pageCount: 2 },
      2: { kept: true, items: [buildOutboxMessage({ subject: 'The oldest' })], total: 21, page: 2, pageCount: 2 },
    };
    const { user, outboxPages } = setup({}, (page) => pages[page]!);
    const card = await section('Outbox');
    const list = await within(card).findByRole('list', { name: 'Messages' }, WAIT);
    expect(within(list).getAllByRole('button').map((b) => b.firstChild?.textContent)).toEqual(['A message with a script', 'Older one']);
    expect(within(card).getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /Next/ }));
    expect(await within(card).findByText('The oldest', undefined, WAIT)).toBeInTheDocument();
    expect(outboxPages).toContain(2);
    expect(within(card).getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: /Previous/ }));

    await user.click(await within(card).findByRole('button', { name: /A message with a script/ }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'A message with a script' }, WAIT);
    expect(dialog).toHaveTextContent('To lea@example.com');
    const frame = within(dialog).getByTitle('Message content');
    expect(frame.tagName).toBe('IFRAME');
    // No permission at all: no scripts, no same origin, no forms, no popups.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(hostile.html);
    // The message's markup never becomes part of this page.
    expect(document.querySelector('script')?.textContent ?? '').not.toContain('__outboxScriptRan');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect((window as unknown as { __outboxScriptRan?: boolean }).__outboxScriptRan).toBeUndefined();
    expect(within(dialog).getByTestId('admin-outbox-text')).toHaveTextContent('Stop these reminders: http://localhost/unsubscribe?u=1&t=2');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
  });

  it('says when the outbox cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = setup({}, () => {
      if (fail) throw new Error('unreachable');
      return emptyOutbox;
    });
    // A thrown handler is a network failure for the page.
    const card = await section('Outbox');
    const alert = await within(card).findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("The outbox couldn't be loaded.");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No messages yet. A test e-mail or a reminder will appear here.', undefined, WAIT)).toBeInTheDocument();
  });
});
