import type { ExhibitionDetail } from '@shared/contracts/exhibitions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const ID = '00000000-0000-4000-8000-000000000021';
const exhibition: ExhibitionDetail = {
  id: ID,
  month: '2026-11',
  title: 'November 2026',
  kept: false,
  createdAt: '2026-12-02T09:00:00.000Z',
  coverUrl: '/files/memories/u/1.thumb.webp',
  artworkCount: 2,
  letter: 'In November 2026 you kept 2 memories here.\n\n— Mira',
  letterBy: 'offline',
  shareToken: null,
  artworks: [
    { id: '00000000-0000-4000-8000-000000000031', title: 'Rain on the market square', imageUrl: '/files/memories/u/1.png', thumbnailUrl: '/files/memories/u/1.thumb.webp', imageSources: [], createdAt: '2026-11-03T12:00:00.000Z' },
    { id: '00000000-0000-4000-8000-000000000032', title: 'Bread with Nina', imageUrl: '/files/memories/u/2.png', thumbnailUrl: null, imageSources: [], createdAt: '2026-11-29T12:00:00.000Z' },
  ],
};

describe('the exhibition page', () => {
  it('shows the letter, who wrote it, and the wall, each artwork leading to its memory', async () => {
    mockFetch({ ...baseHandlers(buildMe()), [`GET /api/exhibitions/${ID}`]: () => json(exhibition) });
    renderApp(`/home/exhibitions/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('exhibition-letter')).toHaveTextContent('In November 2026 you kept 2 memories here.');
    expect(screen.getByText('Written by Souvenir itself, without AI, from this month’s titles and moods.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bread with Nina' })).toHaveAttribute('href', '/home/memories/00000000-0000-4000-8000-000000000032');
    expect(screen.getByRole('link', { name: /Download as an image/ })).toHaveAttribute('href', `/api/exhibitions/${ID}/image`);
  });

  it('says in words why a title cannot be saved, before and after asking the server, and sends nothing empty', async () => {
    const { requests } = mockFetch({
      ...baseHandlers(buildMe()),
      [`GET /api/exhibitions/${ID}`]: () => json(exhibition),
      [`PATCH /api/exhibitions/${ID}`]: () => json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid title', fields: { title: ['validation.memoryTitleTooLong'] } } }, 400),
    });
    renderApp(`/home/exhibitions/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Title');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('validation:memoryTitleRequired'));
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.type(field, 'A soft month');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('validation:memoryTitleTooLong')));
  });

  it('says plainly when there is no such exhibition, in French too', async () => {
    await i18n.changeLanguage('fr');
    mockFetch({ ...baseHandlers(buildMe({ profile: { defaultLanguage: 'fr' } })), [`GET /api/exhibitions/${ID}`]: () => apiError(404, 'NOT_FOUND') });
    renderApp(`/home/exhibitions/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cette exposition n’est pas là' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la galerie' })).toHaveAttribute('href', '/home/memories');
  });
});
