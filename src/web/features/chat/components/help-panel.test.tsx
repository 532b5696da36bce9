import type { MeResponse } from '@shared/contracts/me';
import { HELPLINES, HELPLINE_DIRECTORY, SAFETY_COUNTRIES, type SafetyCountry } from '@shared/safety';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@web/lib/api/get-me';
import { i18n } from '@web/lib/i18n';
import { apiError, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderWithProviders } from '@web/testing/render-with-providers';
import { HelpPanel } from './help-panel';

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The panel on its own, for someone whose profile says `country` (null: not chosen), with a small "me" server. */
function setup(country: SafetyCountry | null, { put }: { put?: Handler } = {}) {
  let me: MeResponse = buildMe({ profile: { country } });
  const network = mockFetch({
    'GET /api/me': () => json(me),
    'PUT /api/me/country': async (request) => {
      const response = put ? await put(request) : new Response(null, { status: 204 });
      if (response.ok) me = { ...me, profile: { ...me.profile, country: (request.body as { country: SafetyCountry | null }).country } };
      return response;
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  const { user } = renderWithProviders(<HelpPanel />, queryClient);
  return { ...network, user, queryClient };
}

const panel = () => screen.getByTestId('help-panel');
const link = (name: string | RegExp) => within(panel()).getByRole('link', { name });
const countrySelect = () => within(panel()).getByRole('combobox');
const putBodies = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT' && r.path === '/api/me/country').map((r) => r.body);

describe('help panel: the numbers of each country', () => {
  it('in France: the emergency number, 3114 and the SAMU, each one tap away', () => {
    setup('FR');
    expect(within(panel()).getByText('If your life is in danger right now, call 15 / 112.')).toBeInTheDocument();
    expect(link('Call 112')).toHaveAttribute('href', 'tel:112');

    const lines = within(panel()).getByRole('list', { name: 'Helplines' });
    expect(within(lines).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['3114', 'SAMU']);
    expect(link('Call 3114')).toHaveAttribute('href', 'tel:3114');
    expect(link('Call 15')).toHaveAttribute('href', 'tel:15');
    // 3114 takes no texts: no text link is offered.
    expect(within(panel()).queryByRole('link', { name: /^Text/ })).not.toBeInTheDocument();
    expect(within(panel()).getByText(/national suicide prevention line/)).toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: /Find A Helpline/ })).not.toBeInTheDocument();
    expect(countrySelect()).toHaveAccessibleName('Not in France? Choose your country');
    expect(countrySelect()).toHaveValue('FR');
  });

  it('in the United States: 988 to call or text, and the Crisis Text Line by text only', () => {
    setup('US');
    expect(link('Call 911')).toHaveAttribute('href', 'tel:911');
    expect(link('Call 988')).toHaveAttribute('href', 'tel:988');
    expect(link('Text 988')).toHaveAttribute('href', 'sms:988');
    expect(link('Text 741741')).toHaveAttribute('href', 'sms:741741?body=HOME');
    expect(within(panel()).queryByRole('link', { name: 'Call 741741' })).not.toBeInTheDocument();
    expect(within(panel()).getByText(/Text HOME to 741741/)).toBeInTheDocument();
  });

  it('in Canada: 988, and 1 866 APPELLE labelled "In Québec"', () => {
    setup('CA');
    expect(link('Call 988')).toHaveAttribute('href', 'tel:988');
    expect(link('Text 988')).toHaveAttribute('href', 'sms:988');
    const quebec = within(panel()).getByRole('heading', { level: 3, name: '1 866 APPELLE' }).closest('li')!;
    expect(within(quebec).getByText('In Québec')).toBeInTheDocument();
    expect(within(quebec).getByRole('link', { name: 'Call 1 866 277-3553' })).toHaveAttribute('href', 'tel:+18662773553');
    // Only Québec's line carries a region.
    const national = within(panel()).getByRole('heading', { level: 3, name: '988' }).closest('li')!;
    expect(within(national).queryByText('In Québec')).not.toBeInTheDocument();
  });

  it('anywhere else: the emergency number and the international directory, opened in a new tab', () => {
    setup('OTHER');
    expect(within(panel()).getByText('If your life is in danger right now, call 112.')).toBeInTheDocument();
    expect(link('Call 112')).toHaveAttribute('href', 'tel:112');
    expect(within(panel()).queryByRole('list', { name: 'Helplines' })).not.toBeInTheDocument();
    // The words after the name are for screen readers only.
    const directory = link(/^Search Find A Helpline\s?\(opens in a new tab\)$/);
    expect(directory).toHaveAttribute('href', HELPLINE_DIRECTORY.url);
    expect(directory).toHaveAttribute('target', '_blank');
    expect(directory).toHaveAttribute('rel', 'noopener noreferrer');
    expect(countrySelect()).toHaveAccessibleName('Choose your country');
  });

  it.each(SAFETY_COUNTRIES)('%s: every line of the shared list with its call and text links, and a description', (country) => {
    setup(country);
    const { emergency, lines } = HELPLINES[country];
    expect(within(panel()).getByTestId('help-emergency')).toHaveAttribute('href', emergency.call);
    const items = within(panel()).queryAllByTestId('helpline');
    expect(items.map((item) => item.getAttribute('data-line'))).toEqual(lines.map((line) => line.id));
    for (const [index, line] of lines.entries()) {
      const item = items[index]!;
      const hrefs = within(item).getAllByRole('link').map((a) => a.getAttribute('href'));
      expect(hrefs).toEqual([line.call, line.text].filter(Boolean));
      // Every description is translated: never a raw key.
      expect(item).not.toHaveTextContent(/lines\./);
    }
  });
});

