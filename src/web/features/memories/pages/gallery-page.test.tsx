import type { ChatStatusResponse } from '@shared/contracts/chat';
import type { GalleryPage, MemorySummary } from '@shared/contracts/memories';
import { GALLERY_PAGE_SIZE, SKELETON_CARD_COUNT } from '@shared/limits';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationStore } from '@web/lib/conversation-store';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  await i18n.changeLanguage('en');
  await conversationStore.clearAll();
  vi.unstubAllGlobals();
});

function buildMemory(n: number, overrides: Partial<MemorySummary> = {}): MemorySummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Memory ${n}`,
    imageUrl: `/files/memories/user-1/${n}.png`,
    imageSources: [480, 768].map((width) => ({ width, url: `/files/memories/user-1/${n}.w${width}.webp` })),
    thumbnailUrl: `/files/memories/user-1/${n}.thumb.webp`,
    liked: false,
    // Mid-month at noon: the same month in every time zone the tests may run in.
    createdAt: `2026-01-${String(n).padStart(2, '0')}T12:00:00.000Z`,
    conversationId: null,
    ...overrides,
  };
}

/** `n` memories, one a day in January 2026, Memory 1 the oldest. */
const januaryMemories = (n: number) => Array.from({ length: n }, (_, index) => buildMemory(index + 1));

const chatStatus: ChatStatusResponse = {
  journalDays: 3,
  hasAccess: true,
  subscription: { active: true, freeAccess: false },
  generation: { remaining: 1, limit: 1, canGenerate: true },
  agent: { name: 'Luna', avatarUrl: null, gender: 'feminine' },
  firstName: 'Camille',
  voice: false,
  companion: 'offline',
};

function requestUrl(input: RequestInfo | URL): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
}

const isGalleryRequest = (input: RequestInfo | URL) => requestUrl(input).pathname === '/api/memories';

/** A small stand-in for the server: filters, periods (read in UTC) and pages of nine, newest first. */
function galleryServer(memories: MemorySummary[], overrides: Record<string, Handler> = {}, me = buildMe()) {
  const queries: URLSearchParams[] = [];
  // mockFetch's handlers only see the path; the query string is kept aside as each request starts.
  let url = new URL(window.location.origin);
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/chat/status': () => json(chatStatus),
    'GET /api/memories/years': () => {
      const years = [...new Set(memories.map((m) => new Date(m.createdAt).getUTCFullYear()))].sort((a, b) => b - a);
      return json({ years });
    },
    'GET /api/memories': () => {
      const query = url.searchParams;
      queries.push(query);
      const year = query.get('year');
      const month = query.get('month');
      const page = Number(query.get('page') ?? '1');
      const matching = memories
        .filter((m) => query.get('filter') !== 'favorites' || m.liked)
        .filter((m) => !year || new Date(m.createdAt).getUTCFullYear() === Number(year))
        .filter((m) => !month || new Date(m.createdAt).getUTCMonth() + 1 === Number(month))
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      const body: GalleryPage = {
        items: matching.slice((page - 1) * GALLERY_PAGE_SIZE, page * GALLERY_PAGE_SIZE),
        total: matching.length,
        page,
        pageSize: GALLERY_PAGE_SIZE,
        pageCount: Math.ceil(matching.length / GALLERY_PAGE_SIZE),
      };
      return json(body);
    },
    ...overrides,
  });
  const respond = network.fetchMock.getMockImplementation()!;
  network.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    url = requestUrl(input);
    return respond(input, init);
  });
  return { ...network, queries };
}

async function readyResults() {
  const results = await screen.findByTestId('gallery-results');
  await waitFor(() => expect(results).toHaveAttribute('data-state', 'ready'));
  await waitFor(() => expect(results).not.toHaveAttribute('aria-busy'));
  return results;
}

const cardTitles = (container: HTMLElement) =>
  within(container)
    .getAllByTestId('memory-card')
    .map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

describe('gallery: the grid and its pages', () => {
  it(`rests on ${SKELETON_CARD_COUNT} skeleton cards, then shows nine memories newest first with the count and pages`, async () => {
    let answer!: () => void;
    const waiting = new Promise<void>((resolve) => (answer = resolve));
    const server = galleryServer(januaryMemories(11));
    const respond = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (isGalleryRequest(input)) await waiting;
      return respond(input, init);
    });
    renderApp('/home/memories');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your memories' })).toBeInTheDocument();
    const results = await screen.findByTestId('gallery-results');
    expect(results).toHaveAttribute('data-state', 'loading');
    expect(results).toHaveAttribute('aria-busy', 'true');
    expect(within(results).getAllByTestId('memory-card-skeleton')).toHaveLength(SKELETON_CARD_COUNT);
    expect(within(results).getByRole('status')).toHaveTextContent('Loading your memories…');

    answer();
    await readyResults();
    expect(cardTitles(results)).toEqual(['Memory 11', 'Memory 10', 'Memory 9', 'Memory 8', 'Memory 7', 'Memory 6', 'Memory 5', 'Memory 4', 'Memory 3']);
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('11 memories');
    const image = within(results).getByRole('img', { name: 'Memory 11' });
    expect(image).toHaveAttribute('src', '/files/memories/user-1/11.thumb.webp');
    // The renditions and the thumbnail, by width, for the column the card gets.
    expect(image).toHaveAttribute('srcset', '/files/memories/user-1/11.w480.webp 480w, /files/memories/user-1/11.thumb.webp 512w, /files/memories/user-1/11.w768.webp 768w');
    expect(image).toHaveAttribute('sizes', '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw');
    expect(within(results).getByRole('link', { name: 'Memory 11 January 11, 2026' })).toHaveAttribute('href', `/home/memories/${buildMemory(11).id}`);

    const pages = screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();

    const query = server.queries.at(-1)!;
    expect(Object.fromEntries(query)).toEqual({ filter: 'all', page: '1', tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('pages forward and back through the address, and takes the focus to the top of the grid', async () => {
    const server = galleryServer(januaryMemories(11));
    const { user, router } = renderApp('/home/memories');
    const results = await readyResults();

    await user.click(within(screen.getByRole('navigation', { name: 'Gallery pages' })).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(cardTitles(results)).toEqual(['Memory 2', 'Memory 1']));
    expect(router.state.location.search).toBe('?page=2');
    expect(server.queries.at(-1)!.get('page')).toBe('2');
    expect(screen.getByRole('list', { name: 'Memories, page 2 of 2' })).toHaveFocus();
    const pages = screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(cardTitles(results)).toHaveLength(GALLERY_PAGE_SIZE));
    expect(router.state.location.search).toBe('');
  });

  it('shows no page numbers when everything fits on one page', async () => {
    galleryServer(januaryMemories(4));
    renderApp('/home/memories');
    await readyResults();
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('4 memories');
    expect(screen.queryByRole('navigation', { name: 'Gallery pages' })).not.toBeInTheDocument();
  });

  it('goes back to page 1, replacing the address, when the page is past the last one', async () => {
    const server = galleryServer(januaryMemories(3));
    const { router } = renderApp('/home/memories?page=4');
    const results = await readyResults();
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(cardTitles(results)).toEqual(['Memory 3', 'Memory 2', 'Memory 1']);
    expect(server.queries.map((q) => q.get('page'))).toEqual(['4', '1']);
  });
});

describe('gallery: filters in the address', () => {
  const memories = [
    buildMemory(1, { createdAt: '2025-03-15T12:00:00.000Z', liked: true }),
    buildMemory(2, { createdAt: '2025-07-15T12:00:00.000Z' }),
    buildMemory(3, { createdAt: '2026-02-15T12:00:00.000Z', liked: true }),
    buildMemory(4, { createdAt: '2026-03-15T12:00:00.000Z' }),
  ];

  it('shows the favourites, back on page 1', async () => {
    const server = galleryServer([...memories, ...januaryMemories(9).map((m) => ({ ...m, id: m.id.replace('0000-4', '0000-5') }))]);
    const { user, router } = renderApp('/home/memories?page=2');
    await readyResults();

    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    // Each tab has its own panel.
    await waitFor(() => expect(cardTitles(screen.getByRole('tabpanel', { name: 'Favorites' }))).toEqual(['Memory 3', 'Memory 1']));
    expect(screen.getByRole('tab', { name: 'Favorites' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?filter=favorites');
    expect(Object.fromEntries(server.queries.at(-1)!)).toMatchObject({ filter: 'favorites', page: '1' });
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('2 favorites');

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('narrows by year, then by month; the month waits for a year and goes with it', async () => {
    const server = galleryServer(memories);
    const { user, router } = renderApp('/home/memories');
    const results = await readyResults();

    const yearSelect = screen.getByRole('combobox', { name: 'Year' });
    const monthSelect = screen.getByRole('combobox', { name: 'Month' });
    await waitFor(() => expect(within(yearSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['All years', '2026', '2025']));
    expect(monthSelect).toBeDisabled();
    expect(monthSelect).toHaveAccessibleDescription('Choose a year first.');

    await user.selectOptions(yearSelect, '2025');
    await waitFor(() => expect(cardTitles(results)).toEqual(['Memory 2', 'Memory 1']));
    expect(router.state.location.search).toBe('?year=2025');
    expect(monthSelect).toBeEnabled();
    expect(within(monthSelect).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All months',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);

    await user.selectOptions(monthSelect, 'March');
    await waitFor(() => expect(cardTitles(results)).toEqual(['Memory 1']));
    expect(router.state.location.search).toBe('?year=2025&month=3');
    expect(Object.fromEntries(server.queries.at(-1)!)).toMatchObject({ filter: 'all', year: '2025', month: '3', page: '1' });

    await user.selectOptions(yearSelect, 'All years');
    await waitFor(() => expect(cardTitles(results)).toHaveLength(4));
    expect(router.state.location.search).toBe('');
    expect(monthSelect).toBeDisabled();
    expect(monthSelect).toHaveValue('');
  });

  it('opens with the filters of a shared address', async () => {
    const server = galleryServer(memories);
    renderApp('/home/memories?filter=favorites&year=2026&month=2');
    const results = await readyResults();

    expect(cardTitles(results)).toEqual(['Memory 3']);
    expect(screen.getByRole('tab', { name: 'Favorites' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2026');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2');
    expect(Object.fromEntries(server.queries[0]!)).toMatchObject({ filter: 'favorites', year: '2026', month: '2', page: '1' });
  });

  it('ignores what it cannot read in the address', async () => {
    const server = galleryServer(memories);
    renderApp('/home/memories?filter=nope&year=20x5&month=13&page=-2');
    const results = await readyResults();
    expect(cardTitles(results)).toHaveLength(4);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const query = Object.fromEntries(server.queries[0]!);
    expect(query).toMatchObject({ filter: 'all', page: '1' });
    expect(query).not.toHaveProperty('year');
    expect(query).not.toHaveProperty('month');
  });

  it('drops a month given without its year', async () => {
    const server = galleryServer(memories);
    renderApp('/home/memories?month=3');
    await readyResults();
    expect(server.queries[0]!.has('month')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Month' })).toBeDisabled();
  });
});

describe('gallery: empty and error states', () => {
  it('invites a first conversation when there is no memory at all', async () => {
    galleryServer([]);
    renderApp('/home/memories');
    const results = await screen.findByTestId('gallery-results');
    await waitFor(() => expect(results).toHaveAttribute('data-state', 'empty'));
    expect(results).toHaveAttribute('data-empty', 'none');
    expect(within(results).getByText('Your gallery is waiting')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Start a conversation' })).toHaveAttribute('href', '/home/chat');
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('');
  });

  it('offers every memory when there is no favourite yet', async () => {
    galleryServer(januaryMemories(2));
    const { user, router } = renderApp('/home/memories?filter=favorites');
    const results = await screen.findByTestId('gallery-results');
    await waitFor(() => expect(results).toHaveAttribute('data-empty', 'favorites'));
    expect(within(results).getByText('No favorites yet')).toBeInTheDocument();
    await user.click(within(results).getByRole('link', { name: 'View all memories' }));
    await waitFor(() => expect(screen.getByTestId('gallery-results')).toHaveAttribute('data-state', 'ready'));
    expect(router.state.location.search).toBe('');
  });

  it('offers to clear the filters when a period is empty', async () => {
    galleryServer(januaryMemories(2));
    const { user, router } = renderApp('/home/memories?filter=favorites&year=2026&month=4');
    const results = await screen.findByTestId('gallery-results');
    await waitFor(() => expect(results).toHaveAttribute('data-empty', 'period'));
    expect(within(results).getByText('Nothing from April 2026')).toBeInTheDocument();
    expect(within(results).getByText('None of your favorites are from this period.')).toBeInTheDocument();
    await user.click(within(results).getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('gallery-results')).toHaveAttribute('data-state', 'ready'));
    expect(router.state.location.search).toBe('');
  });

  it('says what went wrong and loads again on "Try again"', async () => {
    let fail = true;
    const server = galleryServer(januaryMemories(2));
    const respond = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      fail && isGalleryRequest(input) ? Promise.resolve(apiError(500, 'INTERNAL')) : respond(input, init),
    );
    const { user } = renderApp('/home/memories');

    const results = await screen.findByTestId('gallery-results');
    await waitFor(() => expect(results).toHaveAttribute('data-state', 'error'));
    expect(within(results).getByRole('alert')).toHaveTextContent("We couldn't load your memories.");
    fail = false;
    await user.click(within(results).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(results).toHaveAttribute('data-state', 'ready'));
  });
});

describe('gallery: the heart', () => {
  it('likes a memory at once and says so', async () => {
    const memories = januaryMemories(2);
    const patches: unknown[] = [];
    galleryServer(memories, {
      [`PATCH /api/memories/${memories[0]!.id}`]: (request) => {
        patches.push(request.body);
        memories[0] = { ...memories[0]!, liked: true };
        return json({ ...memories[0], poeticSummary: null, shareToken: null, imageOrigin: null });
      },
    });
    const { user } = renderApp('/home/memories');
    await readyResults();

    const card = screen.getByRole('article', { name: 'Memory 1' });
    await user.click(within(card).getByRole('button', { name: 'Add to favorites' }));
    expect(within(card).getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Added to your favorites')).toBeInTheDocument();
    expect(patches).toEqual([{ liked: true }]);
  });

  it('unlikes, and says so', async () => {
    const memories = [buildMemory(1, { liked: true })];
    galleryServer(memories, {
      [`PATCH /api/memories/${memories[0]!.id}`]: () => {
        memories[0] = { ...memories[0]!, liked: false };
        return json({ ...memories[0], poeticSummary: null, shareToken: null, imageOrigin: null });
      },
    });
    const { user } = renderApp('/home/memories');
    await readyResults();
    await user.click(screen.getByRole('button', { name: 'Remove from favorites' }));
    expect(await screen.findByText('Removed from your favorites')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts the heart back and says so when the server refuses', async () => {
    const memories = januaryMemories(1);
    galleryServer(memories, { [`PATCH /api/memories/${memories[0]!.id}`]: () => apiError(500, 'INTERNAL') });
    const { user } = renderApp('/home/memories');
    await readyResults();

    await user.click(screen.getByRole('button', { name: 'Add to favorites' }));
    expect(await screen.findByText("We couldn't update this memory. Try again in a moment.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false'));
  });
});

describe('gallery: the conversation behind a memory', () => {
  it('shows it read only from this device, and remembers it for the chat', async () => {
    const conversationId = 'c0ffee00-0000-4000-8000-000000000001';
    await conversationStore.saveCurrent({
      conversationId,
      userId: 'user-1',
      language: 'en',
      sessionDate: '2026-01-01',
      createdAt: 0,
      lastActivity: 0,
      messages: [
        { id: 'm1', content: 'Hello Camille, how was your day?', isUser: false, timestamp: '20:01', createdAt: 1 },
        { id: 'm2', content: 'Quiet, with a long walk by the river.', isUser: true, timestamp: '20:02', createdAt: 2 },
      ],
    });
    galleryServer([buildMemory(1, { conversationId }), buildMemory(2)]);
    const { user } = renderApp('/home/memories');
    await readyResults();

    expect(within(screen.getByRole('article', { name: 'Memory 2' })).queryByRole('button', { name: 'View conversation' })).not.toBeInTheDocument();
    const trigger = within(screen.getByRole('article', { name: 'Memory 1' })).getByRole('button', { name: 'View conversation' });
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'The conversation behind “Memory 1”' });
    expect(dialog).toHaveAccessibleDescription('Read only. Nobody but you can read it, not even Souvenir.');
    const transcript = await within(dialog).findByRole('region', { name: 'Conversation' });
    const lines = within(transcript).getAllByRole('listitem');
    await waitFor(() => expect(lines[0]).toHaveTextContent('Luna20:01Hello Camille, how was your day?'));
    expect(lines[1]).toHaveTextContent('You20:02Quiet, with a long walk by the river.');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('lastConversationId')).toBe(conversationId);

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('says kindly when the conversation is not on this device', async () => {
    galleryServer([buildMemory(1, { conversationId: 'written-elsewhere' })]);
    const { user } = renderApp('/home/memories');
    await readyResults();
    await user.click(screen.getByRole('button', { name: 'View conversation' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText("This conversation isn't on this device")).toBeInTheDocument();
    expect(within(dialog).getByText(/^Conversations stay only on the device where they were written, never on our server\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();
  });
});

describe('gallery: in French', () => {
  it('speaks French: title, count, tabs, month names and dates', async () => {
    await i18n.changeLanguage('fr');
    const memories = [buildMemory(1, { createdAt: '2025-03-15T12:00:00.000Z' }), buildMemory(2, { createdAt: '2025-03-20T12:00:00.000Z' })];
    galleryServer(memories, {}, buildMe({ profile: { defaultLanguage: 'fr' } }));
    const { user } = renderApp('/home/memories?year=2025');
    const results = await readyResults();

    expect(screen.getByRole('heading', { level: 1, name: 'Tes souvenirs' })).toBeInTheDocument();
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('2 souvenirs');
    expect(screen.getByRole('tab', { name: 'Favoris' })).toBeInTheDocument();
    expect(within(results).getByText('15 mars 2025')).toBeInTheDocument();
    expect(within(results).getAllByRole('button', { name: 'Ajouter aux favoris' })).toHaveLength(2);
    const month = screen.getByRole('combobox', { name: 'Mois' });
    expect(within(month).getByRole('option', { name: 'Mars' })).toBeInTheDocument();
    await user.selectOptions(month, 'Avril');
    await waitFor(() => expect(results).toHaveAttribute('data-empty', 'period'));
    expect(within(results).getByText('Rien en avril 2025')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Effacer les filtres' })).toHaveAttribute('href', '/home/memories');
  });
});
