import { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, VISIBLE_TOASTS } from './providers';

afterEach(() => {
  act(() => void toast.dismiss());
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
});
