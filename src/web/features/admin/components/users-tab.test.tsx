import { ADMIN_USERS_PAGE_SIZE, type AdminUsersPage } from '@shared/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };
const SLOW = { timeout: 20_000 };

type AdminUser = AdminUsersPage['items'][number];

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const admin = buildMe({ user: { id: 'admin-1', email: 'admin@example.com' }, profile: { id: 'admin-1', isAdmin: true, firstName: 'Alex' } });

let userCount = 0;
function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  userCount += 1;
  return {
    id: `user-${userCount}`,
    email: `person-${userCount}@example.com`,
    firstName: 'Camille',
    isAdmin: false,
    freeAccess: false,
    subscriptionStatus: null,
    subscriptionEndsAt: null,
    createdAt: '2026-03-14T12:00:00.000Z',
    ...overrides,
  };
}

/**
 * A small stand-in for GET /api/admin/users (search by part of the e-mail, twenty a page) and the
 * free-access switch; `queries` lists the search and page of every list request.
 */
function usersServer(people: AdminUser[], options: { list?: () => Response | undefined; freeAccess?: () => Response | undefined } = {}) {
  const queries: { search: string; page: number }[] = [];
  const network = mockFetch(baseHandlers(admin));
  const respond = network.fetchMock.getMockImplementation()!;
  network.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/admin/users' && method === 'GET') {
      const search = url.searchParams.get('search') ?? '';
      const page = Number(url.searchParams.get('page') ?? '1');
      queries.push({ search, page });
      const failed = options.list?.();
      if (failed) return Promise.resolve(failed);
      const found = people.filter((p) => p.email.toLowerCase().includes(search.toLowerCase()));
      const items = found.slice((page - 1) * ADMIN_USERS_PAGE_SIZE, page * ADMIN_USERS_PAGE_SIZE);
      return Promise.resolve(json({ items, total: found.length, page, pageCount: Math.ceil(found.length / ADMIN_USERS_PAGE_SIZE) }));
    }
    const match = /^\/api\/admin\/users\/([^/]+)\/free-access$/.exec(url.pathname);
    if (match && method === 'PUT') {
      const body = JSON.parse(init!.body as string) as { freeAccess: boolean };
      network.requests.push({ method, path: url.pathname, body });
      const failed = options.freeAccess?.();
      if (failed) return Promise.resolve(failed);
      const person = people.find((p) => p.id === decodeURIComponent(match[1]!))!;
      person.freeAccess = body.freeAccess;
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return respond(input, init);
  });
  const puts = () => network.requests.filter((r) => r.method === 'PUT').map((r) => ({ path: r.path, body: r.body }));
  return { ...network, queries, puts };
}

const usersRegion = () => screen.findByRole('region', { name: 'People' }, WAIT);
const emails = (region: HTMLElement) => within(region).queryAllByTestId('admin-user').map((row) => row.getAttribute('data-email'));
const row = (region: HTMLElement, email: string) => within(region).getAllByTestId('admin-user').find((r) => r.getAttribute('data-email') === email)!;

