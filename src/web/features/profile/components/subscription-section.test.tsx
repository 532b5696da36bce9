import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthErrorDialog } from '@web/lib/auth-error-dialog-store';
import { i18n } from '@web/lib/i18n';
import { apiError, buildMe, json } from '@web/testing/mock-fetch';
import { externalNavigation } from '@web/lib/external-navigation';
import { buildBillingStatus, buildChatStatus, renderProfile } from '../testing/profile-fixtures';

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

const paid = buildBillingStatus({ hasActiveSubscription: true, expiresAt: '2026-12-21T10:00:00.000Z', status: 'active', manageable: true });

async function block() {
  return screen.findByTestId('subscription-section', undefined, WAIT);
}

describe('profile — subscription block', () => {
  it('before the first session: says it is free, with a Subscribe button to the plan', async () => {
    renderProfile();
    const section = await block();
    expect(await within(section).findByText('Your first session is free', undefined, WAIT)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/home/pricing');
    expect(within(section).queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('after the first session without a subscription: Subscribe, no mention of a free session', async () => {
    renderProfile({ handlers: { 'GET /api/chat/status': () => json({ ...buildChatStatus(), journalDays: 3, hasAccess: false }) } });
    const section = await block();
    expect(await within(section).findByText("You don't have a subscription yet", undefined, WAIT)).toBeInTheDocument();
    expect(within(section).queryByText('Your first session is free')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/home/pricing');
  });

  it('says "You have free access" when an administrator gave it, with no button at all', async () => {
    renderProfile({ handlers: { 'GET /api/billing/status': () => json(buildBillingStatus({ hasActiveSubscription: true, isFreeAccess: true })) } });
    const section = await block();
    expect(await within(section).findByText('You have free access', undefined, WAIT)).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('with a paid subscription: its end of period, and "Manage subscription" opens the portal in the person’s language', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    let answer!: (response: Response) => void;
    const { user, requests } = renderProfile({
      handlers: {
        'GET /api/billing/status': () => json(paid),
        'POST /api/billing/portal': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    const section = await block();
    expect(await within(section).findByText('Your subscription is active', undefined, WAIT)).toBeInTheDocument();
    expect(within(section).getByText(/Your current period runs until December 21, 2026/)).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Manage subscription' }));
    const opening = await within(section).findByRole('button', { name: 'Opening…' }, WAIT);
    expect(opening).toBeDisabled();
    expect(requests.filter((r) => r.path === '/api/billing/portal')).toEqual([{ method: 'POST', path: '/api/billing/portal', body: { language: 'en' } }]);

    answer(json({ url: 'http://localhost/billing/sandbox/portal' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/billing/sandbox/portal'), WAIT);
    // The page is being left: the button stays busy rather than inviting a second click.
    expect(within(section).getByRole('button', { name: 'Opening…' })).toBeDisabled();
  });

  it('asks for the portal in French when the interface is French', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { user, requests } = renderProfile({
      me: buildMe({ profile: { defaultLanguage: 'fr' } }),
      handlers: { 'GET /api/billing/status': () => json(paid), 'POST /api/billing/portal': () => json({ url: 'https://billing.example/p' }) },
    });
    const section = await block();
    expect(await within(section).findByText('Ton abonnement est actif', undefined, WAIT)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Gérer l’abonnement' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/p'), WAIT);
    expect(requests.find((r) => r.path === '/api/billing/portal')?.body).toEqual({ language: 'fr' });
  });

  it('says there is nothing to manage when the server finds no subscription (noPortalUrl)', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { user } = renderProfile({
      handlers: { 'GET /api/billing/status': () => json(paid), 'POST /api/billing/portal': () => apiError(409, 'NO_SUBSCRIPTION') },
    });
    const section = await block();
    await user.click(await within(section).findByRole('button', { name: 'Manage subscription' }, WAIT));
    expect(await screen.findByText("There's no subscription to manage yet.", undefined, WAIT)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the portal could not open when the payment service fails (portalAccessFailed)', async () => {
    const { user } = renderProfile({
      handlers: { 'GET /api/billing/status': () => json(paid), 'POST /api/billing/portal': () => apiError(502, 'PAYMENT_PROVIDER_FAILED') },
    });
    const section = await block();
    await user.click(await within(section).findByRole('button', { name: 'Manage subscription' }, WAIT));
    expect(await screen.findByText("We couldn't open your subscription settings", undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText("The payment service didn't answer. Please try again in a moment.")).toBeInTheDocument();
  });

  it('opens the authentication-error dialog when the session has ended (authError)', async () => {
    const { user } = renderProfile({
      handlers: { 'GET /api/billing/status': () => json(paid), 'POST /api/billing/portal': () => apiError(401, 'UNAUTHENTICATED') },
    });
    const section = await block();
    await user.click(await within(section).findByRole('button', { name: 'Manage subscription' }, WAIT));
    expect(await screen.findByRole('dialog', { name: "We couldn't confirm your session" }, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again to manage your subscription.')).toBeInTheDocument();
  });

  it('with a payment being retried: says so and still offers the portal to fix it', async () => {
    renderProfile({ handlers: { 'GET /api/billing/status': () => json(buildBillingStatus({ status: 'past_due', manageable: true })) } });
    const section = await block();
    expect(await within(section).findByText("Your last payment didn't go through", undefined, WAIT)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  });

  it('says the subscription could not be checked, and checks again on request (subscriptionAccessError)', async () => {
    let fail = true;
    const { user } = renderProfile({
      handlers: { 'GET /api/billing/status': () => (fail ? apiError(500, 'INTERNAL') : json(buildBillingStatus({ hasActiveSubscription: true, isFreeAccess: true }))) },
    });
    const section = await block();
    const alert = await within(section).findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("We couldn't check your subscription just now.");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('You have free access', undefined, WAIT)).toBeInTheDocument();
  });
});
