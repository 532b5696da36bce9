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

  it('shows 100 when the upload completes, and resets after 1 s', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    advance(900);
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

  it('follows the real bytes sent once the browser reports them, up to 90, never backwards', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => {
      result.current.start();
    });
    advance(600);
    expect(result.current.value).toBe(20);

    act(() => {
      result.current.report(50, 100);
    });
    expect(result.current.value).toBe(45);
    // The simulated clock has stopped: the bytes lead now.
    advance(3000);
    expect(result.current.value).toBe(45);
    act(() => {
      result.current.report(10, 100);
    });
    expect(result.current.value).toBe(45);
    act(() => {
      result.current.report(100, 100);
    });
    expect(result.current.value).toBe(90);
    act(() => {
      result.current.complete();
    });
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