describe('users tab', SLOW, () => {
  it('lists each person with their e-mail, first name, joined date, marks and subscription', async () => {
    const future = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    usersServer([
      buildAdminUser({ id: 'admin-1', email: 'admin@example.com', firstName: 'Alex', isAdmin: true, freeAccess: true }),
      buildAdminUser({ email: 'lea@example.com', firstName: 'Léa', subscriptionStatus: 'active', subscriptionEndsAt: future }),
      buildAdminUser({ email: 'old@example.com', firstName: '', subscriptionStatus: 'canceled', subscriptionEndsAt: past }),
      buildAdminUser({ email: 'new@example.com' }),
    ]);
    renderApp('/home/admin?tab=users');

    const region = await usersRegion();
    await waitFor(() => expect(emails(region)).toEqual(['admin@example.com', 'lea@example.com', 'old@example.com', 'new@example.com']), WAIT);
    expect(within(region).getByTestId('admin-users-count')).toHaveTextContent('4 accounts');

    const format = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));
    const me = row(region, 'admin@example.com');
    expect(me).toHaveTextContent('(you)');
    expect(within(me).getByTestId('admin-user-marks')).toHaveTextContent('AdministratorFree access');
    expect(me).toHaveTextContent(`Joined ${format('2026-03-14T12:00:00.000Z')}`);
    expect(within(me).getByTestId('admin-user-subscription')).toHaveTextContent('No subscription');
    expect(within(me).getByRole('switch', { name: 'Free access for admin@example.com' })).toHaveAttribute('aria-checked', 'true');

    const lea = row(region, 'lea@example.com');
    expect(lea).toHaveTextContent('Léa');
    expect(lea).not.toHaveTextContent('Administrator');
    expect(within(lea).getByTestId('admin-user-subscription')).toHaveTextContent(`Active · renews on ${format(future)}`);
    expect(within(lea).getByRole('switch', { name: 'Free access for lea@example.com' })).toHaveAttribute('aria-checked', 'false');

    const old = row(region, 'old@example.com');
    expect(old).toHaveTextContent('No first name');
    expect(within(old).getByTestId('admin-user-subscription')).toHaveTextContent(`Cancelled · ended on ${format(past)}`);
  });

  it('searches by part of the e-mail once typing pauses, and keeps the search in the address', async () => {
    const server = usersServer([buildAdminUser({ email: 'lea.martin@example.com' }), buildAdminUser({ email: 'sam@example.com' })]);
    const { user, router } = renderApp('/home/admin?tab=users');

    const region = await usersRegion();
    await waitFor(() => expect(emails(region)).toHaveLength(2), WAIT);
    await user.type(within(region).getByLabelText('Search by e-mail'), 'mart');

    await waitFor(() => expect(emails(region)).toEqual(['lea.martin@example.com']), WAIT);
    // One request for what was typed, not one a key.
    expect(server.queries).toEqual([
      { search: '', page: 1 },
      { search: 'mart', page: 1 },
    ]);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('mart');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('users');
    expect(within(region).getByTestId('admin-users-count')).toHaveTextContent('1 account matches “mart”');

    await user.clear(within(region).getByLabelText('Search by e-mail'));
    await waitFor(() => expect(emails(region)).toHaveLength(2), WAIT);
    expect(router.state.location.search).toBe('?tab=users');
  });

  it('opens on the search named in the address, and says when nobody matches', async () => {
    const server = usersServer([buildAdminUser({ email: 'sam@example.com' })]);
    renderApp('/home/admin?tab=users&q=nobody');
    const region = await usersRegion();
    expect(within(region).getByLabelText('Search by e-mail')).toHaveValue('nobody');
    expect(await within(region).findByText('No e-mail address contains “nobody”. Check the spelling, or try a shorter part.', undefined, WAIT)).toBeInTheDocument();
    expect(server.queries).toEqual([{ search: 'nobody', page: 1 }]);
  });

  it('pages through twenty people at a time; a new search starts on its first page', async () => {
    const people = Array.from({ length: 25 }, (_, i) => buildAdminUser({ email: `friend-${String(i + 1).padStart(2, '0')}@example.com` }));
    const server = usersServer(people);
    const { user } = renderApp('/home/admin?tab=users');

    const region = await usersRegion();
    await waitFor(() => expect(emails(region)).toHaveLength(20), WAIT);
    const pages = within(region).getByRole('navigation', { name: 'Account pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(emails(region)).toHaveLength(5), WAIT);
    expect(within(region).getByRole('navigation', { name: 'Account pages' })).toHaveTextContent('Page 2 of 2');
    expect(within(region).getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.type(within(region).getByLabelText('Search by e-mail'), 'friend-');
    await waitFor(() => expect(server.queries.at(-1)).toEqual({ search: 'friend-', page: 1 }), WAIT);
    await waitFor(() => expect(within(region).getByRole('navigation', { name: 'Account pages' })).toHaveTextContent('Page 1 of 2'), WAIT);
  });

  it('grants and removes free access with the switch, and says so', async () => {
    const lea = buildAdminUser({ id: 'lea-id', email: 'lea@example.com' });
    const server = usersServer([lea]);
    const { user } = renderApp('/home/admin?tab=users');

    const region = await usersRegion();
    const toggle = await within(region).findByRole('switch', { name: 'Free access for lea@example.com' }, WAIT);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(within(row(region, 'lea@example.com')).queryByTestId('admin-user-marks')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByText('Free access granted', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole('switch', { name: 'Free access for lea@example.com' })).toHaveAttribute('aria-checked', 'true'), WAIT);
    expect(within(row(region, 'lea@example.com')).getByTestId('admin-user-marks')).toHaveTextContent('Free access');

    // The words beside the switch flip it too.
    await user.click(within(row(region, 'lea@example.com')).getByText('Free access', { selector: 'label' }));
    expect(await screen.findByText('Free access removed', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole('switch', { name: 'Free access for lea@example.com' })).toHaveAttribute('aria-checked', 'false'), WAIT);
    expect(server.puts()).toEqual([
      { path: '/api/admin/users/lea-id/free-access', body: { freeAccess: true } },
      { path: '/api/admin/users/lea-id/free-access', body: { freeAccess: false } },
    ]);
  });

  it('says when free access could not be changed, and leaves the switch as it was', async () => {
    usersServer([buildAdminUser({ email: 'lea@example.com' })], { freeAccess: () => apiError(500, 'INTERNAL') });
    const { user } = renderApp('/home/admin?tab=users');
    const region = await usersRegion();
    const toggle = await within(region).findByRole('switch', { name: 'Free access for lea@example.com' }, WAIT);
    await user.click(toggle);
    expect(await screen.findByText("Free access couldn't be changed", undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled(), WAIT);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('says when the accounts cannot be loaded, and tries again', async () => {
    let fail = true;
    usersServer([buildAdminUser({ email: 'lea@example.com' })], { list: () => (fail ? apiError(500, 'INTERNAL') : undefined) });
    const { user } = renderApp('/home/admin?tab=users');
    const region = await usersRegion();
    const alert = await within(region).findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("The accounts couldn't be loaded");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(emails(region)).toEqual(['lea@example.com']), WAIT);
  });
});
