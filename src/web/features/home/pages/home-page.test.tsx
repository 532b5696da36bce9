import type { ChatStatusResponse } from '@shared/contracts/chat';
import type { MemorySummary } from '@shared/contracts/memories';
import { SKELETON_CARD_COUNT } from '@shared/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '@web/lib/api/get-me';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { HomePage } from './home-page';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function buildStatus(overrides: { journalDays?: number; active?: boolean; freeAccess?: boolean; firstName?: string } = {}): ChatStatusResponse {
  const { journalDays = 0, active = false, freeAccess = false, firstName = 'Camille' } = overrides;
  return {
    journalDays,
    hasAccess: active || freeAccess || journalDays === 0,
    subscription: { active: active || freeAccess, freeAccess },
    generation: { remaining: 1, limit: 1, canGenerate: true },
    agent: { name: 'Luna', avatarUrl: null, gender: 'feminine' },
    firstName,
    voice: false,
    companion: 'offline',
  };
}

function buildMemory(n: number, overrides: Partial<MemorySummary> = {}): MemorySummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Memory ${n}`,
    imageUrl: `/api/files/artworks/${n}.png`,
    imageSources: [],
    thumbnailUrl: `/api/files/artworks/${n}.thumb.webp`,
    liked: false,
    createdAt: `2026-03-${String(n).padStart(2, '0')}T12:00:00.000Z`,
    conversationId: null,
    ...overrides,
  };
}

const never = () => new Promise<Response>(() => {});

function homeHandlers({
  status = buildStatus(),
  memories = [],
  me = buildMe(),
}: { status?: ChatStatusResponse; memories?: MemorySummary[]; me?: ReturnType<typeof buildMe> } = {}) {
  return {
    ...baseHandlers(me),
    'GET /api/chat/status': () => json(status),
    'GET /api/memories/recent': () => json({ items: memories }),
  };
}

async function mainButton() {
  const button = await screen.findByTestId('home-main-action');
  await waitFor(() => expect(button).not.toBeDisabled());
  return button;
}

describe('home: greeting and main button', () => {
  it('greets by first name and offers the free first session before any journaled day', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 0 }) }));
    const { user, router } = renderApp('/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Camille' })).toBeInTheDocument();
    expect(await screen.findByText('Your first session is free.')).toBeInTheDocument();
    const button = await mainButton();
    expect(button).toHaveAccessibleName("Start today's session");
    expect(screen.queryByTestId('home-subscription-note')).not.toBeInTheDocument();

    await user.click(button);
    expect(router.state.location.pathname).toBe('/home/chat');
  });

  it('lets a subscriber start today and counts the days in the plural', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 3, active: true }) }));
    const { user, router } = renderApp('/home');

    expect(await screen.findByText("You've journaled 3 days")).toBeInTheDocument();
    const button = await mainButton();
    expect(button).toHaveAccessibleName("Start today's session");
    await user.click(button);
    expect(router.state.location.pathname).toBe('/home/chat');
  });

  it('asks to subscribe after the free day, says why, and leads to pricing', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 1 }) }));
    const { user, router } = renderApp('/home');

    expect(await screen.findByText("You've journaled 1 day")).toBeInTheDocument();
    const button = await mainButton();
    expect(button).toHaveAccessibleName('Subscribe');
    expect(button).toHaveAccessibleDescription('Your first session was free. A subscription is required to continue.');
    await user.click(button);
    expect(router.state.location.pathname).toBe('/home/pricing');
  });

  it('notes free access, which counts as a subscription', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 5, freeAccess: true }) }));
    const { user, router } = renderApp('/home');

    expect(await screen.findByText('You have free access to Souvenir.')).toBeInTheDocument();
    const button = await mainButton();
    expect(button).toHaveAccessibleName("Start today's session");
    await user.click(button);
    expect(router.state.location.pathname).toBe('/home/chat');
  });

  it('shows no free-access note otherwise', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 5, active: true }) }));
    renderApp('/home');
    await mainButton();
    expect(screen.queryByTestId('home-free-access')).not.toBeInTheDocument();
  });

  it('falls back to a generic welcome without a first name', async () => {
    mockFetch(homeHandlers({ me: buildMe({ profile: { firstName: '  ' } }), status: buildStatus({ firstName: '' }) }));
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
  });

  it('keeps the button disabled, going nowhere, while the access is being checked', async () => {
    mockFetch({ ...homeHandlers(), 'GET /api/chat/status': never });
    const { user, router } = renderApp('/home');

    const button = await screen.findByTestId('home-main-action');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleName('Checking your access…');
    await user.click(button);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('says "An error occurred" when the status cannot load, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...homeHandlers(),
      'GET /api/chat/status': () => (fail ? apiError(500, 'INTERNAL') : json(buildStatus({ journalDays: 2, active: true }))),
    });
    const { user } = renderApp('/home');

    const today = await screen.findByTestId('home-today');
    await waitFor(() => expect(today).toHaveAttribute('data-state', 'error'));
    expect(within(today).getByRole('alert')).toHaveTextContent('An error occurred');
    expect(screen.queryByTestId('home-main-action')).not.toBeInTheDocument();

    fail = false;
    await user.click(within(today).getByRole('button', { name: 'Try again' }));
    expect(await mainButton()).toHaveAccessibleName("Start today's session");
    expect(screen.getByText("You've journaled 2 days")).toBeInTheDocument();
  });
});

describe('home: French wording', () => {
  const frenchMe = buildMe({ profile: { defaultLanguage: 'fr' } });

  it('uses the singular for one day', async () => {
    mockFetch(homeHandlers({ me: frenchMe, status: buildStatus({ journalDays: 1 }) }));
    renderApp('/home');
    expect(await screen.findByText('Tu as tenu ton journal pendant 1 jour')).toBeInTheDocument();
    expect(await mainButton()).toHaveAccessibleName('S’abonner');
  });

  it('uses the plural for several days', async () => {
    mockFetch(homeHandlers({ me: frenchMe, status: buildStatus({ journalDays: 3, active: true }) }));
    renderApp('/home');
    expect(await screen.findByText('Tu as tenu ton journal pendant 3 jours')).toBeInTheDocument();
    expect(await mainButton()).toHaveAccessibleName('Commencer la conversation du jour');
  });

  it('has its own line before the first day (never « 0 jour »)', async () => {
    mockFetch(homeHandlers({ me: frenchMe, status: buildStatus({ journalDays: 0 }) }));
    renderApp('/home');
    expect(await screen.findByText('Ta première conversation est offerte.')).toBeInTheDocument();
  });
});

describe('home: memories grid', () => {
  it(`rests on ${SKELETON_CARD_COUNT} skeleton cards while loading`, async () => {
    mockFetch({ ...homeHandlers(), 'GET /api/memories/recent': never });
    renderApp('/home');

    const grid = await screen.findByTestId('home-memories');
    expect(grid).toHaveAttribute('data-state', 'loading');
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).getAllByTestId('memory-card-skeleton')).toHaveLength(SKELETON_CARD_COUNT);
    expect(within(grid).getByRole('status')).toHaveTextContent('Loading your memories…');
  });

  it('shows the latest six, newest first, as museum labels in the long date format', async () => {
    const memories = [1, 2, 3, 4, 5, 6].map((n) => buildMemory(n));
    const { requests } = mockFetch(homeHandlers({ memories }));
    const { user, router } = renderApp('/home');

    const grid = await screen.findByTestId('home-memories');
    await waitFor(() => expect(grid).toHaveAttribute('data-state', 'ready'));
    expect(within(grid).getByRole('heading', { level: 2, name: 'Your recent memories' })).toBeInTheDocument();

    const cards = within(grid).getAllByTestId('memory-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Memory 6',
      'Memory 5',
      'Memory 4',
      'Memory 3',
      'Memory 2',
      'Memory 1',
    ]);
    const image = within(cards[0]!).getByRole('img', { name: 'Memory 6' });
    // Cards load the 512 px thumbnail, never the full artwork.
    expect(image).toHaveAttribute('src', '/api/files/artworks/6.thumb.webp');
    // The first row is what the page shows first: fetched at once, the first picture first; the rest wait.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(within(cards[3]!).getByRole('img', { name: 'Memory 3' })).toHaveAttribute('loading', 'lazy');
    const link = within(cards[0]!).getByRole('link', { name: 'Memory 6 March 6, 2026' });
    expect(link).toHaveAttribute('href', `/home/memories/${memories[5]!.id}`);
    expect(requests.find((r) => r.path === '/api/memories/recent')).toBeDefined();

    expect(within(grid).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/home/memories');
    await user.click(link);
    expect(router.state.location.pathname).toBe(`/home/memories/${memories[5]!.id}`);
  });

  it('falls back to the full image when a memory has no thumbnail', async () => {
    mockFetch(homeHandlers({ memories: [buildMemory(1, { thumbnailUrl: null })] }));
    renderApp('/home');
    expect(await screen.findByRole('img', { name: 'Memory 1' })).toHaveAttribute('src', '/api/files/artworks/1.png');
  });

  it('gives each card a heart, and a way to the conversation only when there is one', async () => {
    const memories = [buildMemory(1, { liked: true }), buildMemory(2, { conversationId: 'conversation-2' })];
    const patches: unknown[] = [];
    mockFetch({
      ...homeHandlers({ memories }),
      // The server keeps the like, so the refetch after it agrees.
      [`PATCH /api/memories/${memories[1]!.id}`]: (request) => {
        patches.push(request.body);
        memories[1] = { ...memories[1]!, liked: true };
        return json({ ...memories[1], poeticSummary: null, shareToken: null, imageOrigin: null });
      },
    });
    const { user } = renderApp('/home');

    const first = await screen.findByRole('article', { name: 'Memory 1' });
    const second = screen.getByRole('article', { name: 'Memory 2' });
    expect(within(first).getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).queryByRole('button', { name: 'View conversation' })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'View conversation' })).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Add to favorites' }));
    expect(await within(second).findByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Added to your favorites')).toBeInTheDocument();
    expect(patches).toEqual([{ liked: true }]);
  });

  it('writes the dates in French for a French reader', async () => {
    mockFetch(homeHandlers({ me: buildMe({ profile: { defaultLanguage: 'fr' } }), memories: [buildMemory(3)] }));
    renderApp('/home');
    expect(await screen.findByText('3 mars 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tout voir' })).toHaveAttribute('href', '/home/memories');
  });

  it('invites a first conversation when there is no memory yet', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 0 }), memories: [] }));
    const { user, router } = renderApp('/home');

    const grid = await screen.findByTestId('home-memories');
    await waitFor(() => expect(grid).toHaveAttribute('data-state', 'empty'));
    expect(within(grid).getByText('Your first memory is waiting')).toBeInTheDocument();
    expect(within(grid).queryByRole('link', { name: 'View all' })).not.toBeInTheDocument();
    const start = within(grid).getByRole('button', { name: 'Start a conversation' });
    await waitFor(() => expect(start).not.toBeDisabled());
    await user.click(start);
    expect(router.state.location.pathname).toBe('/home/chat');
  });

  it("routes the empty state's button like the main one", async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 2 }), memories: [] }));
    const { user, router } = renderApp('/home');
    await mainButton();
    await user.click(await screen.findByRole('button', { name: 'Start a conversation' }));
    expect(router.state.location.pathname).toBe('/home/pricing');
  });

  it('says what went wrong and loads again on "Try again"', async () => {
    let fail = true;
    mockFetch({
      ...homeHandlers(),
      'GET /api/memories/recent': () => (fail ? apiError(503, 'INTERNAL') : json({ items: [buildMemory(1)] })),
    });
    const { user } = renderApp('/home');

    const grid = await screen.findByTestId('home-memories');
    await waitFor(() => expect(grid).toHaveAttribute('data-state', 'error'));
    expect(within(grid).getByRole('alert')).toHaveTextContent("We couldn't load your memories.");

    fail = false;
    await user.click(within(grid).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(grid).toHaveAttribute('data-state', 'ready'));
    expect(within(grid).getByRole('img', { name: 'Memory 1' })).toBeInTheDocument();
  });
});

describe('home: signed out', () => {
  // /home is protected in the app; the page still copes when the session disappears under it.
  function renderSignedOut() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(meQueryKey, null);
    const router = createMemoryRouter(
      [
        { path: '/home', element: <HomePage /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/home'] },
    );
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    return { router, user };
  }

  it('prompts to sign in instead of the grid', async () => {
    const { requests } = mockFetch(baseHandlers(null));
    renderSignedOut();

    const grid = screen.getByTestId('home-memories');
    expect(grid).toHaveAttribute('data-state', 'signed-out');
    expect(within(grid).getByText('Sign in to see your memories.')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(requests.map((r) => r.path)).not.toContain('/api/memories/recent');
  });

  it('answers the main button with an error instead of a page', async () => {
    mockFetch(baseHandlers(null));
    const { user, router } = renderSignedOut();

    await user.click(screen.getByTestId('home-main-action'));
    expect(await screen.findByText('You need to be signed in to start a session')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});

describe('home: today\'s generations', () => {
  it('says how many memories are left today', async () => {
    mockFetch(homeHandlers({ status: buildStatus({ journalDays: 0 }) }));
    renderApp('/home');
    expect(await screen.findByTestId('home-generation-limit')).toHaveTextContent('1 of 1 memory left today');
  });

  it('says when today\'s memory is already made', async () => {
    const status = { ...buildStatus({ journalDays: 2, active: true }), generation: { remaining: 0, limit: 1, canGenerate: false } };
    mockFetch(homeHandlers({ status }));
    renderApp('/home');
    expect(await screen.findByTestId('home-generation-limit')).toHaveTextContent('Today’s memory is made. The next one can be created tomorrow.');
  });
});

describe('home: temporary image banner', () => {
  const ids = [buildMemory(1).id, buildMemory(2).id];

  it('is hidden when no image waits to be moved', async () => {
    const { requests } = mockFetch({ ...homeHandlers(), 'GET /api/memories/migration': () => json({ pending: 0, ids: [] }) });
    renderApp('/home');
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/memories/migration'));
    expect(screen.queryByTestId('image-migration-banner')).not.toBeInTheDocument();
  });

  it('moves each image in turn and reports successes and failures', async () => {
    let pending = [...ids];
    const { requests } = mockFetch({
      ...homeHandlers(),
      'GET /api/memories/migration': () => json({ pending: pending.length, ids: pending }),
      [`POST /api/memories/migration/${ids[0]}`]: () => {
        pending = pending.filter((id) => id !== ids[0]);
        return json({ imageUrl: '/files/memories/u/a.png' });
      },
      [`POST /api/memories/migration/${ids[1]}`]: () => apiError(502, 'IMAGE_MIGRATION_FAILED'),
    });
    const { user } = renderApp('/home');

    const banner = await screen.findByTestId('image-migration-banner');
    expect(within(banner).getByRole('heading', { name: '2 memories still use a temporary image' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Keep them safe' }));

    expect(await screen.findByText('1 image could not be moved. Try again later.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(ids.map((id) => `/api/memories/migration/${id}`));
    // The list is asked again: one memory is still waiting.
    expect(await screen.findByRole('heading', { name: '1 memory still uses a temporary image' })).toBeInTheDocument();
  });

  it('says so when every image was moved', async () => {
    let pending = [ids[0]!];
    mockFetch({
      ...homeHandlers(),
      'GET /api/memories/migration': () => json({ pending: pending.length, ids: pending }),
      [`POST /api/memories/migration/${ids[0]}`]: () => {
        pending = [];
        return json({ imageUrl: '/files/memories/u/a.png' });
      },
    });
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Keep them safe' }));
    expect(await screen.findByText('1 image is now kept safely.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('image-migration-banner')).not.toBeInTheDocument());
  });
});
