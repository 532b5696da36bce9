import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUploadProgress } from '@web/lib/use-upload-progress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useUploadProgress (the picture upload bar)', () => {
  it('is hidden until an upload starts, then climbs 10 points every 300 ms and waits at 90', () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current.value).toBeNull();

    act(() => {
      result.current.start();
    });
    expect(result.current.value).toBe(0);
    advance(299);
    expect(result.current.value).toBe(0);
    advance(1);
    expect(result.current.value).toBe(10);
    advance(600);
    expect(result.current.value).toBe(30);
    advance(300 * 20);
    expect(result.current.value).toBe(90);
  });

  it('shows 100 once the bar has reached 90 and the upload is complete, and resets after 1 s', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    advance(2700);
    expect(result.current.value).toBe(90);
    act(() => {
      result.current.complete();
    });
    expect(result.current.value).toBe(100);
    // The clock no longer moves it.
    advance(999);
    expect(result.current.value).toBe(100);
    advance(1);
    expect(result.current.value).toBeNull();
  });

  it('a picture sent in a blink still climbs 10 points every 300 ms to 90, then shows 100, then resets', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    // Loopback: every byte is sent and the server answers before the first step.
    act(() => {
      result.current.report(2048, 2048);
      result.current.complete();
    });
    expect(result.current.value).toBe(0);
    const seen: (number | null)[] = [];
    for (let step = 0; step < 10; step += 1) {
      advance(300);
      seen.push(result.current.value);
    }
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    advance(999);
    expect(result.current.value).toBe(100);
    advance(1);
    expect(result.current.value).toBeNull();
  });

  it('never runs ahead of the bytes the browser reports as sent', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    act(() => {
      result.current.report(0, 100);
    });
    advance(900);
    // Nothing has left yet: the bar waits at 0.
    expect(result.current.value).toBe(0);
    act(() => {
      result.current.report(25, 100);
    });
    advance(300);
    expect(result.current.value).toBe(10);
    advance(3000);
    // A quarter of the bytes: a quarter of the way to 90, never more.
    expect(result.current.value).toBe(23);
    act(() => {
      result.current.report(10, 100);
    });
    advance(300);
    expect(result.current.value).toBe(23);
    act(() => {
      result.current.report(100, 100);
    });
    advance(300);
    expect(result.current.value).toBe(33);
    act(() => {
      result.current.complete();
    });
    advance(300 * 6);
    expect(result.current.value).toBe(90);
    advance(300);
    expect(result.current.value).toBe(100);
  });

  it('ignores reports without a known total', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    act(() => {
      result.current.report(10, 0);
    });
    advance(300);
    expect(result.current.value).toBe(10);
  });

  it('hides the bar at once when the upload fails, and a new start begins from 0', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    advance(1200);
    act(() => {
      result.current.fail();
    });
    expect(result.current.value).toBeNull();
    advance(3000);
    expect(result.current.value).toBeNull();

    act(() => {
      result.current.start();
    });
    expect(result.current.value).toBe(0);
  });

  it('leaves no timer behind when the page closes mid-upload', () => {
    const { result, unmount } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
