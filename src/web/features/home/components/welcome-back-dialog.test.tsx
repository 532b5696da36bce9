import { WELCOME_BACK_DELAY_MS } from '@shared/limits';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, baseHandlers, buildMe, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

beforeEach(() => {
  // Real time keeps flowing (user-event and the query client rely on it); the test jumps the rest.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

const status = {
  journalDays: 1,
  hasAccess: true,
  subscription: { active: true, freeAccess: false },
  generation: { remaining: 1, limit: 1, canGenerate: true },
  agent: { name: 'Luna', avatarUrl: null, gender: 'feminine' },
  firstName: 'Camille',
  voice: false,
  companion: 'offline',
};

/** The server of the contract: a welcome-back answer counts the session and may change the language. */
function welcomeBackServer({ sessionCount = 2, fail = false } = {}) {
  let me = buildMe({ profile: { firstName: 'Camille', sessionCount } });
  return mockFetch({
    ...baseHandlers(null),
    'GET /api/me': () => json(me),
    'GET /api/chat/status': () => json(status),
    'GET /api/memories/recent': () => json({ items: [] }),
    'POST /api/me/welcome-back': ({ body }) => {
      if (fail) return apiError(500, 'INTERNAL');
      const { language, gender } = body as { language?: 'en' | 'fr'; gender?: 'male' | 'female' | 'other' | 'unspecified' };
      me = buildMe({
        profile: {
          firstName: 'Camille',
          sessionCount: me.profile.sessionCount + 1,
          defaultLanguage: language ?? me.profile.defaultLanguage,
          gender: gender && gender !== 'unspecified' ? gender : me.profile.gender,
        },
      });
      return new Response(null, { status: 204 });
    },
  });
}

async function openHome(path = '/home') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Hello, Camille' });
  return view;
}

async function waitOneSecond() {
  await act(() => vi.advanceTimersByTimeAsync(WELCOME_BACK_DELAY_MS));
}

const meRequests = (requests: { method: string; path: string }[]) => requests.filter((r) => r.method === 'GET' && r.path === '/api/me').length;

describe('welcome-back modal', () => {
  it('appears a second after the home loads, at the second session, with the interface language chosen', async () => {
    welcomeBackServer();
    await openHome();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitOneSecond();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(dialog).toHaveAccessibleDescription(/tell us how you'd like Souvenir to speak with you/);
    expect(within(dialog).getByLabelText('Language')).toHaveValue('en');
    const genders = within(dialog).getByRole('group', { name: 'Gender (optional)' });
    expect(within(genders).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Male',
      'Female',
      'Other',
      'Prefer not to say',
    ]);
    expect(within(genders).getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it.each([1, 3])('never appears at session count %i', async (sessionCount) => {
    const { requests } = welcomeBackServer({ sessionCount });
    await openHome();
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_BACK_DELAY_MS * 3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/me/welcome-back')).toBe(false);
  });

  it('Save sends the language and gender, switches the interface and refreshes the profile', async () => {
    const { requests } = welcomeBackServer();
    const { user } = await openHome();
    await waitOneSecond();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    const meBefore = meRequests(requests);

    await user.selectOptions(within(dialog).getByLabelText('Language'), 'fr');
    await user.click(within(dialog).getByRole('radio', { name: 'Female' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'POST', path: '/api/me/welcome-back', body: { language: 'fr', gender: 'female' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeInTheDocument();
    await waitFor(() => expect(meRequests(requests)).toBeGreaterThan(meBefore));
  });

  it('Save without a gender sends the language only', async () => {
    const { requests } = welcomeBackServer();
    const { user } = await openHome();
    await waitOneSecond();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/me/welcome-back', body: { language: 'en' } }));
  });

  it('sends "unspecified" for "Prefer not to say"', async () => {
    const { requests } = welcomeBackServer();
    const { user } = await openHome();
    await waitOneSecond();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Prefer not to say' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests).toContainEqual({ method: 'POST', path: '/api/me/welcome-back', body: { language: 'en', gender: 'unspecified' } }),
    );
  });

  it('Skip sends an empty answer, keeps the language and refreshes the profile', async () => {
    const { requests } = welcomeBackServer();
    const { user } = await openHome();
    await waitOneSecond();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    const meBefore = meRequests(requests);

    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'POST', path: '/api/me/welcome-back', body: {} });
    await waitFor(() => expect(meRequests(requests)).toBeGreaterThan(meBefore));
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Camille' })).toBeInTheDocument();
  });

  it('Escape counts as Skip', async () => {
    const { requests } = welcomeBackServer();
    const { user } = await openHome();
    await waitOneSecond();
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.path === '/api/me/welcome-back')).toEqual([{ method: 'POST', path: '/api/me/welcome-back', body: {} }]);
  });

  it('only logs a failure: the modal closes and nothing is shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { requests } = welcomeBackServer({ fail: true });
    const { user } = await openHome();
    await waitOneSecond();

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Skip' }));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/me/welcome-back')).toBe(true);
    warn.mockRestore();
  });

  it('opens only once per page load', async () => {
    welcomeBackServer({ fail: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, router } = await openHome();
    await waitOneSecond();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The count stayed at 2 (the answer failed); coming back home must not ask again.
    await act(() => router.navigate('/home/memories'));
    await act(() => router.navigate('/home'));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Camille' });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_BACK_DELAY_MS * 3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
