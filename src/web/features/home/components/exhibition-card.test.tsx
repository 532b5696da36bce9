import type { CurrentExhibition } from '@shared/contracts/exhibitions';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

/** The browser's clock: only Date, so the app's own timers keep running. */
const today = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

const exhibition: NonNullable<CurrentExhibition['exhibition']> = {
  id: '00000000-0000-4000-8000-000000000011',
  month: '2026-11',
  title: 'November 2026',
  kept: false,
  createdAt: '2026-12-02T09:00:00.000Z',
  coverUrl: '/files/memories/u/1.thumb.webp',
  artworkCount: 12,
};

const handlers = (body: CurrentExhibition, defaultLanguage: 'en' | 'fr' = 'en') => ({
  ...baseHandlers(buildMe({ profile: { defaultLanguage } })),
  'GET /api/chat/status': () => json({ journalDays: 3, hasAccess: true, subscription: { active: true, freeAccess: false }, generation: { remaining: 1, limit: 1, canGenerate: true }, agent: { name: 'Mira', avatarUrl: null, gender: 'feminine' }, firstName: 'Camille', voice: false, companion: 'offline' }),
  'GET /api/memories/recent': () => json({ items: [] }),
  'GET /api/memories/on-this-day': () => json({ enabled: true, memory: null }),
  'POST /api/exhibitions/current': () => json(body),
});

describe('home: the monthly exhibition', () => {
  it('offers last month’s exhibition in a month’s first days, as a way to open it', async () => {
    today('2026-12-02T12:00:00Z');
    const { requests } = mockFetch(handlers({ exhibition }));
    renderApp('/home');
    const card = await screen.findByRole('region', { name: 'This month’s exhibition' });
    expect(card.querySelector(`a[href="/home/exhibitions/${exhibition.id}"]`)).toHaveTextContent('November 2026 12 artworks from last month, and a letter');
    expect(requests.find((r) => r.path === '/api/exhibitions/current')?.body).toMatchObject({ language: 'en' });
  });

  it('says it in French', async () => {
    today('2026-12-03T12:00:00Z');
    await i18n.changeLanguage('fr');
    mockFetch(handlers({ exhibition: { ...exhibition, title: 'Novembre 2026' } }, 'fr'));
    renderApp('/home');
    expect(await screen.findByRole('region', { name: 'L’exposition du mois' })).toHaveTextContent('12 œuvres du mois dernier, et une lettre');
  });

  it('asks nothing after the first 7 days, and shows nothing when there is none', async () => {
    today('2026-12-08T12:00:00Z');
    const late = mockFetch(handlers({ exhibition }));
    const first = renderApp('/home');
    await waitFor(() => expect(late.requests.some((r) => r.path === '/api/memories/on-this-day')).toBe(true));
    expect(late.requests.some((r) => r.path === '/api/exhibitions/current')).toBe(false);
    expect(screen.queryByTestId('exhibition-card')).not.toBeInTheDocument();
    first.unmount();

    today('2026-12-01T12:00:00Z');
    const none = mockFetch(handlers({ exhibition: null }));
    renderApp('/home');
    await waitFor(() => expect(none.requests.some((r) => r.path === '/api/exhibitions/current')).toBe(true));
    expect(await screen.findByTestId('home-greeting')).toBeInTheDocument();
    expect(screen.queryByTestId('exhibition-card')).not.toBeInTheDocument();
  });
});
