import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, buildMe, json } from '@web/testing/mock-fetch';
import { CHECKOUT_ID, buildSandboxCheckout, renderBilling, type Handler } from '../testing/billing-fixtures';

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 5000 };
const PATH = `/billing/sandbox/checkout/${CHECKOUT_ID}`;
const API = `/api/billing/sandbox/checkouts/${CHECKOUT_ID}`;

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openCheckout(handlers: Record<string, Handler> = {}, me = buildMe()) {
  return renderBilling(PATH, { me, handlers: { [`GET ${API}`]: () => json(buildSandboxCheckout()), ...handlers } });
}

describe('sandbox checkout page', () => {
  it('is plainly a test, and shows the plan and its price in the checkout’s language', async () => {
    openCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your subscription' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Test checkout — no real payment' })).toHaveTextContent('nothing is charged');
    const summary = screen.getByTestId('sandbox-checkout');
    expect(within(summary).getByText('Souvenir monthly')).toBeInTheDocument();
    expect(within(summary).getByTestId('sandbox-checkout-price')).toHaveTextContent('$4.99 per month');
    expect(within(summary).queryByTestId('sandbox-checkout-promotion')).not.toBeInTheDocument();
  });

  it('shows a French checkout’s price in euros and the promotion applied, whatever the interface language', async () => {
    openCheckout({ [`GET ${API}`]: () => json(buildSandboxCheckout({ language: 'fr', promotion: 'promo_autumn' })) });
    const summary = await screen.findByTestId('sandbox-checkout', undefined, WAIT);
    expect(within(summary).getByTestId('sandbox-checkout-price').textContent).toBe('4,99\u00a0€ per month');
    expect(within(summary).getByTestId('sandbox-checkout-promotion')).toHaveTextContent('promo_autumn');
  });

  it('"Pay (test)" completes the checkout, says so and opens the chat', async () => {
    let answer!: (response: Response) => void;
    const { user, router, requests } = openCheckout({ [`POST ${API}/complete`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await user.click(await screen.findByRole('button', { name: 'Pay (test)' }, WAIT));
    expect(await screen.findByRole('button', { name: 'Confirming…' }, WAIT)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    answer(new Response(null, { status: 204 }));
    expect(await screen.findByText('Payment confirmed. Welcome, your sessions are open.', undefined, WAIT)).toBeInTheDocument();
    await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/home/chat?subscribed=1'), WAIT);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`${API}/complete`]);
  });

  it('"Cancel" closes the checkout and goes back to pricing, which says nothing was charged', async () => {
    const { user, router } = openCheckout({ [`POST ${API}/cancel`]: () => new Response(null, { status: 204 }) });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, WAIT));
    await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/home/pricing?canceled=1'), WAIT);
    expect(await screen.findByRole('status', undefined, WAIT)).toHaveTextContent('Payment cancelled — nothing was charged.');
  });

  it('when the checkout was closed meanwhile: says the payment failed, then shows it closed', async () => {
    let status: 'open' | 'completed' = 'open';
    const { user } = openCheckout({
      [`GET ${API}`]: () => json(buildSandboxCheckout({ status })),
      [`POST ${API}/complete`]: () => {
        status = 'completed';
        return apiError(409, 'CONFLICT', 'This checkout is already closed.');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay (test)' }, WAIT));
    expect(await screen.findByText("The test payment didn't go through", undefined, WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout is already paid' }, WAIT)).toBeInTheDocument();
  });

  it('a paid checkout cannot be paid again and offers the chat', async () => {
    openCheckout({ [`GET ${API}`]: () => json(buildSandboxCheckout({ status: 'completed' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout is already paid' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Go to today's session" })).toHaveAttribute('href', '/home/chat');
    expect(screen.queryByRole('button', { name: 'Pay (test)' })).not.toBeInTheDocument();
  });

  it('a cancelled checkout cannot be paid and leads back to pricing', async () => {
    openCheckout({ [`GET ${API}`]: () => json(buildSandboxCheckout({ status: 'canceled' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout was cancelled' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the subscription page' })).toHaveAttribute('href', '/home/pricing');
    expect(screen.queryByRole('button', { name: 'Pay (test)' })).not.toBeInTheDocument();
  });

  it('an unknown checkout (or someone else’s) gets a calm page with the way to pricing', async () => {
    openCheckout({ [`GET ${API}`]: () => apiError(404, 'NOT_FOUND') });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this checkout" }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the subscription page' })).toHaveAttribute('href', '/home/pricing');
  });

  it('a failed read can be tried again', async () => {
    let fail = true;
    const { user } = openCheckout({ [`GET ${API}`]: () => (fail ? apiError(500, 'INTERNAL') : json(buildSandboxCheckout())) });
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("We couldn't open this checkout");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay (test)' }, WAIT)).toBeInTheDocument();
  });

  it('is in French for a French interface', async () => {
    openCheckout({}, buildMe({ profile: { defaultLanguage: 'fr' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirme ton abonnement' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Paiement de test — aucun vrai paiement' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Payer (test)' })).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-checkout-price')).toHaveTextContent('$4.99 par mois');
  });

  it('sends a signed-out visitor to sign in first', async () => {
    const { router } = renderBilling(PATH, { me: null });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'), WAIT);
  });
});
