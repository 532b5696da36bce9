import type { AdminSafetyResponse } from '@shared/contracts/safety';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildAdminSafety, settingsHandlers } from '../testing/admin-fixtures';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };
const SLOW = { timeout: 20_000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

function setup(
  tab: 'prompt' | 'global',
  { safety = buildAdminSafety(), handler, report }: { safety?: AdminSafetyResponse; handler?: Handler; report?: Handler } = {},
) {
  const admin = buildMe({ user: { email: 'admin@example.com' }, profile: { isAdmin: true, firstName: 'Alex' } });
  const network = mockFetch({
    ...baseHandlers(admin),
    ...settingsHandlers(),
    'GET /api/community': () => json({ chatServerUrl: null, calendarUrl: { en: null, fr: null } }),
    'GET /api/admin/safety': handler ?? (() => json(safety)),
    ...(report ? { 'GET /api/admin/safety/report': report } : {}),
  });
  return { ...network, ...renderApp(`/home/admin?tab=${tab}`) };
}

describe('admin panel: the safety instructions under the chat prompts', SLOW, () => {
  it('shows both languages, read-only, below the prompts', async () => {
    setup('prompt');
    const card = await screen.findByRole('region', { name: 'Safety instructions' }, WAIT);
    expect(card).toHaveTextContent("Always added after your prompt, in the person's language; they cannot be changed here.");
    const english = within(card).getByTestId('admin-safety-instructions-en');
    const french = within(card).getByTestId('admin-safety-instructions-fr');
    expect(english).toHaveTextContent('If the person may be in danger, answer with warmth and point to the helplines.');
    expect(english).toHaveAttribute('lang', 'en');
    expect(french).toHaveTextContent('Si la personne est peut-être en danger, réponds avec chaleur et indique les numéros d’aide.');
    expect(french).toHaveAttribute('lang', 'fr');
    expect(within(card).getByRole('heading', { name: 'Safety instructions (English)' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Safety instructions (French)' })).toBeInTheDocument();
    // Nothing here can be edited or saved.
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();

    const prompts = screen.getByRole('region', { name: 'Chat prompt' });
    expect(prompts.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when they cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = setup('prompt', { handler: () => (fail ? apiError(500, 'INTERNAL') : json(buildAdminSafety())) });
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("The safety instructions couldn't be loaded.");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Safety instructions' }, WAIT)).toBeInTheDocument();
  });
});

describe('admin panel: crisis referrals on the Global tab', SLOW, () => {
  it('shows the total and a table by day, language and country, newest day first', async () => {
    setup('global', {
      safety: buildAdminSafety({
        referrals: [
          { day: '2026-03-12', language: 'fr', country: 'FR', count: 2 },
          { day: '2026-03-14', language: 'en', country: 'US', count: 1 },
          { day: '2026-03-14', language: 'fr', country: 'CA', count: 3 },
        ],
      }),
    });
    const card = await screen.findByRole('region', { name: 'Crisis referrals (last 30 days)' }, WAIT);
    expect(within(card).getByTestId('admin-crisis-referrals-total')).toHaveTextContent('6 referrals in the last 30 days');

    const table = within(card).getByRole('table', { name: 'Crisis referrals (last 30 days)' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Language', 'Country', 'Referrals']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Mar 14, 2026', 'English', 'United States', '1'],
      ['Mar 14, 2026', 'French', 'Canada', '3'],
      ['Mar 12, 2026', 'French', 'France', '2'],
    ]);
    // Counts only: nothing in the table but days, languages, countries and numbers.
    expect(within(table).getAllByRole('rowheader')[0]?.querySelector('time')).toHaveAttribute('dateTime', '2026-03-14');
  });

  it('says the singular for one referral', async () => {
    setup('global', { safety: buildAdminSafety({ referrals: [{ day: '2026-03-14', language: 'en', country: 'OTHER', count: 1 }] }) });
    const card = await screen.findByRole('region', { name: 'Crisis referrals (last 30 days)' }, WAIT);
    expect(within(card).getByTestId('admin-crisis-referrals-total')).toHaveTextContent('1 referral in the last 30 days');
    expect(within(card).getByRole('cell', { name: 'Another country' })).toBeInTheDocument();
  });

  it('has a kind empty state', async () => {
    setup('global');
    const card = await screen.findByRole('region', { name: 'Crisis referrals (last 30 days)' }, WAIT);
    expect(within(card).getByText('No referrals in the last 30 days.')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });

  it('in French', async () => {
    await i18n.changeLanguage('fr');
    const admin = buildMe({ profile: { isAdmin: true, defaultLanguage: 'fr' } });
    mockFetch({
      ...baseHandlers(admin),
      ...settingsHandlers(),
      'GET /api/community': () => json({ chatServerUrl: null, calendarUrl: { en: null, fr: null } }),
      'GET /api/admin/safety': () => json(buildAdminSafety({ referrals: [{ day: '2026-03-14', language: 'fr', country: 'BE', count: 4 }] })),
    });
    renderApp('/home/admin?tab=global');
    const card = await screen.findByRole('region', { name: 'Orientations vers l’aide (30 derniers jours)' }, WAIT);
    expect(within(card).getByTestId('admin-crisis-referrals-total')).toHaveTextContent('4 orientations ces 30 derniers jours');
    await waitFor(() => expect(within(card).getByRole('cell', { name: 'Belgique' })).toBeInTheDocument());
    expect(within(card).getByRole('rowheader')).toHaveTextContent('14 mars 2026');
  });
});

describe('admin panel: the yearly report of crisis referrals', SLOW, () => {
  const reportOf = (year: number) => ({
    year,
    total: year === 2025 ? 7 : 0,
    months: Array.from({ length: 12 }, (_, index) => ({
      month: `${year}-${String(index + 1).padStart(2, '0')}`,
      total: year === 2025 && index === 0 ? 7 : 0,
      counts:
        year === 2025 && index === 0
          ? [
              { language: 'en', country: 'US', count: 3 },
              { language: 'fr', country: 'FR', count: 4 },
            ]
          : [],
    })),
  });

  it('shows a chosen year by month, with each month’s languages and countries, and offers it as a CSV', async () => {
    const thisYear = new Date().getUTCFullYear();
    // The mock sees no query string: the first read is this year's, the next the year chosen.
    let reads = 0;
    const { user } = setup('global', { report: () => json(reportOf(reads++ === 0 ? thisYear : 2025)) });
    const card = await screen.findByRole('region', { name: 'Yearly report of crisis referrals' }, WAIT);
    await waitFor(() => expect(within(card).getByTestId('admin-referral-report-total')).toHaveTextContent(`0 referrals in ${thisYear}`), WAIT);

    await user.selectOptions(within(card).getByRole('combobox', { name: 'Year' }), '2025');
    await waitFor(() => expect(within(card).getByTestId('admin-referral-report-total')).toHaveTextContent('7 referrals in 2025'), WAIT);
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect([...rows[1]!.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['January', '7', 'English · United States: 3, French · France: 4']);
    expect([...rows[2]!.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['February', '0', '—']);
    expect(within(card).getByRole('link', { name: 'Download 2025 as CSV' })).toHaveAttribute('href', '/api/admin/safety/report.csv?year=2025');
  });
});
