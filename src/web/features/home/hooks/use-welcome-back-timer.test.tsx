import { WELCOME_BACK_DELAY_MS } from '@shared/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe } from '@web/testing/mock-fetch';
import { useWelcomeBackTimer } from './use-welcome-back-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(sessionCount: number, queryClient = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(({ count }) => useWelcomeBackTimer(buildMe({ profile: { sessionCount: count } })), { wrapper, initialProps: { count: sessionCount } });
}

describe('useWelcomeBackTimer (session count exactly 2, after 1000 ms)', () => {
  it('opens exactly one second after load at the second session', () => {
    const { result } = setup(2);
    act(() => {
      vi.advanceTimersByTime(WELCOME_BACK_DELAY_MS - 1);
    });
    expect(result.current.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.open).toBe(true);
  });

  it.each([0, 1, 3, 10])('stays closed at session count %i', (count) => {
    const { result } = setup(count);
    act(() => {
      vi.advanceTimersByTime(WELCOME_BACK_DELAY_MS * 5);
    });
    expect(result.current.open).toBe(false);
  });

  it('does not open when the count moves on before the second has passed', () => {
    const { result, rerender } = setup(2);
    act(() => {
      vi.advanceTimersByTime(WELCOME_BACK_DELAY_MS / 2);
    });
    rerender({ count: 3 });
    act(() => {
      vi.advanceTimersByTime(WELCOME_BACK_DELAY_MS * 2);
    });
    expect(result.current.open).toBe(false);
  });

  it('opens once per page load, even if the home is visited again', () => {
    const queryClient = new QueryClient();
    const first = setup(2, queryClient);
    act(() => {
      vi.advanceTimersByTime(WELCOME_BACK_DELAY_MS);
    });
    expect(first.result.current.open).toBe(true);
    act(() => {
      first.result.current.close();
    });
    first.unmount();

    const again = setup(2, queryClient);
    act(() => {
      vi.advanceTimersByTime(WELCOME_BACK_DELAY_MS * 3);
    });
    expect(again.result.current.open).toBe(false);
  });
});
