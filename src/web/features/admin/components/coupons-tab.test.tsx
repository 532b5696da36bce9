import type { Language } from '@shared/limits';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

/** The whole app renders in these tests: generous on a busy machine. */
const WAIT = { timeout: 5000 };
const SLOW = { timeout: 20_000 };

type Maps = Record<Language, Record<string, string>>;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

const admin = buildMe({ user: { email: 'admin@example.com' }, profile: { isAdmin: true, firstName: 'Alex' } });

/**
 * A small stand-in for the coupon routes, with the server's rules: add trims and replaces, remove answers
 * 404 for a code that is not there, validate is an exact key. `fail` makes one route answer an error.
 */
function couponServer(initial: Partial<Maps> = {}, fail: Partial<Record<'list' | 'add' | 'remove' | 'validate', () => Response | undefined>> = {}, me = admin) {
  const maps: Maps = { en: {}, fr: {}, ...initial };
  const listed: string[] = [];
  const network = mockFetch(baseHandlers(me));
  const respond = network.fetchMock.getMockImplementation()!;
  const answer = (language: Language) => json({ language, coupons: { ...maps[language] } });
  network.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : undefined;
    if (!url.pathname.startsWith('/api/admin/coupons')) return respond(input, init);
    network.requests.push({ method, path: url.pathname, body });
    if (method === 'GET') {
      const language = url.searchParams.get('language') as Language;
      listed.push(language);
      return Promise.resolve(fail.list?.() ?? answer(language));
    }
    if (url.pathname === '/api/admin/coupons/validate') {
      return Promise.resolve(fail.validate?.() ?? json({ valid: Object.hasOwn(maps[body!.language as Language], body!.code!.trim()) }));
    }
    if (method === 'POST') {
      const failed = fail.add?.();
      if (failed) return Promise.resolve(failed);
      const language = body!.language as Language;
      maps[language] = { ...maps[language], [body!.code!.trim()]: body!.promotionId!.trim() };
      return Promise.resolve(answer(language));
    }
    const [, , , , language, code] = url.pathname.split('/') as [string, string, string, string, Language, string];
    const failed = fail.remove?.();
    if (failed) return Promise.resolve(failed);
    const decoded = decodeURIComponent(code);
    if (!Object.hasOwn(maps[language], decoded)) return Promise.resolve(apiError(404, 'NOT_FOUND'));
    const { [decoded]: _gone, ...rest } = maps[language];
    maps[language] = rest;
    return Promise.resolve(answer(language));
  });
  const sent = (method: string, path = '/api/admin/coupons') => network.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);
  return { ...network, maps, listed, sent };
}

function openCoupons() {
  return renderApp('/home/admin?tab=coupons');
}

const list = () => screen.findByRole('region', { name: 'Coupon codes' }, WAIT);
const rows = (region: HTMLElement) => within(region).queryAllByTestId('admin-coupon').map((row) => row.getAttribute('data-code'));

