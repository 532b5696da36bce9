import type { MemoryDetail } from '@shared/contracts/memories';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '3a9d7c51-2b64-4e8f-a1d0-6c5b4e3f2a19';

function buildMemory(overrides: Partial<MemoryDetail> = {}): MemoryDetail {
  return {
    id: ID,
    title: 'Cardamom morning',
    imageUrl: `/files/memories/user-1/${'b'.repeat(32)}.png`,
    thumbnailUrl: `/files/memories/user-1/${'b'.repeat(32)}.thumb.webp`,
    poeticSummary: 'The day smelled of warm bread. Keep it close.',
    liked: false,
    createdAt: '2026-02-02T12:30:00.000Z',
    conversationId: null,
    ...overrides,
  };
}

function setup(memory: Handler, me = buildMe()) {
  const network = mockFetch({ ...baseHandlers(me), [`GET /api/memories/${ID}`]: memory });
  return { ...renderApp(`/home/memories/${ID}`), ...network };
}

describe('memory detail page', () => {
  it('rests on a skeleton of the same shape, then shows the artwork, its title beneath, the date and the reflection', async () => {
    let answer!: (response: Response) => void;
    setup(() => new Promise<Response>((resolve) => (answer = resolve)));

    const skeleton = await screen.findByTestId('memory-detail-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Opening your memory…');

    answer(json(buildMemory()));
    const title = await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByTestId('memory-detail-skeleton')).not.toBeInTheDocument();

    const image = screen.getByRole('img', { name: 'Cardamom morning' });
    expect(image).toHaveAttribute('src', `/files/memories/user-1/${'b'.repeat(32)}.png`);
    // The title sits beneath the artwork, like a museum label.
    expect(image.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('February 2, 2026').tagName).toBe('TIME');
    expect(screen.getByText('February 2, 2026')).toHaveAttribute('dateTime', '2026-02-02T12:30:00.000Z');

    const reflection = screen.getByRole('region', { name: 'Reflection' });
    expect(within(reflection).getByTestId('memory-reflection')).toHaveTextContent('The day smelled of warm bread. Keep it close.');

    expect(screen.getByRole('link', { name: 'All memories' })).toHaveAttribute('href', '/home/memories');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('article', { name: 'Cardamom morning' })).toBeInTheDocument();
  });

  it('speaks French: the date in the French long format and the reflection heading', async () => {
    await i18n.changeLanguage('fr');
    setup(() => json(buildMemory({ title: 'Le marché du dimanche', poeticSummary: 'Ta journée avait le goût des framboises.' })), buildMe({ profile: { defaultLanguage: 'fr' } }));

    await screen.findByRole('heading', { level: 1, name: 'Le marché du dimanche' });
    expect(screen.getByText('2 février 2026')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Réflexion' })).toHaveTextContent('Ta journée avait le goût des framboises.');
    expect(screen.getByRole('link', { name: 'Tous les souvenirs' })).toHaveAttribute('href', '/home/memories');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/home');
  });

  it('leaves the reflection out when there is none', async () => {
    setup(() => json(buildMemory({ poeticSummary: null })));
    await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    expect(screen.queryByRole('region', { name: 'Reflection' })).not.toBeInTheDocument();
  });

  it('says kindly that a memory is not there (404), with the way to all memories', async () => {
    setup(() => apiError(404, 'NOT_FOUND'));
    expect(await screen.findByRole('heading', { level: 1, name: "This memory isn't here" })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted, or the link may be incomplete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your memories' })).toHaveAttribute('href', '/home/memories');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says what went wrong on another failure, and tries again on request', async () => {
    let calls = 0;
    const { user } = setup(() => (++calls === 1 ? apiError(500, 'INTERNAL') : json(buildMemory())));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "We couldn't open this memory" })).toBeInTheDocument();
    expect(within(alert).getByText('Check your connection, then try again.')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'All memories' })).toHaveAttribute('href', '/home/memories');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(2));
  });

  it('gives the title the focus when it arrives with nothing focused, so a screen reader starts at the memory', async () => {
    setup(() => json(buildMemory()));
    const title = await screen.findByRole('heading', { level: 1, name: 'Cardamom morning' });
    await waitFor(() => expect(title).toHaveFocus());
  });
});
