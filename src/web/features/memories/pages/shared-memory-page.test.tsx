import type { SharedMemory } from '@shared/contracts/memories';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { sharedMemoryQueryOptions } from '../api/get-shared-memory';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = '9f'.repeat(32);
const IMAGE = `/files/memories/user-1/${'b'.repeat(32)}.png`;

function buildSharedMemory(overrides: Partial<SharedMemory> = {}): SharedMemory {
  return {
    title: 'Cardamom morning',
    imageUrl: IMAGE,
    imageSources: [],
    poeticSummary: 'The day smelled of warm bread. Keep it close.',
    createdAt: '2026-02-02T12:30:00.000Z',
    imageOrigin: 'ai-service',
    ...overrides,
  };
}

function setup(shared: Handler, { me = null as ReturnType<typeof buildMe> | null, token = TOKEN } = {}) {
  const network = mockFetch({ ...baseHandlers(me), [`GET /api/shared/${token}`]: shared });
  return { ...renderApp(`/shared/${token}`), ...network };
}

const sharedRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.path.startsWith('/api/shared/'));

describe('shared memory page', () => {
  it('rests on a skeleton, then shows the artwork whole, its title beneath, the date, the reflection and the way in', async () => {
    let answer!: (response: Response) => void;
    const { requests } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));

    const skeleton = await screen.findByTestId('shared-memory-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Opening the memory…');

    answer(json(buildSharedMemory()));
    const title = await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByTestId('shared-memory-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Cardamom morning' })).toBeInTheDocument();

    const image = screen.getByRole('img', { name: 'Cardamom morning' });
    expect(image).toHaveAttribute('src', IMAGE);
    expect(image).toHaveAttribute('fetchpriority', 'high');
    // No renditions yet: the PNG is the only source.
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    // Its size is known before it loads, so nothing moves when it arrives.
    expect(image).toHaveAttribute('width', '1024');
    expect(image).toHaveAttribute('height', '1024');
    expect(image.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const date = screen.getByText('February 2, 2026');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('dateTime', '2026-02-02T12:30:00.000Z');
    // How the picture was made, in words.
    expect(screen.getByTestId('shared-memory-image-origin')).toHaveTextContent('Picture drawn by an AI image service.');
    expect(screen.getByRole('region', { name: 'Reflection' })).toHaveTextContent('The day smelled of warm bread. Keep it close.');

    expect(screen.getByText('Souvenir turns a conversation about your day into a work of art.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first memory' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Language' })).toBeInTheDocument();
    expect(document.title).toBe('Cardamom morning · Souvenir');

    // Asked once, by its token, and nothing about the owner's memories.
    expect(sharedRequests(requests)).toEqual([{ method: 'GET', path: `/api/shared/${TOKEN}`, body: undefined }]);
    expect(requests.some((r) => r.path.startsWith('/api/memories'))).toBe(false);
  });

  it('offers the WebP renditions by width, the PNG staying the fallback', async () => {
    const sources = [480, 768, 1024].map((width) => ({ width, url: IMAGE.replace(/\.png$/, `.w${width}.webp`) }));
    setup(() => json(buildSharedMemory({ imageSources: sources })));
    const image = await screen.findByRole('img', { name: 'Cardamom morning' });
    expect(image).toHaveAttribute('src', IMAGE);
    expect(image).toHaveAttribute(
      'srcset',
      `${IMAGE.replace(/\.png$/, '.w480.webp')} 480w, ${IMAGE.replace(/\.png$/, '.w768.webp')} 768w, ${IMAGE.replace(/\.png$/, '.w1024.webp')} 1024w`,
    );
    expect(image).toHaveAttribute('sizes', '(min-width: 500px) 500px, 100vw');
  });

  it('speaks French: the date in the French long format, the reflection heading and the invitation', async () => {
    await i18n.changeLanguage('fr');
    setup(() => json(buildSharedMemory({ title: 'Le marché du dimanche', poeticSummary: 'Ta journée avait le goût des framboises.', imageOrigin: 'renderer' })));

    await screen.findByRole('heading', { level: 1, name: 'Le marché du dimanche' });
    expect(screen.getByText('2 février 2026')).toBeInTheDocument();
    expect(screen.getByTestId('shared-memory-image-origin')).toHaveTextContent('Image composée par le moteur intégré de Souvenir, un programme (sans IA).');
    expect(screen.getByRole('region', { name: 'Réflexion' })).toHaveTextContent('Ta journée avait le goût des framboises.');
    expect(screen.getByText('Souvenir transforme la conversation de ta journée en œuvre d’art.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crée ton premier souvenir' })).toHaveAttribute('href', '/');
  });

  it('leaves the reflection out when there is none', async () => {
    setup(() => json(buildSharedMemory({ poeticSummary: null, imageOrigin: null })));
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByRole('region', { name: 'Reflection' })).not.toBeInTheDocument();
    // A memory from before origins were kept says nothing rather than guess.
    expect(screen.queryByTestId('shared-memory-image-origin')).not.toBeInTheDocument();
    expect(screen.queryByText('Reflection')).not.toBeInTheDocument();
  });

  it('says "memory not found" for an unknown or revoked link (404), with the way in', async () => {
    setup(() => apiError(404, 'NOT_FOUND'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Memory not found' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid, or the memory is no longer shared.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first memory' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /./ })).not.toBeInTheDocument();
  });

  it.each([
    ['too short', 'abc'],
    ['uppercase', 'AB'.repeat(32)],
    ['not hex', 'zz'.repeat(32)],
    ['too long', 'a'.repeat(65)],
  ])('says "memory not found" for a malformed token (%s) without asking the server', async (_case, token) => {
    const { requests, queryClient } = setup(() => json(buildSharedMemory()), { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Memory not found' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid, or the memory is no longer shared.')).toBeInTheDocument();
    expect(screen.queryByTestId('shared-memory-skeleton')).not.toBeInTheDocument();
    // The page holds its query switched off: it has never fetched and never will for this token.
    const query = queryClient.getQueryCache().find({ queryKey: sharedMemoryQueryOptions(token).queryKey });
    expect(query?.isDisabled()).toBe(true);
    expect(query?.state.dataUpdateCount).toBe(0);
    expect(query?.state.fetchStatus).toBe('idle');
    expect(sharedRequests(requests)).toEqual([]);
  });

  it('says calmly what went wrong on a server error, and tries again on request', async () => {
    let calls = 0;
    const { user } = setup(() => (++calls === 1 ? apiError(500, 'INTERNAL') : json(buildSharedMemory())));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "We couldn't open this memory" })).toBeInTheDocument();
    expect(within(alert).getByText('Check your connection, then try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Memory not found' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('treats a request that never reached the server as an error to retry, not as "not found"', async () => {
    setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the memory to a signed-in visitor too, with no session dialog and none of their own memories', async () => {
    const { requests } = setup(() => json(buildSharedMemory()), { me: buildMe() });
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/me')).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first memory' })).toHaveAttribute('href', '/');
  });

  it("names the tab after the memory, and the next page names it after itself", async () => {
    document.title = 'Souvenir';
    const { router } = setup(() => json(buildSharedMemory()));
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(document.title).toBe('Cardamom morning · Souvenir');
    await router.navigate('/auth');
    await waitFor(() => expect(document.title).toBe('Sign in · Souvenir'));
  });
});
