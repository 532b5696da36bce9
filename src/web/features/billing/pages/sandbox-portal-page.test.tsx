import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { apiError, json } from '@web/testing/mock-fetch';
import { buildBillingStatus, renderBilling, type Handler } from '../testing/billing-fixtures';

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {};

const WAIT = { timeout: 5000 };
const PATH = '/billing/sandbox/portal';
const active = buildBillingStatus({ hasActiveSubscription: true, status: 'active', manageable: true, expiresAt: '2026-12-21T10:00:00.000Z' });

afterEach(async () => {
  toast.dismiss();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openPortal(handlers: Record<string, Handler> = {}) {
  return renderBilling(PATH, { handlers });
}

describe('sandbox portal page', () => {
  it('is plainly a test, shows the active subscription and the way back to the profile', async () => {
    openPortal({ 'GET /api/billing/status': () => json(active) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your subscription' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Test portal — no real payment' })).toBeInTheDocument();
    expect(await screen.findByText('Your subscription is active', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('The current period runs until December 21, 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/home/profile');
  });

  it('asks before cancelling; "Keep my subscription" changes nothing', async () => {
    const { user, requests } = openPortal({ 'GET /api/billing/status': () => json(active) });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' }, WAIT);
    expect(dialog).toHaveTextContent('Your memories stay yours');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my subscription' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('cancels once confirmed, says so and goes back to the profile', async () => {
    let current = active;
    const { user, router, requests } = openPortal({
      'GET /api/billing/status': () => json(current),
      'POST /api/billing/sandbox/portal/cancel': () => {
        current = buildBillingStatus({ status: 'canceled' });
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('Your subscription has been cancelled.', undefined, WAIT)).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home/profile'), WAIT);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/billing/sandbox/portal/cancel']);
  });

  it('says why a cancellation failed, and stays', async () => {
    const { user, router } = openPortal({
      'GET /api/billing/status': () => json(active),
      'POST /api/billing/sandbox/portal/cancel': () => apiError(409, 'NO_SUBSCRIPTION'),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }, WAIT));
    await user.click(within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText("Your subscription couldn't be cancelled", undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('There is no subscription to manage yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('with nothing to manage: says so, without a cancel button', async () => {
    openPortal();
    expect(await screen.findByText("There's no subscription to manage", undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('with free access: says an administrator gave it and there is nothing to manage', async () => {
    openPortal({ 'GET /api/billing/status': () => json(buildBillingStatus({ hasActiveSubscription: true, isFreeAccess: true })) });
    expect(await screen.findByText(/You have free access, given by an administrator/, undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('a failed read can be tried again', async () => {
    let fail = true;
    const { user } = openPortal({ 'GET /api/billing/status': () => (fail ? apiError(500, 'INTERNAL') : json(active)) });
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert).toHaveTextContent("We couldn't check your subscription just now.");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Cancel subscription' }, WAIT)).toBeInTheDocument();
  });
});
