import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackLink } from '@web/components/back-link';
import { ToastText } from '@web/components/toast-text';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { i18n, loadNamespaces } from '@web/lib/i18n';
import { AppProviders, VISIBLE_TOASTS } from './providers';

afterEach(async () => {
  act(() => void toast.dismiss());
  await i18n.changeLanguage('en');
});

describe('toasts', () => {
  it('show at most two at once, the newest in front: a third waits behind them, hidden', async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    act(() => {
      toast('first');
      toast('second');
      toast('third');
    });

    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(3));
    const visible = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].map((el) => el.textContent);
    expect(VISIBLE_TOASTS).toBe(2);
    expect(visible).toEqual([expect.stringContaining('third'), expect.stringContaining('second')]);
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
  });

  it('leave the top of the window while a dialog is open, clear of its title, and come back when it closes', async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Dialog>
          <DialogTrigger>open</DialogTrigger>
          <DialogContent closeLabel="Close">
            <DialogTitle>Welcome back</DialogTitle>
          </DialogContent>
        </Dialog>
      </AppProviders>,
    );
    act(() => void toast('said'));
    await waitFor(() => expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top'));

    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'bottom'));

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top'));
  });

  it('speak the page’s language, even when it changes after the toast was raised (signing in does that)', async () => {
    await Promise.all([loadNamespaces('en', ['auth']), loadNamespaces('fr', ['auth'])]);
    await i18n.changeLanguage('en');
    render(
      <AppProviders queryClient={new QueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    act(() => void toast.success(<ToastText i18nKey="auth:toasts.signedIn" />));
    await screen.findByText('Successfully signed in');

    await act(() => i18n.changeLanguage('fr'));
    await screen.findByText('Connexion réussie');
    expect(screen.queryByText('Successfully signed in')).toBeNull();
  });

  it('keep below a page’s back link while it is on screen, so a toast never covers the way back', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 300, y: 90, width: 140, height: 30 }));
    const { unmount } = render(
      <AppProviders queryClient={new QueryClient()}>
        <MemoryRouter>
          <BackLink to="/home">Back</BackLink>
        </MemoryRouter>
      </AppProviders>,
    );
    act(() => void toast('liked'));
    // 90 + 30 = 120 px from the top, and a gap of 8 under it.
    await waitFor(() => expect((document.querySelector('[data-sonner-toaster]') as HTMLElement).style.getPropertyValue('--offset-top')).toBe('128px'));
    unmount();
    vi.restoreAllMocks();
  });
});

