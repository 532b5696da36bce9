// A private instance (BILLING=off, docs/configuration.md): everyone signed in has access and nothing is sold, so
// no screen offers a subscription or speaks of one. The pages read it from the public configuration and from the
// billing status, which then says provider "off"; the chat status calls the subscription active. Visiting
// /home/pricing itself sends the person home (src/web/features/billing/pages/pricing-page.test.tsx).
import type { MeResponse } from '@shared/contracts/me';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { baseHandlers, buildMe, buildPublicConfig, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';
import { buildBillingStatus, type Handler } from '@web/features/billing/testing/billing-fixtures';
import { buildChatStatus } from '@web/features/chat/testing/chat-fixtures';

const WAIT = { timeout: 5000 };

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

function privateInstance(path: string, { handlers = {}, journalDays = 3, me = buildMe() }: { handlers?: Record<string, Handler>; journalDays?: number; me?: MeResponse } = {}) {
  const network = mockFetch({
    ...baseHandlers(me, buildPublicConfig({ billing: 'off' })),
    // The chat status on a private instance: the subscription counts as active.
    'GET /api/chat/status': () => json(buildChatStatus({ journalDays })),
    'GET /api/memories/recent': () => json({ items: [] }),
    'GET /api/billing/status': () => json(buildBillingStatus({ hasActiveSubscription: true, provider: 'off' })),
    ...handlers,
  });
  return { ...network, ...renderApp(path) };
}

const pricingLinks = () => screen.queryAllByRole('link').filter((link) => link.getAttribute('href') === '/home/pricing');

describe('a private instance (BILLING=off)', () => {
  it('home: the main button starts the day, whatever the days journaled; nothing says "Subscribe"', async () => {
    privateInstance('/home');
    const button = await screen.findByTestId('home-main-action', undefined, WAIT);
    await waitFor(() => expect(button).toHaveAccessibleName("Start today's session"), WAIT);
    expect(screen.getByTestId('home-journal-days')).toHaveTextContent("You've journaled 3 days");

    expect(screen.queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /subscri/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/subscription/i)).not.toBeInTheDocument();
    expect(pricingLinks()).toEqual([]);
  });

  it('home, before the first session: the session is not called "free", since nothing is ever paid for', async () => {
    privateInstance('/home', { journalDays: 0 });
    // The words follow the configuration, which may arrive after the status: wait for them.
    expect(await screen.findByText('Your first session starts here.', undefined, WAIT)).toHaveAttribute('data-testid', 'home-journal-days');
    expect(screen.queryByText(/free/i)).not.toBeInTheDocument();
    expect(screen.getByTestId('home-main-action')).toHaveAccessibleName("Start today's session");
    expect(pricingLinks()).toEqual([]);
  });

  it('home, before the first session, in French: no "offerte" either', async () => {
    privateInstance('/home', { journalDays: 0, me: buildMe({ profile: { defaultLanguage: 'fr' } }) });
    expect(await screen.findByText('Ta première conversation commence ici.', undefined, WAIT)).toHaveAttribute('data-testid', 'home-journal-days');
    expect(screen.queryByText(/offert/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/abonn/i)).not.toBeInTheDocument();
  });

  it('profile: no subscription block and no Subscribe link, also while the billing status is still being read', async () => {
    const { requests } = privateInstance('/home/profile', { handlers: { 'GET /api/billing/status': () => new Promise<Response>(() => {}) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' }, WAIT)).toBeInTheDocument();
    // The page around it is there (the sections after it are drawn with it)…
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    // …and once the configuration is known the block is not, even without the status's answer (it never comes).
    await waitFor(() => expect(screen.queryByTestId('subscription-section')).not.toBeInTheDocument(), WAIT);
    expect(requests.some((r) => r.path === '/api/public-config')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(pricingLinks()).toEqual([]);
  });

  it('profile: once the billing status says "off", still nothing about a subscription', async () => {
    privateInstance('/home/profile');
    const main = await screen.findByRole('main', undefined, WAIT);
    expect(await within(main).findByRole('heading', { level: 1, name: 'Your profile' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('subscription-section')).not.toBeInTheDocument(), WAIT);
    expect(within(main).queryByText(/subscri/i)).not.toBeInTheDocument();
    expect(pricingLinks()).toEqual([]);
  });
});
