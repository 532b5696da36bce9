import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthErrorDialog } from '@web/lib/auth-error-dialog-store';
import { i18n } from '@web/lib/i18n';
import { apiError, buildMe, buildPublicConfig, json } from '@web/testing/mock-fetch';
import { externalNavigation } from '@web/lib/external-navigation';
import { buildBillingStatus, renderBilling } from '../testing/billing-fixtures';

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 5000 };

afterEach(async () => {
  toast.dismiss();
  closeAuthErrorDialog();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const checkouts = (requests: { method: string; path: string; body: unknown }[]) => requests.filter((r) => r.path === '/api/billing/checkout').map((r) => r.body);

async function openPricing(options: Parameters<typeof renderBilling>[1] = {}, path = '/home/pricing') {
  const view = renderBilling(path, options);
  await screen.findByRole('heading', { level: 1, name: options.me?.profile.defaultLanguage === 'fr' ? 'Abonnement' : 'Subscription' }, WAIT);
  return view;
}

describe('pricing page: the plan', () => {
  it('always lists community access, naming only what an administrator has set up', async () => {
    const community = (chatServerUrl: string | null, en: string | null) => ({ 'GET /api/community': () => json({ chatServerUrl, calendarUrl: { en, fr: null } }) });
    const view = await openPricing({ handlers: community('https://chat.example.test', null) });
    expect(await screen.findByText('Community access: our gathering place')).toBeInTheDocument();
    expect(screen.queryByText(/art-therapy/)).not.toBeInTheDocument();
    view.unmount();
    await openPricing({ handlers: community(null, null) });
    // Once the community read has answered (nothing set), the plan still includes the community page.
    await waitFor(() => expect(screen.getByTestId('pricing-included')).toHaveAttribute('aria-busy', 'false'), WAIT);
    expect(screen.getByText(/Cancel anytime/)).toBeInTheDocument();
    expect(screen.getByText('Community access: the community page, where gatherings and a place to talk appear once they are set up')).toBeInTheDocument();
    expect(screen.queryByText(/art-therapy/)).not.toBeInTheDocument();
  });

  it('is not offered on a private instance (BILLING=off): the page sends the person home', async () => {
    const { router } = renderBilling('/home/pricing', { handlers: { 'GET /api/public-config': () => json(buildPublicConfig({ billing: 'off' })) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), WAIT);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  const bothSet = { 'GET /api/community': () => json({ chatServerUrl: 'https://chat.example.test', calendarUrl: { en: 'https://calendar.example.test/embed', fr: null } }) };

  it('shows one monthly plan at $4.99 per month with its inclusions, the free first session and a way home', async () => {
    await openPricing({ handlers: bothSet });
    const plan = screen.getByRole('region', { name: 'Souvenir monthly' });
    await within(plan).findByText('Community access: our gathering place and a weekly calendar of art-therapy events');
    expect(within(plan).getByTestId('pricing-price')).toHaveTextContent('$4.99');
    expect(within(plan).getByText('per month')).toBeInTheDocument();
    expect(within(plan).getByText(/Daily artwork/)).toBeInTheDocument();
    expect(within(plan).getByText(/Community access/)).toBeInTheDocument();
    expect(within(plan).getByText(/Cancel anytime/)).toBeInTheDocument();
    expect(within(plan).getByText('Your first session is free, with no subscription needed.')).toBeInTheDocument();
    expect(within(plan).getByRole('textbox', { name: 'Promotion code (optional)' })).toHaveValue('');
    expect(within(plan).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    expect(screen.queryByTestId('pricing-canceled')).not.toBeInTheDocument();
  });

  it('shows 4,99 € in French, the amount and its sign kept together', async () => {
    await openPricing({ me: buildMe({ profile: { defaultLanguage: 'fr' } }) });
    const plan = screen.getByRole('region', { name: 'Souvenir au mois' });
    expect(within(plan).getByTestId('pricing-price').textContent).toBe('4,99\u00a0€');
    expect(within(plan).getByText('par mois')).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'S’abonner' })).toBeInTheDocument();
  });

  it('mentions that payments are simulated only on the sandbox', async () => {
    await openPricing();
    expect(await screen.findByText(/Payments are simulated on this installation/, undefined, WAIT)).toBeInTheDocument();
  });

  it('says nothing of a simulation with a real payment provider', async () => {
    await openPricing({ handlers: { 'GET /api/billing/status': () => json(buildBillingStatus({ provider: 'stripe' })) } });
    await screen.findByTestId('pricing-plan');
    // The status has answered once the plan is there and its own request is done.
    await vi.waitFor(() => expect(screen.queryByTestId('pricing-sandbox-note')).not.toBeInTheDocument(), WAIT);
  });

  it('after a cancelled payment, says calmly that nothing was charged', async () => {
    await openPricing({}, '/home/pricing?canceled=1');
    expect(screen.getByRole('status')).toHaveTextContent('Payment cancelled — nothing was charged.');
  });

  it('tells a subscriber they are subscribed, with the way to the chat and to the profile', async () => {
    await openPricing({
      handlers: {
        'GET /api/billing/status': () => json(buildBillingStatus({ hasActiveSubscription: true, status: 'active', manageable: true, expiresAt: '2026-12-21T10:00:00.000Z' })),
      },
    });
    const note = await screen.findByTestId('pricing-current', undefined, WAIT);
    expect(within(note).getByRole('heading', { name: "You're subscribed" })).toBeInTheDocument();
    expect(note).toHaveTextContent('The current period runs until December 21, 2026.');
    expect(within(note).getByRole('link', { name: "Go to today's session" })).toHaveAttribute('href', '/home/chat');
    expect(within(note).getByRole('link', { name: 'Manage in your profile' })).toHaveAttribute('href', '/home/profile');
  });

  it('tells someone with free access that they have it', async () => {
    await openPricing({ handlers: { 'GET /api/billing/status': () => json(buildBillingStatus({ hasActiveSubscription: true, isFreeAccess: true })) } });
    const note = await screen.findByTestId('pricing-current', undefined, WAIT);
    expect(within(note).getByRole('heading', { name: 'You have free access' })).toBeInTheDocument();
  });
});

describe('pricing page: subscribing', () => {
  it('sends the language and no promotion code when the field is empty or blank, says "Preparing payment…" and leaves for the payment page', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    let answer!: (response: Response) => void;
    const { user, requests } = await openPricing({ handlers: { 'POST /api/billing/checkout': () => new Promise<Response>((resolve) => (answer = resolve)) } });

    await user.type(screen.getByRole('textbox', { name: 'Promotion code (optional)' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const pending = await screen.findByRole('button', { name: 'Preparing payment…' }, WAIT);
    expect(pending).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Promotion code (optional)' })).toBeDisabled();
    expect(checkouts(requests)).toEqual([{ language: 'en' }]);

    answer(json({ url: 'http://localhost/billing/sandbox/checkout/abc' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/billing/sandbox/checkout/abc'), WAIT);
    // The browser is leaving: the button stays busy, nothing can be sent twice.
    expect(screen.getByRole('button', { name: 'Preparing payment…' })).toBeDisabled();
  });

  it('sends the promotion code trimmed, in the interface’s language', async () => {
    vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { user, requests } = await openPricing({
      me: buildMe({ profile: { defaultLanguage: 'fr' } }),
      handlers: { 'POST /api/billing/checkout': () => json({ url: 'https://pay.example/c' }) },
    });
    await user.type(screen.getByRole('textbox', { name: 'Code promo (facultatif)' }), '  AUTOMNE  ');
    await user.click(screen.getByRole('button', { name: 'S’abonner' }));
    await screen.findByRole('button', { name: 'Préparation du paiement…' }, WAIT);
    expect(checkouts(requests)).toEqual([{ language: 'fr', promoCode: 'AUTOMNE' }]);
  });

  it('says an unknown promotion code is invalid, under the field, and lets the person correct it', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { user, requests } = await openPricing({
      handlers: {
        'POST /api/billing/checkout': (request) =>
          (request.body as { promoCode?: string }).promoCode === 'WRONG' ? apiError(400, 'INVALID_PROMO_CODE', 'Invalid promotion code') : json({ url: 'https://pay.example/c' }),
      },
    });
    const field = screen.getByRole('textbox', { name: 'Promotion code (optional)' });
    await user.type(field, 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const message = 'Invalid promotion code. Please check your code and try again.';
    expect(await screen.findByText(message, undefined, WAIT)).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();

    await user.type(field, '{Backspace}');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/c'), WAIT);
    expect(checkouts(requests)).toEqual([{ language: 'en', promoCode: 'WRONG' }, { language: 'en' }]);
  });

  it('sends someone already subscribed to the chat, with a word', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { user, router } = await openPricing({ handlers: { 'POST /api/billing/checkout': () => json({ hasActiveSubscription: true }) } });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're already subscribed. Your sessions are open.", undefined, WAIT)).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home/chat'), WAIT);
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the authentication-error dialog when the session has expired', async () => {
    const { user } = await openPricing({ handlers: { 'POST /api/billing/checkout': () => apiError(401, 'UNAUTHENTICATED') } });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: "We couldn't confirm your session" }, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Please sign in again to subscribe.')).toBeInTheDocument();
  });

  it('says the payment service failed (paymentError with its message), and the button is ready again', async () => {
    const { user } = await openPricing({ handlers: { 'POST /api/billing/checkout': () => apiError(502, 'PAYMENT_PROVIDER_FAILED') } });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Payment error', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("The payment service didn't answer. Please try again in a moment.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('says an error occurred when the request never reached the server', async () => {
    const { user, fetchMock } = await openPricing();
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('An error occurred', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("We couldn't reach Souvenir. Check your connection, then try again.")).toBeInTheDocument();
  });

  it('says the payment page could not be opened when no address comes back (noCheckoutUrl)', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { user } = await openPricing({ handlers: { 'POST /api/billing/checkout': () => json({ url: '' }) } });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("We couldn't open the payment page. Please try again in a moment.", undefined, WAIT)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});