describe('help panel: which country', () => {
  it('without a choice, follows the browser: its language region first', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'fr']);
    setup(null);
    expect(panel()).toHaveAttribute('data-country', 'CA');
    expect(countrySelect()).toHaveValue('CA');
  });

  it('without a choice or a region, follows the time zone', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr']);
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Europe/Brussels' };
    });
    setup(null);
    expect(panel()).toHaveAttribute('data-country', 'BE');
    expect(link('Call 0800 32 123')).toHaveAttribute('href', 'tel:080032123');
  });

  it('the person’s choice wins over the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    setup('GB');
    expect(link('Call 116 123')).toHaveAttribute('href', 'tel:116123');
    expect(link('Call 999')).toHaveAttribute('href', 'tel:999');
  });

  it('choosing a country changes the numbers at once, says so, and saves it on the profile', async () => {
    let answer!: (response: Response) => void;
    const { user, requests } = setup('FR', { put: () => new Promise<Response>((resolve) => (answer = resolve)) });

    await user.selectOptions(countrySelect(), 'Canada');

    // Before the server has answered.
    expect(await within(panel()).findByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
    expect(within(panel()).queryByRole('link', { name: 'Call 3114' })).not.toBeInTheDocument();
    expect(countrySelect()).toHaveAccessibleName('Not in Canada? Choose your country');
    expect(within(panel()).getByRole('status')).toHaveTextContent('Showing the helplines for Canada.');
    expect(putBodies(requests)).toEqual([{ country: 'CA' }]);

    const reads = requests.filter((r) => r.path === '/api/me').length;
    answer(new Response(null, { status: 204 }));
    // Saved: "me" is read again, and agrees.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/me').length).toBeGreaterThan(reads));
    expect(link('Call 988')).toBeInTheDocument();
  });

  it('if the choice cannot be saved, says so kindly and keeps showing the chosen country', async () => {
    const { user } = setup('FR', { put: () => apiError(500, 'INTERNAL') });
    await user.selectOptions(countrySelect(), 'OTHER');
    expect(
      await screen.findByText("We couldn't remember your country for next time, but the helplines shown are the ones you chose."),
    ).toBeInTheDocument();
    expect(panel()).toHaveAttribute('data-country', 'OTHER');
    expect(link(/Find A Helpline/)).toBeInTheDocument();
  });
});

describe('help panel: in French', () => {
  it('speaks French, with French typography', async () => {
    await i18n.changeLanguage('fr');
    setup('FR');
    expect(within(panel()).getByText('Si ta vie est en danger maintenant, appelle le 15 / 112.')).toBeInTheDocument();
    expect(link('Appeler le 3114')).toHaveAttribute('href', 'tel:3114');
    expect(countrySelect()).toHaveAccessibleName('Pas en France\u00a0? Choisis ton pays');
    expect(within(countrySelect()).getByRole('option', { name: 'États-Unis' })).toBeInTheDocument();
  });

  it('names Québec’s line in French and offers texts with French words', async () => {
    await i18n.changeLanguage('fr');
    setup('CA');
    expect(within(panel()).getByText('Au Québec')).toBeInTheDocument();
    expect(link('Envoyer un SMS au 988')).toHaveAttribute('href', 'sms:988');
  });
});
