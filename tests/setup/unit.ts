import { afterEach, beforeEach, expect, vi } from 'vitest';

// A test that logs console.error fails: an unexpected error must never pass silently.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