describe('coupons tab', SLOW, () => {
  it('lists the coupons of one language at a time, English / Français', async () => {
    const server = couponServer({ en: { WELCOME: 'promo_welcome', AUTUMN: 'promo_autumn' }, fr: { BIENVENUE: 'promo_bienvenue' } });
    const { user } = openCoupons();

    const region = await list();
    await waitFor(() => expect(rows(region)).toEqual(['AUTUMN', 'WELCOME']), WAIT);
    expect(within(region).getByRole('list', { name: 'Coupons in English' })).toHaveTextContent('promo_welcome');
    expect(within(region).getByRole('status')).toHaveTextContent('2 codes in English');

    const switcher = screen.getByRole('group', { name: 'Coupons for' });
    expect(within(switcher).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(switcher).getByRole('button', { name: 'Français' }));
    expect(within(switcher).getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(rows(region)).toEqual(['BIENVENUE']), WAIT);
    expect(server.listed).toEqual(['en', 'fr']);
    expect(within(region).getByRole('status')).toHaveTextContent('1 code in French');
  });

  it('says when a language has no codes yet', async () => {
    couponServer();
    openCoupons();
    const region = await list();
    expect(await within(region).findByText('No codes in English yet. Add one below and it works on the pricing page at once.', undefined, WAIT)).toBeInTheDocument();
  });

  it('needs both boxes filled once trimmed, in the spec’s words, then adds the coupon to the chosen language', async () => {
    const server = couponServer();
    const { user } = openCoupons();
    const region = await list();
    await user.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(server.listed).toEqual(['en', 'fr']), WAIT);

    const form = screen.getByRole('region', { name: 'Add a coupon' });
    const code = within(form).getByLabelText('Coupon code');
    const promotion = within(form).getByLabelText('Stripe promotion id');
    const add = within(form).getByRole('button', { name: 'Add coupon' });

    await user.click(add);
    expect(await within(form).findByText('Please enter both coupon code and Stripe ID', undefined, WAIT)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(promotion).toHaveAttribute('aria-invalid', 'true');

    await user.type(code, '   ');
    await user.type(promotion, 'promo_test123');
    await user.click(add);
    await waitFor(() => expect(promotion).not.toHaveAttribute('aria-invalid'), WAIT);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Please enter both coupon code and Stripe ID')).toBeInTheDocument();
    expect(server.sent('POST')).toEqual([]);

    await user.clear(code);
    await user.type(code, ' BIENVENUE ');
    await user.clear(promotion);
    await user.type(promotion, ' promo_test123 ');
    await user.click(add);

    expect(await screen.findByText('Coupon added', undefined, WAIT)).toBeInTheDocument();
    expect(server.sent('POST')).toEqual([{ language: 'fr', code: 'BIENVENUE', promotionId: 'promo_test123' }]);
    await waitFor(() => expect(rows(region)).toEqual(['BIENVENUE']), WAIT);
    expect(server.maps.fr).toEqual({ BIENVENUE: 'promo_test123' });
    expect(code).toHaveValue('');
    expect(promotion).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus(), WAIT);
    expect(within(form).queryByText('Please enter both coupon code and Stripe ID')).not.toBeInTheDocument();
  });

  it('keeps what was typed when adding fails', async () => {
    couponServer({}, { add: () => apiError(500, 'INTERNAL') });
    const { user } = openCoupons();
    await list();
    const form = screen.getByRole('region', { name: 'Add a coupon' });
    await user.type(within(form).getByLabelText('Coupon code'), 'WELCOME');
    await user.type(within(form).getByLabelText('Stripe promotion id'), 'promo_welcome');
    await user.click(within(form).getByRole('button', { name: 'Add coupon' }));

    expect(await screen.findByText('Failed to add coupon', undefined, WAIT)).toBeInTheDocument();
    expect(within(form).getByLabelText('Coupon code')).toHaveValue('WELCOME');
  });

  it('asks once more before removing a code, then removes it', async () => {
    const server = couponServer({ en: { WELCOME: 'promo_welcome', AUTUMN: 'promo_autumn' } });
    const { user } = openCoupons();
    const region = await list();

    const removeButton = await within(region).findByRole('button', { name: 'Remove the code WELCOME' }, WAIT);
    await user.click(removeButton);
    const confirm = within(region).getByRole('group', { name: 'Remove WELCOME?' });
    expect(within(confirm).getByRole('button', { name: 'Yes, remove' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Remove the code WELCOME' })).toHaveFocus(), WAIT);
    expect(server.sent('DELETE', '/api/admin/coupons/en/WELCOME')).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Remove the code WELCOME' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Coupon removed', undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(rows(region)).toEqual(['AUTUMN']), WAIT);
    expect(server.sent('DELETE', '/api/admin/coupons/en/WELCOME')).toHaveLength(1);
    expect(within(region).getByRole('heading', { name: 'Coupon codes' })).toHaveFocus();
  });

  it('says when a code could not be removed', async () => {
    couponServer({ en: { WELCOME: 'promo_welcome' } }, { remove: () => apiError(500, 'INTERNAL') });
    const { user } = openCoupons();
    const region = await list();
    await user.click(await within(region).findByRole('button', { name: 'Remove the code WELCOME' }, WAIT));
    await user.click(within(region).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Failed to remove coupon', undefined, WAIT)).toBeInTheDocument();
    expect(rows(region)).toEqual(['WELCOME']);
  });

  it('tests a code in the chosen language: valid in French, invalid in English', async () => {
    const server = couponServer({ fr: { BIENVENUE: 'promo_test123' } });
    const { user } = openCoupons();
    await list();
    const tester = screen.getByRole('region', { name: 'Test a code' });
    const testButton = within(tester).getByRole('button', { name: 'Test the code' });
    expect(testButton).toBeDisabled();

    await user.type(within(tester).getByLabelText('Code to test'), 'BIENVENUE');
    await user.click(testButton);
    expect(await within(tester).findByText('Coupon code is invalid', undefined, WAIT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Français' }));
    // The result belonged to English: it goes with the switch.
    await waitFor(() => expect(within(tester).getByRole('status')).toBeEmptyDOMElement(), WAIT);
    await user.click(testButton);
    expect(await within(tester).findByText('Coupon code is valid!', undefined, WAIT)).toBeInTheDocument();
    expect(server.sent('POST', '/api/admin/coupons/validate')).toEqual([
      { language: 'en', code: 'BIENVENUE' },
      { language: 'fr', code: 'BIENVENUE' },
    ]);

    // Typing again clears the last answer.
    await user.type(within(tester).getByLabelText('Code to test'), 'X');
    expect(within(tester).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says "Error loading coupon mappings" when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    couponServer({ en: { WELCOME: 'promo_welcome' } }, { list: () => (fail ? apiError(500, 'INTERNAL') : undefined) });
    const { user } = openCoupons();
    const region = await list();
    const alert = await within(region).findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent('Error loading coupon mappings');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows(region)).toEqual(['WELCOME']), WAIT);
  });

  it('says it in French too', async () => {
    await i18n.changeLanguage('fr');
    couponServer({}, { list: () => apiError(500, 'INTERNAL') }, buildMe({ profile: { isAdmin: true, defaultLanguage: 'fr' } }));
    openCoupons();
    const region = await screen.findByRole('region', { name: 'Codes promo' }, WAIT);
    expect(await within(region).findByRole('alert', undefined, WAIT)).toHaveTextContent('Erreur lors du chargement des codes promo');
    // The administrator's own language is the one shown first.
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  });
});
