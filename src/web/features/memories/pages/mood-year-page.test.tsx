import type { MoodYear } from '@shared/contracts/mood-year';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const year: MoodYear = {
  year: 2025,
  days: [
    { date: '2025-03-10', id: id(1), title: 'The market in the rain', mood: 'calm' },
    { date: '2025-03-17', id: id(2), title: 'Old letters', mood: null },
  ],
};

const handlers = (defaultLanguage: 'en' | 'fr' = 'en') => ({
  ...baseHandlers(buildMe({ profile: { defaultLanguage } })),
  'GET /api/memories/year': () => json(year),
  [`GET /api/memories/${id(2)}`]: () => json({ id: id(2), title: 'Old letters', imageUrl: '/files/x.png', imageSources: [], thumbnailUrl: null, liked: false, createdAt: '2025-03-17T12:00:00.000Z', conversationId: null, poeticSummary: null, shareToken: null, imageOrigin: null }),
});

/**
 * The day of that date, once drawn. Looked up by its date rather than by role and name: testing-library would
 * compute the accessible name of all 365 cells for each query (seconds each); the cell's role and name are then
 * checked on it alone.
 */
async function dayCell(date: string, name: string): Promise<HTMLElement> {
  const cell = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[data-date="${date}"]`);
    expect(found).not.toBeNull();
    return found!;
  });
  expect(cell).toHaveAttribute('role', 'gridcell');
  expect(cell).toHaveAccessibleName(name);
  return cell;
}

describe('the mood of a year', () => {
  it('names each day by its date, mood and title, moves by day and week with the keyboard, and opens a memory', async () => {
    const { requests } = mockFetch(handlers());
    const { user } = renderApp('/home/memories/year?year=2025');

    const first = await dayCell('2025-03-10', 'March 10, 2025, calm: The market in the rain');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(requests.find((r) => r.path === '/api/memories/year')).toBeTruthy();
    const focusedDay = () => document.activeElement?.getAttribute('aria-label');
    expect(document.querySelector('[data-date="2025-03-11"]')).toHaveAttribute('tabindex', '-1');
    const legend = document.querySelector('ul[aria-label]');
    expect(legend).toHaveAccessibleName('What the colours mean');
    expect(legend).toHaveTextContent('no mood recorded');

    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(focusedDay()).toBe('March 11, 2025');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(focusedDay()).toBe('March 17, 2025, no mood recorded: Old letters');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(focusedDay()).toBe('March 3, 2025');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(requests.some((r) => r.path === `/api/memories/${id(2)}`)).toBe(true));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockFetch(handlers('fr'));
    renderApp('/home/memories/year?year=2025');
    await dayCell('2025-03-10', '10 mars 2025, calme\u00a0: The market in the rain');
    expect(document.querySelector('h1')).toHaveTextContent('L’humeur de 2025');
  });
});
