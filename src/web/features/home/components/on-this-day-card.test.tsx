import type { OnThisDay } from '@shared/contracts/on-this-day';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const memory = (ago: NonNullable<OnThisDay['memory']>['ago']): NonNullable<OnThisDay['memory']> => ({
  id: '00000000-0000-4000-8000-000000000007',
  title: 'The market in the rain',
  imageUrl: '/files/memories/u/7.png',
  imageSources: [],
  thumbnailUrl: '/files/memories/u/7.thumb.webp',
  liked: false,
  createdAt: '2025-06-15T18:00:00.000Z',
  conversationId: null,
  ago,
});

const handlers = (body: OnThisDay, defaultLanguage: 'en' | 'fr' = 'en') => ({
  ...baseHandlers(buildMe({ profile: { defaultLanguage } })),
  'GET /api/chat/status': () => json({ journalDays: 3, hasAccess: true, subscription: { active: true, freeAccess: false }, generation: { remaining: 1, limit: 1, canGenerate: true }, agent: { name: 'Mira', avatarUrl: null, gender: 'feminine' }, firstName: 'Camille', voice: false, companion: 'offline' }),
  'GET /api/memories/recent': () => json({ items: [] }),
  'GET /api/memories/on-this-day': () => json(body),
});

describe('home: On This Day', () => {
  it('recalls the memory of this date with how long ago, as a way to open it', async () => {
    mockFetch(handlers({ enabled: true, memory: memory({ unit: 'year', count: 2 }) }));
    renderApp('/home');
    const section = await screen.findByRole('region', { name: '2 years ago today' });
    expect(section.querySelector('a[href="/home/memories/00000000-0000-4000-8000-000000000007"]')).toHaveTextContent('The market in the rain');
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    mockFetch(handlers({ enabled: true, memory: memory({ unit: 'month', count: 1 }) }, 'fr'));
    renderApp('/home');
    expect(await screen.findByRole('region', { name: 'Il y a un mois, jour pour jour' })).toBeInTheDocument();
  });

  it('stays quiet when there is nothing to recall', async () => {
    const { requests } = mockFetch(handlers({ enabled: false, memory: null }));
    renderApp('/home');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/memories/on-this-day')).toBe(true));
    expect(await screen.findByTestId('home-greeting')).toBeInTheDocument();
    expect(screen.queryByTestId('on-this-day')).not.toBeInTheDocument();
  });
});
